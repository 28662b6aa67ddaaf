import { CURRENCY_BY_COUNTRY } from "@estaciona/contracts";
import type { LocationBody, OperatorLocation, OperatorLocationDetail } from "@estaciona/contracts/schemas/operator";
import type { Db, Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";
import type { PlaceSigner } from "../../lib/place-sign.ts";
import { nowIso } from "../../lib/time.ts";
import { messageOrigin } from "../hosts/service.ts";
import { presentLocation } from "../parking/locations/service.ts";
import { changedFields, recordAudit } from "./audit.ts";
import { insertLocation, listLocationsOf, openStaysByLocation, updateLocation } from "./repository/locations.ts";
import { assertWholeOrganisation, type OperatorScope, reachableLocation } from "./scope.ts";

/** The console's locations: listed with their open stays, opened and changed, every change audited. */

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
  deps: { db: Executor; config: { publicUrl: string }; signer: PlaceSigner },
  scope: OperatorScope,
  locationId: string,
): Promise<OperatorLocationDetail> {
  const location = await reachableLocation(deps.db, scope, locationId);
  const [open, origin] = await Promise.all([
    openStaysByLocation(deps.db, [location.id]),
    messageOrigin(deps, null, location),
  ]);
  const landingUrl = `${origin}/loc/${location.id}`;
  const signature = deps.signer.sign(location.organisation_id, location.id);
  return {
    ...presentOperatorLocation(location, open.get(location.id) ?? 0),
    landing_url: landingUrl,
    signed_url: `${landingUrl}?${new URLSearchParams({ s: signature })}`,
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
