import { type FeeRates, feeBreakdown, isErrorCode } from "@estaciona/contracts";
import {
  type MeterRules,
  type MeterWindow,
  meterEnd,
  meterLimits,
  meterPurchaseSubtotal,
} from "@estaciona/contracts/meters";
import {
  type AdminMeterZone,
  type AdminMeterZonePage,
  type createMeterZoneBody,
  MAX_ZONES_IN_VIEW,
  type MeterCheck,
  type MeterPurchaseAnswer,
  type MeterSession,
  type MeterZone,
  type MeterZoneList,
  type MeterZoneSummary,
  type meterZoneBody,
} from "@estaciona/contracts/schemas/meters";
import { breakdownBody } from "@estaciona/contracts/schemas/parking";
import type { z } from "zod";
import {
  type Executor,
  inTransaction,
  isUniqueViolation,
  lockName,
  type Tx,
  underUniqueRule,
} from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { changedFields, recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import {
  type ChargeResult,
  chargeFailure,
  chargePayable,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  type PaymentRow,
  registerPayable,
} from "../payments/ledger.ts";
import { findCardToCharge } from "../payments/repository.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import {
  type BoundingBox,
  cancelPendingSession,
  extendSessionIfAt,
  findLocation,
  findPaidSessionOfPlate,
  findPurchase,
  findRunningSession,
  findSessionOfUser,
  findVehicleOfUser,
  findZone,
  findZoneByCode,
  hasChargeForPurchase,
  insertPurchase,
  insertSession,
  insertZone,
  listPurchasesOfSessions,
  listSessionsOfUser,
  listZonesInBox,
  listZonesOfOrganisation,
  lockPurchase,
  lockSession,
  lockSessionOfPurchase,
  type MeterPurchaseRow,
  type MeterSessionRow,
  type MeterZoneRow,
  settlePurchaseIfPending,
  updateZone,
} from "./repository.ts";

/** The payable the ledger charges for each purchase of meter time. */
export const PAYABLE_METER_PURCHASE = "meter_purchase";
/** Jobs: the reminder before a session ends and the notice when it has. */
export const JOB_METER_REMINDER = "meters.reminder";
export const JOB_METER_EXPIRED = "meters.expired";

/** What buying meter time needs: the ledger's dependencies and when reminders go out. */
export type MeterDeps = LedgerDeps & { config: { meterReminderMinutes: number } };

const MINUTE_MS = 60_000;
/** The sessions a list answers: a driver's recent meter history, not an archive. */
const SESSION_LIST_LIMIT = 20;

export const rulesOf = (zone: MeterZoneRow): MeterRules => ({
  ratePerHour: zone.rate_per_hour,
  minMinutes: zone.min_minutes,
  maxMinutes: zone.max_minutes,
  hours: JSON.parse(zone.hours) as (MeterWindow | null)[],
  timeZone: zone.time_zone,
});

const ratesOf = (zone: MeterZoneRow): FeeRates => ({
  taxRateBp: zone.tax_rate_bp,
  convenienceRateBp: zone.convenience_rate_bp,
  convenienceFixed: zone.convenience_fixed,
  cardRateBp: zone.card_rate_bp,
  cardFixed: zone.card_fixed,
});

function presentSummary(zone: MeterZoneRow): MeterZoneSummary {
  return {
    uuid: zone.id,
    zone_code: zone.zone_code,
    name: zone.name,
    address: zone.address,
    coordinates: { lat: zone.lat, lng: zone.lng },
    area: JSON.parse(zone.area) as MeterZoneSummary["area"],
    rate_per_hour: zone.rate_per_hour,
    currency: zone.currency,
  };
}

function presentZone(zone: MeterZoneRow): MeterZone {
  return {
    ...presentSummary(zone),
    country: zone.country,
    time_zone: zone.time_zone,
    available: zone.active === 1,
    min_minutes: zone.min_minutes,
    max_minutes: zone.max_minutes,
    hours: JSON.parse(zone.hours) as MeterZone["hours"],
    rates: {
      tax_rate_bp: zone.tax_rate_bp,
      convenience_rate_bp: zone.convenience_rate_bp,
      convenience_fixed: zone.convenience_fixed,
      card_rate_bp: zone.card_rate_bp,
      card_fixed: zone.card_fixed,
    },
    server_time: nowIso(),
  };
}

async function requireZone(db: Executor, zoneId: string): Promise<MeterZoneRow> {
  const zone = await findZone(db, zoneId);
  if (!zone) throw new AppError("object_not_found");
  return zone;
}

/** `GET open/meter/{uuid}`. */
export async function getZone(db: Executor, zoneId: string): Promise<MeterZone> {
  return presentZone(await requireZone(db, zoneId));
}

/** `GET open/meters/code/{code}`: the sign's code, as typed (upper-cased by the schema). */
export async function getZoneByCode(db: Executor, code: string): Promise<MeterZone> {
  const zone = await findZoneByCode(db, code);
  if (zone?.active !== 1) throw new AppError("object_not_found");
  return presentZone(zone);
}

/** `GET open/meters`: one query on the bounding box; `truncated` when the view holds more than the cap. */
/** `GET open/meters`: the zones in view that the requesting host offers (docs/decisions/0165). */
export async function listZones(
  db: Executor,
  box: BoundingBox,
  hostLocations: string[] | null,
): Promise<MeterZoneList> {
  const rows = await listZonesInBox(db, box, MAX_ZONES_IN_VIEW + 1, hostLocations);
  return { items: rows.slice(0, MAX_ZONES_IN_VIEW).map(presentSummary), truncated: rows.length > MAX_ZONES_IN_VIEW };
}

type ZoneFields = z.output<typeof meterZoneBody>;

function zoneColumns(body: ZoneFields, at: string) {
  if (body.max_minutes < body.min_minutes) throw new AppError("invalid_data");
  return {
    zone_code: body.zone_code,
    device_id: body.device_id,
    area: JSON.stringify(body.area),
    rate_per_hour: body.rate_per_hour,
    min_minutes: body.min_minutes,
    max_minutes: body.max_minutes,
    hours: JSON.stringify(body.hours),
    updated_at: at,
  };
}

/** A code or device id another zone already has: the catalogue's code for it. */
async function underZoneUniqueRules<T>(
  db: Executor,
  body: ZoneFields,
  exceptId: string | null,
  write: () => Promise<T>,
) {
  const sameCode = await findZoneByCode(db, body.zone_code);
  if (sameCode && sameCode.id !== exceptId)
    throw new AppError("invalid_data", { messageKey: "meters.zone_code_taken" });
  return underUniqueRule("device_id_already_exists", write);
}

/** `POST admin/meter`: a meter location (kind `meter`) becomes a zone, once. */
export async function createZone(
  db: Executor,
  scope: OperatorScope,
  body: z.output<typeof createMeterZoneBody>,
): Promise<MeterZone> {
  const location = reachable(scope, await findLocation(db, body.location_uuid));
  if (location.kind !== "meter") throw new AppError("invalid_location_type");
  if (await findZone(db, location.id)) throw new AppError("location_already_has_a_parking_meter");
  const at = nowIso();
  await underZoneUniqueRules(db, body, null, () =>
    insertZone(db, { location_id: location.id, created_at: at, ...zoneColumns(body, at) }),
  );
  await recordAudit(db, scope, {
    action: "meter.create",
    subject: { type: "location", id: location.id },
    after: zoneColumns(body, at),
  });
  return getZone(db, location.id);
}

/** `PUT admin/meter/{uuid}`: sessions already paid keep their time; new purchases follow the new rules. */
export async function changeZone(
  db: Executor,
  scope: OperatorScope,
  zoneId: string,
  body: ZoneFields,
): Promise<MeterZone> {
  reachable(scope, await findLocation(db, zoneId));
  const before = await requireZone(db, zoneId);
  const at = nowIso();
  await underZoneUniqueRules(db, body, zoneId, () => updateZone(db, zoneId, zoneColumns(body, at)));
  const { updated_at: _at, ...after } = zoneColumns(body, at);
  await recordAudit(db, scope, {
    action: "meter.update",
    subject: { type: "location", id: zoneId },
    ...changedFields(before as unknown as Record<string, unknown>, after),
  });
  return getZone(db, zoneId);
}

const presentAdminZone = (zone: MeterZoneRow): AdminMeterZone => ({ ...presentZone(zone), device_id: zone.device_id });

/** `GET admin/meters`: a keyset page of the organisation's zones in sign-code order (docs/decisions/0050). */
export async function listOperatorZones(
  db: Executor,
  scope: OperatorScope,
  query: { q?: string | undefined; location_uuid?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminMeterZonePage> {
  if (query.location_uuid) reachable(scope, await findLocation(db, query.location_uuid));
  const [zoneCode = "", id = ""] = query.cursor?.split("|") ?? [];
  const rows = await listZonesOfOrganisation(db, scope, {
    codePrefix: query.q,
    locationId: query.location_uuid,
    after: query.cursor ? { zoneCode, id } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentAdminZone),
    next_cursor: rows.length > query.limit && last ? `${last.zone_code}|${last.id}` : null,
  };
}

/** `GET admin/meter/{uuid}`: another organisation's zone answers as if it did not exist. */
export async function getOperatorZone(db: Executor, scope: OperatorScope, zoneId: string): Promise<AdminMeterZone> {
  reachable(scope, await findLocation(db, zoneId));
  return presentAdminZone(await requireZone(db, zoneId));
}

const sessionStatus = (session: MeterSessionRow, now: string): MeterSession["status"] =>
  session.status === "active" && session.ends_at <= now ? "expired" : session.status;

async function presentSessions(db: Executor, sessions: MeterSessionRow[]): Promise<MeterSession[]> {
  const now = nowIso();
  const purchases = await listPurchasesOfSessions(
    db,
    sessions.map((session) => session.id),
  );
  const zones = new Map<string, MeterZoneRow | undefined>();
  for (const session of sessions)
    if (!zones.has(session.location_id)) zones.set(session.location_id, await findZone(db, session.location_id));
  return sessions.map((session) => {
    const zone = zones.get(session.location_id);
    if (!zone) throw new Error(`Meter session ${session.id} points at a missing zone`);
    const own = purchases.filter((purchase) => purchase.session_id === session.id);
    return {
      uuid: session.id,
      zone: { uuid: zone.id, zone_code: zone.zone_code, name: zone.name, time_zone: zone.time_zone },
      vehicle: { uuid: session.vehicle_id, plate: session.plate },
      status: sessionStatus(session, now),
      started_at: session.started_at,
      ends_at: session.ends_at,
      total_paid: own
        .filter((purchase) => purchase.status === "paid")
        .reduce((sum, purchase) => sum + purchase.total, 0),
      currency: session.currency,
      purchases: own.map((purchase) => ({
        uuid: purchase.id,
        minutes: purchase.minutes,
        ends_at: purchase.ends_after,
        status: purchase.status,
        amounts: breakdownBody(
          {
            subtotal: purchase.subtotal,
            convenienceFee: purchase.convenience_fee,
            processingFee: purchase.processing_fee,
            tax: purchase.tax,
            total: purchase.total,
          },
          session.currency,
        ),
        created_at: purchase.created_at,
      })),
      server_time: now,
    };
  });
}

const presentSession = async (db: Executor, session: MeterSessionRow): Promise<MeterSession> =>
  (await presentSessions(db, [session]))[0] as MeterSession;

/** `GET user/meter-session/{uuid}`. */
export async function getSession(db: Executor, userId: string, sessionId: string): Promise<MeterSession> {
  const session = await findSessionOfUser(db, userId, sessionId);
  if (!session) throw new AppError("object_not_found");
  return presentSession(db, session);
}

/** `GET user/meter-sessions?status=active|past`. */
export async function listSessions(db: Executor, userId: string, status: "active" | "past"): Promise<MeterSession[]> {
  return presentSessions(db, await listSessionsOfUser(db, userId, status, nowIso(), SESSION_LIST_LIMIT));
}

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
 * Step one, in one transaction under the vehicle-and-zone lock: the running session (a second
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

/**
 * How the ledger moves a purchase when its charge settles (the pay call, a 3-D Secure return or
 * the reconciliation job): success pays the session until the purchase's end and schedules its
 * reminder and expiry notice; a decline or an abandoned attempt leaves the session as it was (a
 * first purchase's session is cancelled).
 */
export function registerMeterPayable(reminderMinutes: () => number): void {
  registerPayable(PAYABLE_METER_PURCHASE, {
    lockPayable: lockSessionOfPurchase,
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const purchase = await settlePurchaseIfPending(tx, payment.payable_id, "paid", payment.updated_at);
      if (!purchase) return;
      await extendSessionIfAt(tx, purchase.session_id, purchase.ends_before, purchase.ends_after, payment.updated_at);
      const payload = { sessionId: purchase.session_id, endsAt: purchase.ends_after };
      const remindAt = Date.parse(purchase.ends_after) - reminderMinutes() * MINUTE_MS;
      if (remindAt > Date.now())
        await enqueue(tx, JOB_METER_REMINDER, payload, {
          runAt: new Date(remindAt).toISOString(),
          dedupeKey: `meter-reminder:${purchase.session_id}:${purchase.ends_after}`,
        });
      await enqueue(tx, JOB_METER_EXPIRED, payload, {
        runAt: purchase.ends_after,
        dedupeKey: `meter-expired:${purchase.session_id}:${purchase.ends_after}`,
      });
    },
    async onFailed(tx: Tx, payment: PaymentRow) {
      const purchase = await settlePurchaseIfPending(tx, payment.payable_id, "failed", payment.updated_at);
      if (purchase) await cancelPendingSession(tx, purchase.session_id, payment.updated_at);
    },
  });
}

/** `POST device/meter/check`: paid or not, and until when; the plate's owner is never named. */
export async function checkPlate(
  db: Executor,
  device: Row<"devices">,
  body: { plate: string; zone_code?: string | undefined },
): Promise<MeterCheck> {
  if (device.kind !== "meter") throw new AppError("forbidden_access");
  const zone = body.zone_code ? await findZoneByCode(db, body.zone_code) : await findZone(db, device.location_id);
  if (!zone) throw new AppError("object_not_found");
  const now = nowIso();
  const paid = await findPaidSessionOfPlate(db, body.plate, zone.id, now);
  return {
    plate: body.plate,
    zone_code: zone.zone_code,
    paid: paid !== undefined,
    paid_until: paid?.ends_at ?? null,
    time_zone: zone.time_zone,
    checked_at: now,
  };
}
