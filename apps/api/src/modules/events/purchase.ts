import { feeBreakdown } from "@estaciona/contracts";
import type { PurchaseEventAnswer, PurchaseEventBody } from "@estaciona/contracts/schemas/events";
import type { ReferenceRail } from "@estaciona/contracts/schemas/references";
import { lockName, type Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { feeRatesOf } from "../parking/locations/service.ts";
import { findActiveVehicleOfUser } from "../parking/visits/repository.ts";
import {
  type ChargePayableInput,
  type ChargeResult,
  chargeByReference,
  chargeFailure,
  chargePayable,
  creditPaidLateToBalance,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  type PaymentRow,
  referenceHoldsCap,
  referenceHoldsFull,
  referencePayer,
  registerPayable,
} from "../payments/ledger.ts";
import { findCardToCharge } from "../payments/service.ts";
import { lockActiveUser } from "../users/service.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { recordRefund } from "./cancellation.ts";
import type { PassKeys } from "./pass.ts";
import { presentEventVisit, salesOpen } from "./presenter.ts";
import {
  EVENT_VISIT_PAYABLE,
  type EventRow,
  findEventVisitById,
  insertEventVisit,
  lockEvent,
  lockEventAndVisit,
  placesHeldByReferences,
  placesTaken,
  updateEventVisitIf,
  vehicleHoldsPlace,
} from "./repository.ts";
import { JOB_REFUND_CANCELLED_EVENT, placesLock, requireEvent } from "./service.ts";

/**
 * How the ledger moves an event visit (docs/decisions/0030). A success makes the pass valid
 * (`inactive`: paid, not entered yet); if the event was cancelled while the charge was in flight,
 * the refund job runs again and gives the money back. A decline or an abandoned attempt leaves the
 * visit `pending_payment` and lets its place go. A refund (the event was cancelled) frees the place.
 */
registerPayable(EVENT_VISIT_PAYABLE, {
  // The payable before its payment (ARCHITECTURE.md, docs/decisions/0185): the event, then the
  // visit, so settling never waits on the event while holding a payment the cancellation's refunds need.
  lockPayable: lockEventAndVisit,
  async onSucceeded(tx: Tx, payment: PaymentRow) {
    const visit = await updateEventVisitIf(tx, payment.payable_id, ["pending_payment"], {
      status: "inactive",
      paid_at: payment.updated_at,
      updated_at: payment.updated_at,
    });
    if (!visit) return;
    const event = await lockEvent(tx, visit.event_id); // already held (lockPayable); read under it
    if (event?.status === "cancelled")
      await enqueue(tx, JOB_REFUND_CANCELLED_EVENT, { eventId: event.id }, { dedupeKey: `event-refunds:${event.id}` });
  },
  async onFailed(tx: Tx, payment: PaymentRow) {
    await updateEventVisitIf(tx, payment.payable_id, ["pending_payment"], {
      holds_place: 0,
      updated_at: payment.updated_at,
    });
  },
  onRefunded: recordRefund,
  // Paid by reference after it expired (docs/decisions/0314): the place was let go, the money is kept in the balance.
  async onPaidLate(tx: Tx, payment: PaymentRow) {
    const venue = payment.location_id ? await findLocationById(tx, payment.location_id) : undefined;
    if (!venue) throw new Error(`Charge ${payment.id} paid late has no location`);
    await creditPaidLateToBalance(tx, payment, venue.organisation_id);
  },
});

/** The subtotal the driver pays: their own within the limits when the event lets them choose, else the suggested one. */
function chosenAmount(event: EventRow, requested: number | undefined): number {
  if (requested === undefined) return event.suggested_amount;
  if (event.amount_editable !== 1 && requested !== event.suggested_amount)
    throw new AppError("invalid_visit_amount", { messageKey: "events.amount_fixed" });
  if (requested < event.min_amount || requested > event.max_amount)
    throw new AppError("invalid_visit_amount", {
      messageKey: "events.amount_out_of_range",
      params: { min: event.min_amount, max: event.max_amount },
    });
  return requested;
}

/**
 * Inside the ledger's first transaction, before the charge is recorded: with the driver's row and
 * the event's places locked, the event must still sell and have a place, and the vehicle must not
 * already hold one; then the visit takes its place. Count and insert are one step for every concurrent buyer
 * (docs/decisions/0013), so an event is never oversold.
 */
const takePlace = (visit: Row<"event_visits">) => async (tx: Tx) => {
  // The lock order (ARCHITECTURE.md): the driver's row first, as an account deletion takes it, so
  // the deletion sees this purchase or this purchase sees the account gone.
  if (!(await lockActiveUser(tx, visit.user_id))) throw new AppError("authentication_error");
  await lockName(tx, placesLock(visit.event_id));
  const event = await lockEvent(tx, visit.event_id);
  if (!event || !salesOpen(event, Date.now())) throw salesClosed(event);
  if (await vehicleHoldsPlace(tx, event.id, visit.vehicle_id))
    throw new AppError("vehicle_with_active_visit", { messageKey: "events.vehicle_has_pass" });
  const taken = (await placesTaken(tx, [event.id])).get(event.id) ?? 0;
  if (taken >= event.places) throw new AppError("plan_availability_reached", { messageKey: "events.sold_out" });
  await insertEventVisit(tx, visit);
};

const salesClosed = (event: EventRow | undefined) =>
  new AppError("action_not_available", {
    status: 409,
    messageKey: event?.status === "cancelled" ? "events.event_cancelled" : "events.sales_closed",
  });

const paymentOf = (result: ChargeResult): PurchaseEventAnswer["payment"] => ({
  uuid: result.payment.id,
  status: result.status,
  redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
});

/** What the ledger is told about a visit's charge, whatever pays it (a card, a reference). */
const visitCharge = (
  visit: Row<"event_visits">,
  locationId: string | null,
  description: string,
): Pick<ChargePayableInput, "userId" | "purpose" | "payable" | "breakdown" | "currency" | "description"> => ({
  userId: visit.user_id,
  purpose: "event",
  payable: { type: EVENT_VISIT_PAYABLE, id: visit.id, locationId, vehicleId: visit.vehicle_id },
  breakdown: {
    subtotal: visit.subtotal,
    convenience_fee: visit.convenience_fee,
    processing_fee: visit.processing_fee,
    tax: visit.tax,
    total: visit.total,
  },
  currency: visit.currency,
  description,
});

/** The purchase's answer: the charge's refusal thrown, or the visit as it now is with the charge. */
async function answerVisit(
  deps: LedgerDeps,
  keys: PassKeys,
  visit: Row<"event_visits">,
  result: ChargeResult,
): Promise<PurchaseEventAnswer> {
  const failure = chargeFailure(result);
  if (failure) throw failure;
  const current = (await findEventVisitById(deps.db, visit.id)) ?? visit;
  return { visit: await presentEventVisit(deps.db, keys, current), payment: paymentOf(result) };
}

/** Charges the visit's amounts to a card through the ledger (a replayed key answers its first attempt). */
async function chargeEventVisit(
  deps: LedgerDeps,
  keys: PassKeys,
  visit: Row<"event_visits">,
  {
    locationId,
    description,
    ...charge
  }: {
    locationId: string | null;
    paymentMethodId: string;
    idempotencyKey: string;
    returnOrigin: string;
    description: string;
  },
): Promise<PurchaseEventAnswer> {
  const result = await chargePayable(deps, {
    ...visitCharge(visit, locationId, description),
    ...charge,
    lockPayable: takePlace(visit),
  });
  return answerVisit(deps, keys, visit, result);
}

/**
 * The visit paid later, in cash at OXXO or by SPEI (docs/decisions/0314): its place is held until
 * the reference expires — a day at most, never past the event's start — within the driver's and the
 * event's caps on unpaid references, all in the place's own transaction. The gateway's webhook pays
 * it like a card's charge; at the expiry the charge fails and the place is let go (`onFailed`).
 */
async function holdEventPlaceByReference(
  deps: LedgerDeps,
  keys: PassKeys,
  user: Row<"users">,
  event: EventRow,
  visit: Row<"event_visits">,
  order: { locationId: string; rail: ReferenceRail; idempotencyKey: string; returnOrigin: string; description: string },
): Promise<PurchaseEventAnswer> {
  const result = await chargeByReference(deps, {
    ...visitCharge(visit, order.locationId, order.description),
    rail: order.rail,
    idempotencyKey: order.idempotencyKey,
    returnOrigin: order.returnOrigin,
    payer: referencePayer(user),
    expiresAt: event.starts_at,
    lockPayable: async (tx) => {
      await takePlace(visit)(tx);
      if ((await placesHeldByReferences(tx, event.id)) >= referenceHoldsCap(event.places)) throw referenceHoldsFull();
    },
  });
  return answerVisit(deps, keys, visit, result);
}

/**
 * `POST user/event/{uuid}/purchase`: the amount (checked against the event's limits), its fees
 * and tax, a place taken and the charge recorded in one transaction, then the card charged
 * through the ledger. The same Idempotency-Key answers the first attempt's visit.
 */
export async function purchaseEventParking(
  deps: LedgerDeps,
  keys: PassKeys,
  user: Row<"users">,
  eventId: string,
  body: PurchaseEventBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<PurchaseEventAnswer> {
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  const replayed =
    earlier?.payable_type === EVENT_VISIT_PAYABLE ? await findEventVisitById(deps.db, earlier.payable_id) : undefined;
  if (earlier?.payment_method_id && replayed?.event_id === eventId)
    return chargeEventVisit(deps, keys, replayed, {
      locationId: earlier.location_id,
      paymentMethodId: earlier.payment_method_id,
      idempotencyKey,
      returnOrigin,
      description: earlier.description,
    });

  const event = await requireEvent(deps.db, eventId);
  if (!salesOpen(event, Date.now())) throw salesClosed(event);
  await assertNotSuspendedAt(deps.db, user.id, event.location_id);
  const vehicle = await findActiveVehicleOfUser(deps.db, user.id, body.vehicle_uuid);
  if (!vehicle) throw new AppError("vehicle_not_found");
  const location = await findLocationById(deps.db, event.location_id);
  if (!location) throw new Error(`Event ${event.id} points at a missing location`);

  const subtotal = chosenAmount(event, body.amount);
  const breakdown = feeBreakdown(subtotal, feeRatesOf(location));
  if (body.expected_total !== undefined && body.expected_total !== breakdown.total)
    throw new AppError("invalid_visit_amount", { status: 409, messageKey: "errors.api_price_changed" });
  const at = nowIso();
  const visit: Row<"event_visits"> = {
    id: newId(),
    event_id: event.id,
    user_id: user.id,
    vehicle_id: vehicle.id,
    status: "pending_payment",
    holds_place: 1,
    subtotal: breakdown.subtotal,
    convenience_fee: breakdown.convenienceFee,
    processing_fee: breakdown.processingFee,
    tax: breakdown.tax,
    total: breakdown.total,
    currency: location.currency,
    paid_at: null,
    entered_at: null,
    entry_device_id: null,
    refunded_at: null,
    created_at: at,
    updated_at: at,
  };
  const description = `${event.name} · ${vehicle.plate}`;
  if (body.reference_rail)
    return holdEventPlaceByReference(deps, keys, user, event, visit, {
      locationId: location.id,
      rail: body.reference_rail,
      idempotencyKey,
      returnOrigin,
      description,
    });
  const paymentMethodId =
    body.payment_method_uuid ?? (await findCardToCharge(deps.db, user.id, location.country, false))?.id;
  if (!paymentMethodId) throw new AppError("no_payment_method");
  return chargeEventVisit(deps, keys, visit, {
    locationId: location.id,
    paymentMethodId,
    idempotencyKey,
    returnOrigin,
    description,
  });
}
