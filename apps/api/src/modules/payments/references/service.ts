import type { PaymentReference } from "@estaciona/contracts/schemas/references";
import type { Executor } from "../../../db/database.ts";
import { AppError } from "../../../lib/errors.ts";
import { nowIso } from "../../../lib/time.ts";
import { findReferenceCharge, listAwaitingReferenceCharges, type ReferenceChargeRow } from "./repository.ts";
import { findSandboxReference } from "./sandbox.ts";
import { isVoidReason } from "./void.ts";

/** A reference as the driver sees it (docs/decisions/0280): its status read from its charge. */

export function referenceStatusOf(
  row: Pick<ReferenceChargeRow, "status" | "failure_code">,
): PaymentReference["status"] {
  if (row.status === "succeeded" || row.status === "refunded") return "paid";
  if (row.status !== "failed") return "awaiting";
  return isVoidReason(row.failure_code) ? "voided" : "expired";
}

async function presentReference(db: Executor, row: ReferenceChargeRow): Promise<PaymentReference> {
  // The sandbox's own order, when the sandbox issued it: the screen links its "simulate payment" page.
  const sandbox = row.number ? await findSandboxReference(db, "reference", row.payment_id) : undefined;
  return {
    payment_uuid: row.payment_id,
    rail: row.rail,
    status: referenceStatusOf(row),
    amount: row.amount,
    currency: row.currency,
    number: row.number,
    barcode_url: row.barcode_url,
    bank: row.bank,
    expires_at: row.expires_at,
    time_zone: row.time_zone,
    product: row.payable_type,
    description: row.description,
    sandbox_url: sandbox ? `/sandbox/reference/${sandbox.id}` : null,
  };
}

/** `GET user/reference/:uuid`: one of the driver's references. */
export async function referenceOfUser(db: Executor, userId: string, paymentId: string): Promise<PaymentReference> {
  const row = await findReferenceCharge(db, paymentId);
  if (row?.user_id !== userId) throw new AppError("object_not_found");
  return presentReference(db, row);
}

/** `GET user/references`: what the driver still has to pay at a store or by transfer (the receipts list). */
export async function awaitingReferencesOfUser(db: Executor, userId: string): Promise<PaymentReference[]> {
  const rows = await listAwaitingReferenceCharges(db, userId, nowIso());
  return Promise.all(rows.map((row) => presentReference(db, row)));
}

/** The reference of a charge made by `chargeByReference`. */
export async function referenceOfCharge(db: Executor, paymentId: string): Promise<PaymentReference> {
  const row = await findReferenceCharge(db, paymentId);
  if (!row) throw new Error(`charge ${paymentId} has no reference`);
  return presentReference(db, row);
}
