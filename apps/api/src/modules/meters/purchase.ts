import { feeBreakdown, isErrorCode } from "@estaciona/contracts";
import { meterEnd, meterLimits, meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import type { MeterPurchaseAnswer } from "@estaciona/contracts/schemas/meters";
import { type Executor, inTransaction, isUniqueViolation, lockName, type Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import {
  type ChargeResult,
  chargeFailure,
  chargePayable,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  type PaymentRow,
} from "../payments/ledger.ts";
import { findCardToCharge } from "../payments/service.ts";
import { lockActiveUser } from "../users/service.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { PAYABLE_METER_PURCHASE } from "./payable.ts";
import {
  cancelPendingSession,
  findPurchase,
  findRunningSession,
  findSessionOfUser,
  findVehicleOfUser,
  hasChargeForPurchase,
  insertPurchase,
  insertSession,
  lockPurchase,
  lockSession,
  lockSessionOfPurchase,
  type MeterPurchaseRow,
  type MeterSessionRow,
  type MeterZoneRow,
  settlePurchaseIfPending,
} from "./repository.ts";
import { presentSession } from "./sessions.ts";
import { ratesOf, requireZone, rulesOf } from "./zones.ts";

/** Buying meter time: a session started or extended, priced on the server and charged through the ledger. */

/** What buying meter time needs: the ledger's dependencies and when reminders go out. */
export type MeterDeps = LedgerDeps & { config: { meterReminderMinutes: number } };
const paymentInProgress = () =>
  new AppError("invalid_payment", { status: 409, messageKey: "errors.api_payment_in_progress" });

interface PurchaseRequest {
  minutes: number;
  expected_total: number;
  payment_method_uuid?: string | undefined;
}

/**
 * The rules of docs/product/parking.md for one purchase, checked on the server whatever the client sent: the
 * minutes must fit the zone's limits from the session's start and paid-until (never past the
 * maximum stay, never into free hours), and the total must be the one the driver was shown.
 */
function pricePurchase(zone: MeterZoneRow, startedAt: number, paidUntil: number, request: PurchaseRequest) {
  const rules = rulesOf(zone);
  const limits = meterLimits(rules, startedAt, paidUntil);
  if (!limits.open)
    throw new AppError("location_not_available", {
      messageKey: startedAt === paidUntil ? "meters.closed_now" : "meters.at_maximum",
    });
  if (request.minutes < limits.minMinutes || request.minutes > limits.maxMinutes)
    throw new AppError("invalid_data", {
      messageKey: "meters.duration_not_allowed",
      params: { min: limits.minMinutes, max: limits.maxMinutes },
    });
  const breakdown = feeBreakdown(meterPurchaseSubtotal(rules, startedAt, paidUntil, request.minutes), ratesOf(zone));
  if (breakdown.total === 0) throw new AppError("location_not_available", { messageKey: "meters.closed_now" });
  if (breakdown.total !== request.expected_total)
    throw new AppError("invalid_visit_amount", { status: 409, messageKey: "errors.api_price_changed" });
  return breakdown;
}

/**
 * Level 0 of the lock order (ARCHITECTURE.md, docs/decisions/0141): the driver's row, as an
 * account deletion takes it, so a deletion either sees what this purchase creates (a pending
 * session, then its charge in flight) or this purchase finds the account gone.
 */
async function lockDriver(tx: Tx, userId: string): Promise<void> {
  if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
}

/**
 * Step one, in one transaction under the driver's row, then the vehicle-and-zone lock: the running session (a second
 * purchase for the same plate in the same zone extends it) or a new pending one, priced and with
 * its purchase inserted `pending` (one in flight per session, a unique index).
 */
async function preparePurchase(
  tx: Tx,
  zone: MeterZoneRow,
  vehicle: { id: string; plate: string },
  userId: string,
  existing: MeterSessionRow | null,
  request: PurchaseRequest,
  origin: string,
) {
  await lockDriver(tx, userId);
  await lockName(tx, `meter-session:${vehicle.id}:${zone.id}`);
  const now = nowIso();
  let session = existing ? await lockSession(tx, existing.id) : await findRunningSession(tx, vehicle.id, zone.id, now);
  if (existing && (session?.status !== "active" || session.ends_at <= now))
    throw new AppError("location_not_available", { messageKey: "meters.session_ended" });
  if (session?.status === "pending") throw paymentInProgress();
  if (!session) {
    session = {
      id: newId(),
      user_id: userId,
      vehicle_id: vehicle.id,
      location_id: zone.id,
      plate: vehicle.plate,
      status: "pending",
      started_at: now,
      ends_at: now,
      currency: zone.currency,
      reminded_for: null,
      expiry_noticed_for: null,
      origin,
      created_at: now,
      updated_at: now,
    };
    await insertSession(tx, session);
  }
  const startedAt = Date.parse(session.started_at);
  const paidUntil = Date.parse(session.ends_at);
  const breakdown = pricePurchase(zone, startedAt, paidUntil, request);
  const purchase: MeterPurchaseRow = {
    id: newId(),
    session_id: session.id,
    user_id: userId,
    minutes: request.minutes,
    ends_before: session.ends_at,
    ends_after: new Date(meterEnd(paidUntil, request.minutes)).toISOString(),
    status: "pending",
    subtotal: breakdown.subtotal,
    convenience_fee: breakdown.convenienceFee,
    processing_fee: breakdown.processingFee,
    tax: breakdown.tax,
    total: breakdown.total,
    created_at: now,
    updated_at: now,
  };
  try {
    await insertPurchase(tx, purchase);
  } catch (error) {
    // One purchase in flight per session (a unique index): the loser of a race is told a payment is under way.
    if (isUniqueViolation(error)) throw paymentInProgress();
    throw error;
  }
  return { session, purchase };
}

/** A purchase the ledger never took (refused before its charge existed) must not block the session. */
async function abandonPurchase(db: Executor, purchase: MeterPurchaseRow) {
  if (await hasChargeForPurchase(db, purchase.id)) return;
  await inTransaction(db, async (tx) => {
    await lockSessionOfPurchase(tx, purchase.id);
    const at = nowIso();
    const failed = await settlePurchaseIfPending(tx, purchase.id, "failed", at);
    if (failed) await cancelPendingSession(tx, purchase.session_id, at);
  });
}

const paymentOf = (result: ChargeResult): MeterPurchaseAnswer["payment"] => ({
  uuid: result.payment.id,
  status: result.status,
  redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
});

/** The answer of an earlier attempt with this key (a retry after no answer): its session and charge, charged once. */
async function replay(deps: MeterDeps, userId: string, payment: PaymentRow): Promise<MeterPurchaseAnswer> {
  const purchase = await findPurchase(deps.db, payment.payable_id);
  const session = purchase ? await findSessionOfUser(deps.db, userId, purchase.session_id) : undefined;
  if (!purchase || !session) throw new AppError("object_not_found");
  if (payment.status === "failed")
    throw new AppError(isErrorCode(payment.failure_code) ? payment.failure_code : "invalid_payment");
  return {
    session: await presentSession(deps.db, session),
    payment: {
      uuid: payment.id,
      status: payment.status === "refunded" ? "succeeded" : payment.status,
      redirect_url: payment.status === "requires_action" ? payment.action_url : null,
    },
  };
}

async function buyTime(
  deps: MeterDeps,
  user: Row<"users">,
  zone: MeterZoneRow,
  vehicle: { id: string; plate: string },
  existing: MeterSessionRow | null,
  request: PurchaseRequest,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<MeterPurchaseAnswer> {
  if (zone.active !== 1) throw new AppError("location_not_available");
  const paymentMethodId =
    request.payment_method_uuid ?? (await findCardToCharge(deps.db, user.id, zone.country, false))?.id;
  if (!paymentMethodId) throw new AppError("no_payment_method");
  const { session, purchase } = await inTransaction(deps.db, (tx) =>
    preparePurchase(tx, zone, vehicle, user.id, existing, request, returnOrigin),
  );
  let result: ChargeResult;
  try {
    result = await chargePayable(deps, {
      userId: user.id,
      purpose: "meter",
      payable: {
        type: PAYABLE_METER_PURCHASE,
        id: purchase.id,
        locationId: session.location_id,
        vehicleId: session.vehicle_id,
      },
      breakdown: {
        subtotal: purchase.subtotal,
        convenience_fee: purchase.convenience_fee,
        processing_fee: purchase.processing_fee,
        tax: purchase.tax,
        total: purchase.total,
      },
      currency: zone.currency,
      paymentMethodId,
      idempotencyKey,
      returnOrigin,
      description: `${zone.zone_code} · ${vehicle.plate}`,
      // The charge's own step takes the driver's row again: a deletion between the two steps left
      // no charge to see, so the attempt must find the account gone rather than charge it.
      beforeAttempt: (tx) => lockDriver(tx, user.id),
      lockPayable: async (tx) => {
        const locked = await lockPurchase(tx, purchase.id);
        if (locked?.status !== "pending") throw paymentInProgress();
      },
    });
  } catch (error) {
    await abandonPurchase(deps.db, purchase);
    throw error;
  }
  const failure = chargeFailure(result);
  if (failure) throw failure;
  const current = (await findSessionOfUser(deps.db, user.id, session.id)) ?? session;
  return { session: await presentSession(deps.db, current), payment: paymentOf(result) };
}

/** `POST user/meter-session`: pay for time; the same vehicle's running session in the zone is extended. */
export async function startSession(
  deps: MeterDeps,
  user: Row<"users">,
  body: PurchaseRequest & { zone_uuid: string; vehicle_uuid: string },
  idempotencyKey: string,
  returnOrigin: string,
): Promise<MeterPurchaseAnswer> {
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  if (earlier?.payable_type === PAYABLE_METER_PURCHASE) return replay(deps, user.id, earlier);
  const zone = await requireZone(deps.db, body.zone_uuid);
  await assertNotSuspendedAt(deps.db, user.id, zone.id);
  const vehicle = await findVehicleOfUser(deps.db, user.id, body.vehicle_uuid);
  if (!vehicle) throw new AppError("vehicle_not_found");
  return buyTime(deps, user, zone, vehicle, null, body, idempotencyKey, returnOrigin);
}

/** `POST user/meter-session/{uuid}/extend`: adds time to a running session; pays only the added time. */
export async function extendSession(
  deps: MeterDeps,
  user: Row<"users">,
  sessionId: string,
  body: PurchaseRequest,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<MeterPurchaseAnswer> {
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  if (earlier?.payable_type === PAYABLE_METER_PURCHASE) return replay(deps, user.id, earlier);
  const session = await findSessionOfUser(deps.db, user.id, sessionId);
  if (!session) throw new AppError("object_not_found");
  const zone = await requireZone(deps.db, session.location_id);
  await assertNotSuspendedAt(deps.db, user.id, zone.id);
  return buyTime(
    deps,
    user,
    zone,
    { id: session.vehicle_id, plate: session.plate },
    session,
    body,
    idempotencyKey,
    returnOrigin,
  );
}
