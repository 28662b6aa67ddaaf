import { CURRENCY_BY_COUNTRY, type Locale } from "@estaciona/contracts";
import { addDays, dateIn, startOfDayIn } from "@estaciona/contracts/periods";
import type {
  AddOperatorBody,
  DriverDetail,
  LocationBody,
  MemberGrantsBody,
  OperatorDevice,
  OperatorLocation,
  OperatorLocationDetail,
  OperatorProfile,
  PaymentDetail,
  PaymentSearchQuery,
  PaymentSummary,
  TodayReport,
} from "@estaciona/contracts/schemas/operator";
import type { RegisterDeviceBody } from "@estaciona/contracts/schemas/parking";
import { translate } from "@estaciona/i18n";
import { type Db, type Executor, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { newOpaqueToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { messageOrigin } from "../hosts/service.ts";
import { insertDevice } from "../parking/devices/repository.ts";
import { deviceKeyHash } from "../parking/devices/service.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { presentLocation } from "../parking/locations/service.ts";
import { type LedgerDeps, refundPayment } from "../payments/ledger.ts";
import { findActiveUserByPhone, findUserById } from "../users/repository.ts";
import { changedFields, decodeCursor, encodeCursor, recordAudit } from "./audit.ts";
import {
  type ChargeFilters,
  type ChargeRow,
  countWholeMembers,
  findChargeIn,
  findDeviceWithLocation,
  findMembership,
  findOrganisation,
  grantedLocationIds,
  grantsOf,
  insertLocation,
  insertMembership,
  isCustomerAt,
  type LocalDays,
  ledgerLinesOf,
  listDevicesAt,
  listLocationsOf,
  listMembersOf,
  lockOrganisation,
  makeAdmin,
  openStaysByLocation,
  passesOfUserAt,
  removeMembership,
  replaceGrants,
  revenueByLocalDay,
  searchCharges,
  searchDriversAt,
  setUserStatus,
  staysOfUserAt,
  updateDevice,
  updateLocation,
  vehiclesOfUser,
} from "./repository.ts";
import { assertWholeOrganisation, type OperatorScope, reachable } from "./scope.ts";

const DAY_MS = 86_400_000;
const fullName = (user: { first_name: string | null; last_name: string | null; phone: string }) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ") || user.phone;

/** The ids of every location the operator may see. */
async function reachableLocationIds(db: Executor, scope: OperatorScope): Promise<string[]> {
  return scope.locationIds ?? (await listLocationsOf(db, scope.organisationId, null)).map((location) => location.id);
}

async function reachableLocation(db: Executor, scope: OperatorScope, locationId: string) {
  return reachable(scope, await findLocationById(db, locationId));
}

export async function operatorProfile(db: Executor, scope: OperatorScope): Promise<OperatorProfile> {
  const [user, organisation] = await Promise.all([
    findUserById(db, scope.userId),
    findOrganisation(db, scope.organisationId),
  ]);
  return {
    user_uuid: scope.userId,
    name: user ? fullName(user) : "",
    organisation: { uuid: organisation.id, name: organisation.name },
    platform: scope.platform,
    location_uuids: scope.locationIds,
  };
}

// Locations

type LocationRow = Row<"locations">;

function presentOperatorLocation(location: LocationRow, openStays: number): OperatorLocation {
  return {
    ...presentLocation(location),
    invoice_window_days: location.invoice_window_days,
    invoicing: location.invoicing,
    invoice_discounted: location.invoice_discounted === 1,
    active: location.active === 1,
    open_stays: openStays,
  };
}

/** The columns a location body sets; the same shape the audit log compares. */
function locationColumns(body: LocationBody) {
  return {
    name: body.name,
    address: body.address,
    kind: body.kind,
    lat: body.lat,
    lng: body.lng,
    time_zone: body.time_zone,
    country: body.country,
    currency: CURRENCY_BY_COUNTRY[body.country],
    is_freeflow: body.freeflow ? 1 : 0,
    active: body.active ? 1 : 0,
    capacity: body.capacity,
    exit_window_minutes: body.exit_window_minutes,
    invoice_window_days: body.invoice_window_days,
    invoicing: body.invoicing,
    ...(body.invoice_discounted !== undefined ? { invoice_discounted: body.invoice_discounted ? 1 : 0 } : {}),
    email_domain: body.email_domain?.toLowerCase().replace(/^@/, "") ?? null,
    grace_minutes: body.tariff.grace_minutes,
    first_period_minutes: body.tariff.first_period_minutes,
    first_period_price: body.tariff.first_period_price,
    increment_minutes: body.tariff.increment_minutes,
    increment_price: body.tariff.increment_price,
    daily_max: body.tariff.daily_max,
    tax_rate_bp: body.rates.tax_rate_bp,
    convenience_rate_bp: body.rates.convenience_rate_bp,
    convenience_fixed: body.rates.convenience_fixed,
    card_rate_bp: body.rates.card_rate_bp,
    card_fixed: body.rates.card_fixed,
  } satisfies Partial<LocationRow>;
}

export async function listOperatorLocations(db: Executor, scope: OperatorScope): Promise<OperatorLocation[]> {
  const locations = await listLocationsOf(db, scope.organisationId, scope.locationIds);
  const open = await openStaysByLocation(
    db,
    locations.map((location) => location.id),
  );
  return locations.map((location) => presentOperatorLocation(location, open.get(location.id) ?? 0));
}

export async function getOperatorLocation(
  deps: { db: Executor; config: { publicUrl: string } },
  scope: OperatorScope,
  locationId: string,
): Promise<OperatorLocationDetail> {
  const location = await reachableLocation(deps.db, scope, locationId);
  const [open, origin] = await Promise.all([
    openStaysByLocation(deps.db, [location.id]),
    messageOrigin(deps, null, location),
  ]);
  return {
    ...presentOperatorLocation(location, open.get(location.id) ?? 0),
    landing_url: `${origin}/loc/${location.id}`,
  };
}

export async function createLocation(db: Db, scope: OperatorScope, body: LocationBody): Promise<OperatorLocation> {
  assertWholeOrganisation(scope);
  const columns = locationColumns(body);
  const location: LocationRow = {
    id: newId(),
    organisation_id: scope.organisationId,
    // Unless the operator says otherwise, payments with a promo-code discount may be invoiced (the column's default).
    invoice_discounted: 1,
    // Named in full on payment lines until a short name is set (docs/decisions/0145).
    short_name: null,
    ...columns,
    created_at: nowIso(),
  };
  await db.transaction().execute(async (tx) => {
    await insertLocation(tx, location);
    await recordAudit(tx, scope, {
      action: "location.create",
      subject: { type: "location", id: location.id },
      after: columns,
    });
  });
  return presentOperatorLocation(location, 0);
}

export async function editLocation(db: Db, scope: OperatorScope, locationId: string, body: LocationBody) {
  const updated = await db.transaction().execute(async (tx) => {
    const current = await reachableLocation(tx, scope, locationId);
    const columns = locationColumns(body);
    const changes = changedFields(current, columns);
    if (Object.keys(changes.after).length === 0) return current;
    const row = await updateLocation(tx, current.id, changes.after);
    await recordAudit(tx, scope, {
      action: "location.update",
      subject: { type: "location", id: current.id },
      ...changes,
    });
    return row;
  });
  const open = await openStaysByLocation(db, [updated.id]);
  return presentOperatorLocation(updated, open.get(updated.id) ?? 0);
}

// Today

/** The last `days` calendar days on each zone's clock, today first, with the instant each begins. */
export function localDays(timeZones: string[], days: number, now: number = Date.now()): LocalDays[] {
  return [...new Set(timeZones)].map((timeZone) => {
    const today = dateIn(timeZone, now);
    return {
      timeZone,
      days: Array.from({ length: days }, (_, back) => {
        const date = addDays(today, -back);
        return { date, startsAt: startOfDayIn(timeZone, date) };
      }),
    };
  });
}

/** Money is grouped by day on each location's clock (docs/decisions/0051). */
export async function todayReport(db: Executor, scope: OperatorScope, days: number): Promise<TodayReport> {
  const locations = await listLocationsOf(db, scope.organisationId, scope.locationIds);
  const ids = locations.map((location) => location.id);
  const since = new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const [open, revenue, attention] = await Promise.all([
    openStaysByLocation(db, ids),
    revenueByLocalDay(
      db,
      ids,
      localDays(
        locations.map((location) => location.time_zone),
        days,
      ),
    ),
    searchCharges(db, ids, { from: since, statuses: ["failed", "pending", "requires_action"] }, 20),
  ]);
  return {
    locations: locations.map((location) => ({
      uuid: location.id,
      name: location.name,
      capacity: location.capacity,
      open_stays: open.get(location.id) ?? 0,
    })),
    revenue,
    attention: attention.map(presentCharge),
  };
}

// Devices

type DeviceListRow = NonNullable<Awaited<ReturnType<typeof findDeviceWithLocation>>>;

const presentDevice = (device: DeviceListRow): OperatorDevice => ({
  uuid: device.id,
  device_id: device.device_id,
  name: device.name,
  location: { uuid: device.location_id, name: device.location_name },
  kind: device.kind,
  direction: device.direction,
  revoked_at: device.revoked_at,
  created_at: device.created_at,
});

export async function listDevices(db: Executor, scope: OperatorScope, locationId: string | undefined) {
  const ids = locationId
    ? [(await reachableLocation(db, scope, locationId)).id]
    : await reachableLocationIds(db, scope);
  return (await listDevicesAt(db, ids)).map(presentDevice);
}

const newDeviceKey = () => `edk_${newOpaqueToken()}`;

/** `POST admin/device`: registers a device at one of the operator's locations and answers its key, once. */
export async function registerDevice(db: Db, hmacKey: Buffer, scope: OperatorScope, body: RegisterDeviceBody) {
  const location = await reachableLocation(db, scope, body.location_uuid);
  const key = newDeviceKey();
  const device = {
    id: newId(),
    device_id: body.device_id.trim(),
    name: body.name ?? null,
    location_id: location.id,
    kind: body.kind,
    direction: body.direction,
    key_hash: deviceKeyHash(hmacKey, key),
    revoked_at: null,
    created_at: nowIso(),
  };
  await underUniqueRule("device_id_already_exists", () =>
    db.transaction().execute(async (tx) => {
      await insertDevice(tx, device);
      const { key_hash: _secret, ...shown } = device;
      await recordAudit(tx, scope, {
        action: "device.register",
        subject: { type: "device", id: device.id },
        after: shown,
      });
    }),
  );
  return {
    uuid: device.id,
    device_id: device.device_id,
    name: device.name,
    location_uuid: device.location_id,
    kind: device.kind,
    direction: device.direction,
    key,
    created_at: device.created_at,
  };
}

async function reachableDevice(db: Executor, scope: OperatorScope, deviceId: string): Promise<DeviceListRow> {
  const device = await findDeviceWithLocation(db, deviceId);
  if (!device) throw new AppError("object_not_found");
  reachable(scope, { id: device.location_id, organisation_id: device.organisation_id });
  return device;
}

export async function renameDevice(db: Db, scope: OperatorScope, deviceId: string, name: string | null) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    await updateDevice(tx, device.id, { name });
    await recordAudit(tx, scope, {
      action: "device.rename",
      subject: { type: "device", id: device.id },
      before: { name: device.name },
      after: { name },
    });
    return presentDevice({ ...device, name });
  });
}

/** A new key, answered once; the old one stops working at once. A revoked device gets none. */
export async function rotateDeviceKey(db: Db, hmacKey: Buffer, scope: OperatorScope, deviceId: string) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    if (device.revoked_at !== null) throw new AppError("object_not_found");
    const key = newDeviceKey();
    await updateDevice(tx, device.id, { key_hash: deviceKeyHash(hmacKey, key) });
    await recordAudit(tx, scope, { action: "device.rotate_key", subject: { type: "device", id: device.id } });
    return { uuid: device.id, key };
  });
}

export async function revokeDevice(db: Db, scope: OperatorScope, deviceId: string) {
  return db.transaction().execute(async (tx) => {
    const device = await reachableDevice(tx, scope, deviceId);
    if (device.revoked_at !== null) return presentDevice(device);
    const at = nowIso();
    await updateDevice(tx, device.id, { revoked_at: at });
    await recordAudit(tx, scope, {
      action: "device.revoke",
      subject: { type: "device", id: device.id },
      before: { revoked_at: null },
      after: { revoked_at: at },
    });
    return presentDevice({ ...device, revoked_at: at });
  });
}

// Payments

function presentCharge(row: ChargeRow): PaymentSummary {
  return {
    uuid: row.id,
    kind: row.kind,
    status: row.status,
    product: row.payable_type,
    amount: row.amount,
    refunded: Number(row.refunded ?? 0),
    currency: row.currency,
    description: row.description,
    created_at: row.created_at,
    location: { uuid: row.location_id, name: row.location_name },
    plate: row.plate,
    phone: row.driver_deleted_at === null ? row.phone : null,
  };
}

const nextDay = (isoDate: string) => new Date(Date.parse(isoDate) + DAY_MS).toISOString().slice(0, 10);

type SearchFilters = Omit<PaymentSearchQuery, "limit" | "cursor">;

function chargeFilters(query: SearchFilters): ChargeFilters {
  const digits = query.phone?.replace(/\D/g, "");
  return {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { until: nextDay(query.to) } : {}),
    ...(query.location_uuid ? { locationId: query.location_uuid } : {}),
    ...(query.plate ? { plate: query.plate } : {}),
    ...(digits ? { phoneDigits: digits } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
}

export async function searchPayments(
  db: Executor,
  scope: OperatorScope,
  query: SearchFilters & { cursor?: string; limit: number },
) {
  const ids = await reachableLocationIds(db, scope);
  const filters = { ...chargeFilters(query), ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}) };
  const rows = await searchCharges(db, ids, filters, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentCharge),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export async function paymentDetail(db: Executor, scope: OperatorScope, paymentId: string): Promise<PaymentDetail> {
  const charge = await findChargeIn(db, await reachableLocationIds(db, scope), paymentId);
  if (!charge) throw new AppError("object_not_found");
  const lines = await ledgerLinesOf(db, charge.id);
  const summary = presentCharge(charge);
  const pendingRefund = lines.some((line) => line.kind === "refund" && line.status === "pending");
  return {
    ...summary,
    refundable: charge.status === "succeeded" && !pendingRefund ? charge.amount - summary.refunded : 0,
    driver_uuid: charge.user_id,
    payable: { type: charge.payable_type, uuid: charge.payable_id },
    lines: lines.map((line) => ({
      uuid: line.id,
      kind: line.kind,
      status: line.status,
      subtotal: line.subtotal,
      convenience_fee: line.convenience_fee,
      processing_fee: line.processing_fee,
      tax: line.tax,
      amount: line.amount,
      gateway: line.gateway,
      provider_ref: line.provider_ref,
      failure_code: line.failure_code,
      description: line.description,
      created_at: line.created_at,
    })),
  };
}

/**
 * Gives back all or part of a charge through the ledger, which makes this request's own refund or
 * refuses: more than is left, nothing left or a bad amount `invalid_refund`; another refund of the
 * charge in flight or the charge itself not settled yet 409 with Retry-After (docs/decisions/0115).
 * A refund the gateway declines answers `invalid_refund`; one whose outcome is not known yet shows
 * as a pending line and is settled by the ledger's sweep. The audit log gets one entry per refund
 * made, never for a refusal or a replay.
 */
export async function refundCharge(
  deps: LedgerDeps,
  scope: OperatorScope,
  paymentId: string,
  body: { amount?: number | undefined; reason: string },
  idempotencyKey: string,
): Promise<PaymentDetail> {
  await paymentDetail(deps.db, scope, paymentId); // within the operator's reach, or not found
  const result = await refundPayment(deps, {
    paymentId,
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    reason: body.reason,
    idempotencyKey,
  });
  if (result.status === "failed") throw new AppError("invalid_refund");
  const after = await paymentDetail(deps.db, scope, paymentId);
  if (result.replayed) return after;
  // What other refunds had given back: this one is counted in `after` only once it succeeded.
  const before = after.refunded - (result.status === "succeeded" ? result.refund.amount : 0);
  await recordAudit(deps.db, scope, {
    action: "payment.refund",
    subject: { type: "payment", id: paymentId },
    // The currency goes with the amounts so the log can write them as money, not bare minor units.
    before: { refunded: before, currency: after.currency },
    after: {
      refunded: before + result.refund.amount,
      currency: after.currency,
      refund_uuid: result.refund.id,
      reason: body.reason,
    },
  });
  return after;
}

const CSV_COLUMNS = [
  "payment_uuid",
  "created_at",
  "status",
  "product",
  "location",
  "plate",
  "phone",
  "currency",
  "subtotal",
  "convenience_fee",
  "processing_fee",
  "tax",
  "amount",
  "refunded",
  "description",
] as const;
const EXPORT_PAGE = 500;

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (OWASP CSV injection). */
function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as a decimal with two places, from the integer's digits (no floating point). */
const decimal = (minor: number): string => {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/**
 * `GET admin/payments/export`: the charges of a period as CSV, read in keyset pages of 500 so a
 * busy month never sits in memory at once; products and deleted drivers in the reader's words.
 */
export async function* exportPayments(
  db: Executor,
  scope: OperatorScope,
  period: { from: string; to: string },
  locale: Locale,
): AsyncGenerator<string> {
  const ids = await reachableLocationIds(db, scope);
  const filters: ChargeFilters = { from: period.from, until: nextDay(period.to) };
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  let before: ChargeFilters["before"];
  for (;;) {
    const rows = await searchCharges(db, ids, { ...filters, ...(before ? { before } : {}) }, EXPORT_PAGE);
    for (const row of rows) {
      const cells = [
        row.id,
        row.created_at,
        row.status,
        translate(locale, `parking.payable.${row.payable_type}.console`) ?? row.payable_type,
        row.location_name,
        row.plate,
        row.driver_deleted_at === null ? row.phone : (translate(locale, "operator.payments.deleted_driver") ?? null),
        row.currency,
        decimal(row.subtotal),
        decimal(row.convenience_fee),
        decimal(row.processing_fee),
        decimal(row.tax),
        decimal(row.amount),
        decimal(Number(row.refunded ?? 0)),
        row.description,
      ];
      yield `${cells.map(csvCell).join(",")}\r\n`;
    }
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) return;
    before = { createdAt: last.created_at, id: last.id };
  }
}

// Drivers

export async function searchDrivers(db: Executor, scope: OperatorScope, q: string) {
  const ids = await reachableLocationIds(db, scope);
  const digits = q.replace(/\D/g, "");
  const search =
    /^[\d\s+()-]+$/.test(q) && digits.length >= 4
      ? { phoneDigits: digits }
      : { plate: q.replace(/[\s-]/g, "").toUpperCase() };
  const drivers = await searchDriversAt(db, ids, search);
  const vehicles = await vehiclesOfUser(
    db,
    drivers.map((driver) => driver.id),
  );
  return drivers.map((driver) => ({
    uuid: driver.id,
    phone: driver.phone,
    name: fullName(driver),
    status: driver.status,
    plates: vehicles.filter((vehicle) => vehicle.user_id === driver.id && !vehicle.deleted_at).map((v) => v.plate),
  }));
}

/** A driver the operator may see: a customer of one of its locations. Anyone else does not exist here. */
async function reachableDriver(db: Executor, ids: string[], userId: string) {
  const user = await findUserById(db, userId);
  if (!user || user.deleted_at !== null || !(await isCustomerAt(db, userId, ids)))
    throw new AppError("object_not_found");
  return user;
}

export async function driverDetail(db: Executor, scope: OperatorScope, userId: string): Promise<DriverDetail> {
  const ids = await reachableLocationIds(db, scope);
  const user = await reachableDriver(db, ids, userId);
  const [vehicles, stays, passes, payments] = await Promise.all([
    vehiclesOfUser(db, [user.id]),
    staysOfUserAt(db, user.id, ids),
    passesOfUserAt(db, user.id, ids),
    searchCharges(db, ids, { phoneDigits: user.phone.replace(/\D/g, "") }, 50),
  ]);
  return {
    uuid: user.id,
    phone: user.phone,
    name: fullName(user),
    status: user.status,
    email: user.email,
    created_at: user.created_at,
    plates: vehicles.filter((vehicle) => !vehicle.deleted_at).map((vehicle) => vehicle.plate),
    vehicles: vehicles.map((vehicle) => ({
      uuid: vehicle.id,
      plate: vehicle.plate,
      state: vehicle.state,
      deleted: vehicle.deleted_at !== null,
    })),
    stays: stays.map((stay) => ({
      uuid: stay.id,
      location: stay.location_name,
      status: stay.status,
      plate: stay.plate,
      entered_at: stay.entered_at,
      total: stay.total,
      currency: stay.currency,
    })),
    passes: passes.map((pass) => ({
      uuid: pass.id,
      plan: pass.plan_name,
      location: pass.location_name,
      plate: pass.plate,
      status: pass.status,
      cost: pass.cost,
      currency: pass.currency,
      created_at: pass.created_at,
      ended_at: pass.ended_at,
    })),
    payments: payments.filter((payment) => payment.user_id === user.id).map(presentCharge),
  };
}

/**
 * Suspends or restores a driver. The guard reads the account's status on every call, so the
 * next call anywhere answers `user_suspended`. An operator cannot suspend themself or another operator.
 */
export async function setDriverStatus(db: Db, scope: OperatorScope, userId: string, status: "active" | "suspended") {
  await db.transaction().execute(async (tx) => {
    const user = await reachableDriver(tx, await reachableLocationIds(tx, scope), userId);
    if (user.role !== "driver") throw new AppError("invalid_user");
    if (user.status === status) return;
    await setUserStatus(tx, user.id, status, nowIso());
    await recordAudit(tx, scope, {
      action: status === "suspended" ? "driver.suspend" : "driver.restore",
      subject: { type: "user", id: user.id },
      before: { status: user.status },
      after: { status },
    });
  });
  return driverDetail(db, scope, userId);
}

// Operators

export function listOperators(db: Executor, scope: OperatorScope) {
  return listMembers(db, scope.organisationId);
}

/**
 * Makes an existing user an operator of the caller's organisation, optionally limited to some of
 * its locations (`invalid_user` when the phone has no account or belongs to another organisation's operator).
 */
export async function addOperator(db: Db, scope: OperatorScope, body: AddOperatorBody) {
  assertWholeOrganisation(scope);
  const locationIds = [...new Set(body.location_uuids ?? [])];
  await db.transaction().execute(async (tx) => {
    for (const locationId of locationIds) await reachableLocation(tx, scope, locationId);
    await enrol(tx, scope, scope.organisationId, body.phone, locationIds);
  });
  return memberByPhone(db, scope.organisationId, body.phone);
}

/**
 * The one way into an organisation's team: the phone must name an active account that is no other
 * organisation's operator (`invalid_user`, the catalogue's rule for a user who lacks what the
 * action needs). Audited in the organisation's own log.
 */
export async function enrol(
  tx: Executor,
  scope: OperatorScope,
  organisationId: string,
  phone: string,
  locationIds: string[],
): Promise<void> {
  const user = await findActiveUserByPhone(tx, phone, { lock: true });
  if (user?.status !== "active") throw new AppError("invalid_user");
  const membership = await findMembership(tx, user.id);
  if (membership && membership.organisation_id !== organisationId) throw new AppError("invalid_user");
  if (membership && locationIds.length > 0) {
    await lockOrganisation(tx, organisationId);
    await assertAnotherWholeMember(tx, organisationId, user.id);
  }
  const at = nowIso();
  if (!membership)
    await insertMembership(tx, { user_id: user.id, organisation_id: organisationId, platform: 0, created_at: at });
  await makeAdmin(tx, user.id, at);
  await replaceGrants(tx, user.id, locationIds);
  await recordAudit(
    tx,
    { ...scope, organisationId },
    {
      action: "operator.add",
      subject: { type: "user", id: user.id },
      before: membership ? { role: user.role } : null,
      after: { role: "admin", location_uuids: locationIds.length ? locationIds : null },
    },
  );
}

export async function memberByPhone(db: Executor, organisationId: string, phone: string) {
  const member = (await listMembers(db, organisationId)).find((candidate) => candidate.phone === phone);
  if (!member) throw new Error("operator vanished after being added");
  return member;
}

async function listMembers(db: Executor, organisationId: string) {
  const members = await listMembersOf(db, organisationId);
  const grants = await grantsOf(
    db,
    members.map((member) => member.id),
  );
  return members.map((member) => ({
    user_uuid: member.id,
    phone: member.phone,
    name: fullName(member),
    platform: member.platform === 1,
    location_uuids: grants.get(member.id) ?? null,
  }));
}

/**
 * A member of the caller's organisation that the caller may change: only an operator who sees the
 * whole organisation changes its team, anyone else's id does not exist here, and only the platform
 * role changes a platform member. The organisation's row is locked first, so two changes to one
 * team never both pass the last-operator rule.
 */
async function changeableMember(tx: Executor, scope: OperatorScope, userId: string) {
  assertWholeOrganisation(scope);
  await lockOrganisation(tx, scope.organisationId);
  const membership = await findMembership(tx, userId);
  if (!membership || membership.organisation_id !== scope.organisationId) throw new AppError("object_not_found");
  if (membership.platform === 1 && !scope.platform) throw new AppError("forbidden_access");
  return membership;
}

/**
 * The organisation always keeps an active operator who sees every location: taking the last one
 * away (removing them, themselves included, or limiting them) answers `invalid_user`
 * (docs/decisions/0051).
 */
async function assertAnotherWholeMember(tx: Executor, organisationId: string, userId: string) {
  if ((await countWholeMembers(tx, organisationId, userId)) === 0) throw new AppError("invalid_user");
}

/** Removes a member from the organisation; their role goes back to a driver's, so their next console call is refused. */
export async function removeOperator(db: Db, scope: OperatorScope, userId: string) {
  await db.transaction().execute(async (tx) => {
    const membership = await changeableMember(tx, scope, userId);
    await assertAnotherWholeMember(tx, scope.organisationId, userId);
    const before = {
      role: "admin",
      platform: membership.platform === 1,
      location_uuids: await grantedLocationIds(tx, userId),
    };
    await removeMembership(tx, userId, nowIso());
    await recordAudit(tx, scope, {
      action: "operator.remove",
      subject: { type: "user", id: userId },
      before: { ...before, location_uuids: before.location_uuids.length ? before.location_uuids : null },
      after: { role: "driver" },
    });
  });
  return listMembers(db, scope.organisationId);
}

/** Changes the locations a member may see; an empty list lets them see every location. */
export async function updateOperatorGrants(db: Db, scope: OperatorScope, userId: string, body: MemberGrantsBody) {
  const locationIds = [...new Set(body.location_uuids)].sort();
  await db.transaction().execute(async (tx) => {
    await changeableMember(tx, scope, userId);
    for (const locationId of locationIds) await reachableLocation(tx, scope, locationId);
    if (locationIds.length > 0) await assertAnotherWholeMember(tx, scope.organisationId, userId);
    const current = await grantedLocationIds(tx, userId);
    if (JSON.stringify(current) === JSON.stringify(locationIds)) return;
    await replaceGrants(tx, userId, locationIds);
    await recordAudit(tx, scope, {
      action: "operator.grants",
      subject: { type: "user", id: userId },
      before: { location_uuids: current.length ? current : null },
      after: { location_uuids: locationIds.length ? locationIds : null },
    });
  });
  const member = (await listMembers(db, scope.organisationId)).find((candidate) => candidate.user_uuid === userId);
  if (!member) throw new AppError("object_not_found");
  return member;
}
