import type { Locale } from "@estaciona/contracts";
import type {
  changeDisputeBody,
  Dispute,
  DisputeKit,
  DisputeStatus,
  openDisputeBody,
} from "@estaciona/contracts/schemas/verification";
import type { z } from "zod";
import { type Db, type Executor, inTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Keyring } from "../../lib/keyring.ts";
import { nowIso } from "../../lib/time.ts";
import { recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachableLocation, reachableLocationIds } from "../operator/scope.ts";
import { chargeReceiptNumber } from "../payments/receipt-subject.ts";
import { proofOf } from "../receipts/proof.ts";
import { getReceipt, receiptOfCharge } from "../receipts/service.ts";
import { renderDisputeKit } from "./kit.ts";
import {
  type DisputeRow,
  findDisputeById,
  findDisputeOfPayment,
  insertDispute,
  listDisputesAt,
  lockDispute,
  updateDispute,
} from "./repository.ts";
import { presentDispute } from "./service.ts";

/**
 * "I got a ticket" (docs/decisions/0200): the driver opens one dispute per receipt, at the
 * charge's location; the operator of that location's organisation follows it in the console
 * (received → in review → upheld or rejected, each change audit logged) and the driver reads its
 * state on the receipt. Another driver's receipt, or another organisation's dispute, is not found.
 */

/** The states a dispute may move to from each state; upheld and rejected are final. */
const NEXT: Record<DisputeStatus, readonly DisputeStatus[]> = {
  received: ["in_review", "upheld", "rejected"],
  in_review: ["upheld", "rejected"],
  upheld: [],
  rejected: [],
};

const present = (row: DisputeRow) => presentDispute(row, chargeReceiptNumber(row.payment_id));

export async function driverDispute(db: Executor, userId: string, paymentId: string): Promise<Dispute | null> {
  await getReceipt(db, userId, paymentId, "es");
  const row = await findDisputeOfPayment(db, paymentId);
  return row ? present(row) : null;
}

export async function openDispute(
  db: Executor,
  userId: string,
  paymentId: string,
  body: z.infer<typeof openDisputeBody>,
): Promise<Dispute> {
  await getReceipt(db, userId, paymentId, "es");
  const { charge, locationId } = await receiptOfCharge(db, paymentId, "es");
  const now = nowIso();
  await insertDispute(db, {
    id: newId(),
    payment_id: charge.id,
    user_id: userId,
    location_id: locationId,
    status: "received",
    citation_number: body.citation_number ?? null,
    note: body.note ?? null,
    resolution: null,
    created_at: now,
    updated_at: now,
  });
  const row = await findDisputeOfPayment(db, paymentId);
  if (!row) throw new AppError("object_not_found");
  return present(row);
}

export async function listOperatorDisputes(
  db: Executor,
  scope: OperatorScope,
  status: DisputeStatus | undefined,
): Promise<Dispute[]> {
  return (await listDisputesAt(db, await reachableLocationIds(db, scope), status)).map(present);
}

/** The dispute if the operator may see it; another organisation's answers `object_not_found`. */
async function reachableDispute(db: Executor, scope: OperatorScope, disputeId: string): Promise<DisputeRow> {
  const row = await findDisputeById(db, disputeId);
  if (!row) throw new AppError("object_not_found");
  await reachableLocation(db, scope, row.location_id);
  return row;
}

export async function changeDisputeStatus(
  db: Db,
  scope: OperatorScope,
  disputeId: string,
  body: z.infer<typeof changeDisputeBody>,
): Promise<Dispute> {
  await reachableDispute(db, scope, disputeId);
  await inTransaction(db, async (tx) => {
    const row = await lockDispute(tx, disputeId);
    if (!row) throw new AppError("object_not_found");
    if (!NEXT[row.status].includes(body.status)) throw new AppError("invalid_data");
    const resolution = body.resolution ?? row.resolution;
    await updateDispute(tx, disputeId, { status: body.status, resolution, updated_at: nowIso() });
    await recordAudit(tx, scope, {
      action: "dispute.status",
      subject: { type: "dispute", id: disputeId },
      before: { status: row.status },
      after: { status: body.status, ...(body.resolution ? { reason: body.resolution } : {}) },
    });
  });
  return present(await reachableDispute(db, scope, disputeId));
}

/** The kit: the receipt, the zone, the map pin, the times and the proof's link, in the reader's language. */
async function kitOf(
  db: Executor,
  row: DisputeRow,
  locale: Locale,
  proof: { keys: Keyring; origin: string },
): Promise<DisputeKit> {
  const { receipt, charge } = await receiptOfCharge(db, row.payment_id, locale);
  const { token } = await proofOf(db, proof.keys, charge);
  const pdf = await renderDisputeKit(
    { receipt, dispute: row, verifyUrl: `${proof.origin}/verificar/${token}` },
    locale,
  );
  return { filename: `${receipt.number}-disputa.pdf`, content_type: "application/pdf", base64: pdf.toString("base64") };
}

export async function driverDisputeKit(
  db: Executor,
  userId: string,
  paymentId: string,
  locale: Locale,
  proof: { keys: Keyring; origin: string },
): Promise<DisputeKit> {
  await getReceipt(db, userId, paymentId, locale);
  const row = await findDisputeOfPayment(db, paymentId);
  if (!row) throw new AppError("object_not_found");
  return kitOf(db, row, locale, proof);
}

export async function operatorDisputeKit(
  db: Executor,
  scope: OperatorScope,
  disputeId: string,
  locale: Locale,
  proof: { keys: Keyring; origin: string },
): Promise<DisputeKit> {
  return kitOf(db, await reachableDispute(db, scope, disputeId), locale, proof);
}
