import type { VisitDetail } from "@estaciona/contracts/schemas/parking";
import { type Executor, inTransaction, type Tx } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { enqueue } from "../../jobs/queue.ts";
import type { JobRunner } from "../../jobs/worker.ts";
import type { IdempotencyRecord } from "../../payments/idempotency.ts";
import {
  type AmountBreakdown,
  type ChargePayableInput,
  type ChargeResult,
  chargeFailure,
  chargePayable,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  type PayableKnown,
  type PaymentRow,
  paymentSourceOf,
  registerPayable,
} from "../../payments/ledger.ts";
import { findCardToCharge, registerCardRemovalCheck } from "../../payments/service.ts";
import type { LocationRow } from "../locations/service.ts";
import { type MessageDeps, notifyDeclinedExitCharge, sendVisitReceipt } from "./messages.ts";
import { findVisitToPay } from "./pay-repository.ts";
import { type LedgerRow, presentVisitDetail, quoteAt } from "./presenter.ts";
import {
  findExitWindowOfVisit,
  findVisitById,
  hasOpenVisit,
  lockVisitForSettlement,
  updateVisitIfStatus,
  type VisitRow,
} from "./repository.ts";

/** Sends the e-mail receipt of a paid visit; enqueued in the transaction that records the payment. */
export const JOB_VISIT_RECEIPT = "parking.visit_receipt";

/** The parking jobs, registered once with the app's job runner. */
export function registerParkingJobs(deps: MessageDeps, jobs: JobRunner): void {
  jobs.register(JOB_VISIT_RECEIPT, async (payload) => {
    await sendVisitReceipt(deps, (payload as { visitId: string }).visitId);
  });
}

/** What settling a visit needs: the ledger's dependencies and the message providers (a FastifyInstance). */
export type ParkingDeps = LedgerDeps & MessageDeps;

const UNSETTLED: readonly VisitRow["status"][] = ["inactive", "in_progress", "pending_payment"];
const PAYABLE: readonly VisitRow["status"][] = ["in_progress", "pending_payment"];
const MINUTE_MS = 60_000;

const exitDeadline = (location: Pick<LocationRow, "exit_window_minutes">, at: string): string =>
  new Date(Date.parse(at) + location.exit_window_minutes * MINUTE_MS).toISOString();

/** What settling a visit reads of its lot (the exit window), when the caller has it already. */
type LotOfVisit = Pick<LocationRow, "exit_window_minutes">;

/** Finishes a visit with the amounts it was settled for; only an unsettled visit moves. */
async function finishVisit(
  tx: Tx,
  visitId: string,
  amounts: AmountBreakdown,
  at: string,
  lot?: LotOfVisit,
): Promise<VisitRow | undefined> {
  const location = lot ?? (await findExitWindowOfVisit(tx, visitId));
  if (!location) return undefined;
  return updateVisitIfStatus(tx, visitId, UNSETTLED, {
    status: "finished",
    paid_at: at,
    exit_deadline: exitDeadline(location, at),
    subtotal: amounts.subtotal,
    convenience_fee: amounts.convenience_fee,
    processing_fee: amounts.processing_fee,
    tax: amounts.tax,
    total: amounts.total,
    updated_at: at,
  });
}

/**
 * How the ledger moves a visit when its charge settles, wherever that happens (the pay call, a
 * 3-D Secure return, the reconciliation job): success finishes it with the charged amounts; a
 * decline or an abandoned attempt leaves it `pending_payment`, to be settled before the vehicle
 * parks again.
 */
registerPayable("visit", {
  async onSucceeded(tx: Tx, payment: PaymentRow, known?: PayableKnown) {
    const finished = await finishVisit(
      tx,
      payment.payable_id,
      { ...payment, total: payment.amount },
      payment.updated_at,
      known?.read as LotOfVisit | undefined,
    );
    if (known) known.settled = finished;
    if (finished)
      await enqueue(tx, JOB_VISIT_RECEIPT, { visitId: finished.id }, { dedupeKey: `visit-receipt:${finished.id}` });
  },
  async onFailed(tx: Tx, payment: PaymentRow) {
    await updateVisitIfStatus(tx, payment.payable_id, ["in_progress"], {
      status: "pending_payment",
      updated_at: payment.updated_at,
    });
  },
});

/**
 * docs/product/money.md: a driver's last card in a country stays while a stay there is open or unpaid — the
 * freeflow exit charges it, and a gated lot's payment needs it. Runs in the removing transaction,
 * with the driver's row locked.
 */
registerCardRemovalCheck(async (tx, { userId, country }) => {
  if (await hasOpenVisit(tx, { userId, country })) throw new AppError("invalid_payment_source_delete");
});

/**
 * Inside the charge's first transaction: the visit is locked and must still be payable. This is
 * what turns the second of two simultaneous payments into a refusal instead of a second charge
 * (with the ledger's one-live-charge-per-payable index behind it).
 */
const lockPayableVisit = (visitId: string, seen?: { anyPayment: boolean }) => async (tx: Tx) => {
  const locked = await lockVisitForSettlement(tx, visitId);
  if (!locked) throw new AppError("object_not_found");
  if (seen) seen.anyPayment = locked.anyPayment;
  if (locked.visit.status === "finished") throw new AppError("visit_already_paid");
  if (!PAYABLE.includes(locked.visit.status)) throw new AppError("invalid_visit_amount");
  // Refuse here rather than let the ledger's insert meet its unique index: that insert would wait
  // on a settling charge's row, which itself waits for this visit's lock (a deadlock on PostgreSQL).
  if (locked.liveCharge) throw paymentInProgress();
};

const paymentInProgress = () =>
  new AppError("invalid_payment", { status: 409, messageKey: "errors.api_payment_in_progress" });

/**
 * A stay that costs nothing (inside the grace minutes) finishes without a charge. The lock and
 * the check for a live charge keep it from racing a paid settlement of the same visit. A driver's
 * request claims its Idempotency-Key first in the same transaction (`keyRecord`).
 */
async function finishFreeVisit(
  deps: ParkingDeps,
  visitId: string,
  at: string,
  keyRecord: IdempotencyRecord<PayVisitResult> | null = null,
): Promise<VisitRow> {
  return inTransaction(deps.db, async (tx) => {
    await keyRecord?.claim(tx);
    const locked = await lockVisitForSettlement(tx, visitId);
    if (!locked) throw new AppError("object_not_found");
    if (locked.visit.status === "finished") throw new AppError("visit_already_paid");
    if (locked.liveCharge) throw paymentInProgress();
    const zero = { subtotal: 0, convenience_fee: 0, processing_fee: 0, tax: 0, total: 0 };
    const finished = await finishVisit(tx, visitId, zero, at);
    if (!finished) throw new AppError("visit_already_paid");
    return finished;
  });
}

type ChargeVisitInput = Pick<
  ChargePayableInput,
  | "breakdown"
  | "paymentMethodId"
  | "card"
  | "earlierCharge"
  | "returnOrigin"
  | "beforeAttempt"
  | "afterOutcome"
  | "initiatedBy"
> & {
  visit: VisitRow;
  location: LocationRow;
  plate: string;
  idempotencyKey: string;
  /** Handed to the visit's handlers if the charge settles within this call (its lot is read there). */
  known: PayableKnown;
  /** Told by the lock of the first transaction whether the visit had any ledger row before this charge. */
  seen?: { anyPayment: boolean };
};

function chargeVisit(
  deps: ParkingDeps,
  { visit, location, plate, known, seen, ...charge }: ChargeVisitInput,
): Promise<ChargeResult> {
  return chargePayable(deps, {
    ...charge,
    userId: visit.user_id,
    purpose: "visit",
    payable: { type: "visit", id: visit.id, locationId: visit.location_id, vehicleId: visit.vehicle_id, known },
    currency: visit.currency,
    description: `${location.name} · ${plate}`,
    lockPayable: lockPayableVisit(visit.id, seen),
  });
}

export interface PayVisitResult {
  visit: VisitDetail;
  /** The charge made, or null for a free stay. `redirect_url` is set when the card asks for 3-D Secure. */
  payment: { uuid: string; status: ChargeResult["status"]; redirect_url: string | null } | null;
}

const paymentOf = (result: ChargeResult): PayVisitResult["payment"] => ({
  uuid: result.payment.id,
  status: result.status,
  redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
});

/** What the driver's pay call brings besides the visit: its body and its Idempotency-Key. */
export interface PayVisitRequest {
  body: { payment_method_uuid?: string; expected_total?: number };
  idempotencyKey: string;
  /**
   * The key's record, claimed in the charge's first transaction and holding the answer written in
   * its last (payments/idempotency.ts); null when the route claims the key around this call.
   */
  keyRecord: IdempotencyRecord<PayVisitResult> | null;
  /** The driver's origin (`driverOrigin`): where a 3-D Secure challenge returns. */
  returnOrigin: string;
}

/**
 * `POST user/visit/{uuid}/pay` (and `/checkout/{uuid}`): computes the fee now, charges it
 * through the ledger and finishes the visit with an exit window. A free stay finishes without a
 * charge; a decline leaves the visit `pending_payment` and answers the catalogue code. The same
 * Idempotency-Key replays the first attempt with its own amounts, whatever the clock says now.
 * Everything before the charge's first transaction only reads: the key is claimed there.
 */
export async function payVisit(
  deps: ParkingDeps,
  user: Row<"users">,
  visitId: string,
  { body, idempotencyKey, keyRecord, returnOrigin }: PayVisitRequest,
): Promise<PayVisitResult> {
  // The card to charge (the one named, else the default) is read in the visit's statement; a retry
  // or a free stay, both rare, read it for nothing.
  const found = await findVisitToPay(deps.db, user.id, visitId, idempotencyKey, body.payment_method_uuid);
  if (!found) throw new AppError("object_not_found");
  const { chargeUnderKey, location, vehicle } = found;
  let visit: VisitRow = found.visit;
  const earlier = chargeUnderKey ? await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey) : undefined;
  const replaying = earlier?.payable_type === "visit" && earlier.payable_id === visit.id;
  if (!replaying && visit.status === "finished") throw new AppError("visit_already_paid");
  if (!replaying && !PAYABLE.includes(visit.status)) throw new AppError("invalid_visit_amount");
  const known = { location, vehicle };

  const now = Date.now();
  const quote = quoteAt(visit, location, now);
  if (!replaying && body.expected_total !== undefined && body.expected_total !== quote.total)
    throw new AppError("invalid_visit_amount", { status: 409, messageKey: "errors.api_price_changed" });
  if (!replaying && quote.total === 0) {
    visit = await finishFreeVisit(deps, visit.id, new Date(now).toISOString(), keyRecord);
    return { visit: await presentVisitDetail(deps.db, visit, now, known), payment: null };
  }

  const breakdown: AmountBreakdown = replaying
    ? { ...earlier, total: earlier.amount }
    : {
        subtotal: quote.subtotal,
        convenience_fee: quote.convenience_fee,
        processing_fee: quote.processing_fee,
        tax: quote.tax,
        total: quote.total,
      };
  // The card read with the visit is handed to the ledger so that it is not read twice.
  const card = replaying ? undefined : (found.card ?? undefined);
  const paymentMethodId = replaying ? paymentSourceOf(earlier) : (body.payment_method_uuid ?? card?.id);
  if (!paymentMethodId) throw new AppError("no_payment_method");

  // The answer is written in the charge's last transaction, with the key's record, when there is one.
  // The lot goes to the visit's handler, which hands back the visit as it settled it. A visit the
  // lock found without any ledger row has this charge as its only one: its lines are not read.
  const payableKnown: PayableKnown = { read: location };
  const seen = { anyPayment: true };
  const present = async (executor: Executor, result: ChargeResult): Promise<PayVisitResult> => {
    const settled =
      (payableKnown.settled as VisitRow | undefined) ?? (await findVisitById(executor, visit.id)) ?? visit;
    const ledger = seen.anyPayment || !card ? undefined : [ledgerRowOf(result.payment, card)];
    return {
      visit: await presentVisitDetail(executor, settled, Date.now(), { ...known, ledger }),
      payment: paymentOf(result),
    };
  };
  let answer: PayVisitResult | undefined;
  const result = await chargeVisit(deps, {
    visit,
    location,
    plate: vehicle.plate,
    known: payableKnown,
    seen,
    earlierCharge: earlier ?? null,
    breakdown: {
      subtotal: breakdown.subtotal,
      convenience_fee: breakdown.convenience_fee,
      processing_fee: breakdown.processing_fee,
      tax: breakdown.tax,
      total: breakdown.total,
    },
    paymentMethodId,
    card,
    idempotencyKey,
    returnOrigin,
    ...(keyRecord && {
      beforeAttempt: (tx: Tx) => keyRecord.claim(tx),
      afterOutcome: async (tx: Tx, outcome: ChargeResult) => {
        const refusal = chargeFailure(outcome);
        if (refusal) return keyRecord.keepRefusal(tx, refusal);
        answer = await present(tx, outcome);
        await keyRecord.keepAnswer(tx, answer);
      },
    }),
  });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  return answer ?? present(deps.db, result);
}

/** A charge's line in its visit's ledger, with the card it was made on (`listLedgerRowsOfVisit`'s row). */
const ledgerRowOf = (payment: PaymentRow, card: Row<"payment_methods">): LedgerRow => ({
  id: payment.id,
  kind: payment.kind,
  status: payment.status,
  amount: payment.amount,
  currency: payment.currency,
  created_at: payment.created_at,
  brand: card.brand,
  last4: card.last4,
  wallet: card.wallet,
});

export type ExitChargeOutcome = "succeeded" | "declined" | "pending" | "not_needed";

/**
 * A freeflow exit (docs/product/parking.md): the fee up to the exit is charged to the driver's card flagged for
 * freeflow, else the default one, with an idempotency key derived from the visit (a camera that
 * reports the same exit twice charges once). A decline, or no card at all, leaves the visit
 * `pending_payment` and tells the driver.
 */
export async function settleFreeflowExit(
  deps: ParkingDeps,
  visit: VisitRow,
  location: LocationRow,
  plate: string,
): Promise<{ visit: VisitRow; charge: ExitChargeOutcome }> {
  const exitedAt = visit.exited_at ?? new Date().toISOString();
  const quote = quoteAt(visit, location, Date.parse(exitedAt));
  if (quote.total === 0) return { visit: await finishFreeVisit(deps, visit.id, exitedAt), charge: "not_needed" };

  // No card, a decline, or a 3-D Secure challenge nobody is there to answer at a camera: the
  // visit waits `pending_payment` and the driver, told, settles it in the app.
  const declined = async (current: VisitRow) => {
    const pending =
      (await updateVisitIfStatus(deps.db, visit.id, ["in_progress"], {
        status: "pending_payment",
        updated_at: exitedAt,
      })) ?? current;
    await notifyDeclinedExitCharge(deps, pending, plate, quote.total);
    return { visit: pending, charge: "declined" as const };
  };
  const card = await findCardToCharge(deps.db, visit.user_id, location.country, true);
  if (!card) return declined(visit);
  const result = await chargeVisit(deps, {
    visit,
    location,
    plate,
    known: { read: location },
    breakdown: {
      subtotal: quote.subtotal,
      convenience_fee: quote.convenience_fee,
      processing_fee: quote.processing_fee,
      tax: quote.tax,
      total: quote.total,
    },
    paymentMethodId: card.id,
    card,
    idempotencyKey: `freeflow-exit:${visit.id}`,
    // A camera saw the exit: the driver is not there, the card on file is charged by us (decision 0206).
    initiatedBy: "merchant",
  });
  const current = (await findVisitById(deps.db, visit.id)) ?? visit;
  if (result.status === "succeeded") return { visit: current, charge: "succeeded" };
  if (result.status === "pending") return { visit: current, charge: "pending" };
  return declined(current);
}

export { finishFreeVisit };
