/**
 * The data an API test builds for itself, instead of leaning on the demo seed (docs/decisions/0298):
 * an organisation, its locations (a lot, a valet stand, a venue, a meter zone), an event, a pass,
 * a host. Each builder writes its rows straight into the file's own database (fast: no HTTP
 * round trip; the admin endpoints that create them have their own tests), with sensible defaults a
 * test overrides where its assertion depends on a value.
 */

import type { NewRow } from "../../src/db/schema.ts";
import { newId } from "../../src/lib/ids.ts";
import { PLATFORM_ORGANISATION, WEB_CLIENT } from "../../src/seed/data.ts";
import type { TestApp } from "./helpers.ts";

type Row<T extends "organisations" | "locations" | "parking_meters" | "events" | "plans" | "hosts"> = Omit<
  NewRow<T>,
  "created_at" | "updated_at"
>;

const now = () => new Date().toISOString();
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An operator organisation of its own (the platform's, reference data, owns the hosts). */
export async function createOrganisation(app: TestApp, overrides: Partial<Row<"organisations">> = {}) {
  const organisation = {
    id: newId(),
    name: "Estacionamientos Prueba",
    contact_email: "contacto@prueba.localhost",
    contact_phone: "+528112340000",
    ...overrides,
  };
  await app.db
    .insertInto("organisations")
    .values({ ...organisation, created_at: now() })
    .execute();
  return organisation;
}

/** Mexico's fees: $5.00 convenience, 2.9 % card processing, 16 % IVA, in pesos. */
const MX = {
  time_zone: "America/Monterrey",
  country: "mx",
  currency: "mxn",
  tax_rate_bp: 1600,
  convenience_rate_bp: 0,
  convenience_fixed: 500,
  card_rate_bp: 290,
  card_fixed: 0,
  invoice_window_days: 30,
} as const;

/** Texas's fees: $0.35 convenience, 2.9 % + $0.30 card processing, 8.25 % sales tax, in dollars. */
export const US = {
  time_zone: "America/Chicago",
  country: "us",
  currency: "usd",
  lat: 30.2689,
  lng: -97.7426,
  tax_rate_bp: 825,
  convenience_rate_bp: 0,
  convenience_fixed: 35,
  card_rate_bp: 290,
  card_fixed: 30,
  invoice_window_days: 0,
} as const;

/**
 * A location, by default a Monterrey lot of the platform's organisation: 15 grace minutes, $20 the
 * first hour, $10 each half hour after, $250 a day at most, 400 places, invoiced automatically.
 */
export async function createLocation(app: TestApp, overrides: Partial<Row<"locations">> = {}) {
  const location = {
    id: newId(),
    organisation_id: PLATFORM_ORGANISATION.id,
    name: "Estacionamiento Prueba Centro",
    short_name: "Prueba Centro",
    address: "Av. Constitución 100, Centro, 64000 Monterrey, N.L.",
    lat: 25.6785,
    lng: -100.2843,
    ...MX,
    kind: "lot" as Row<"locations">["kind"],
    is_freeflow: 0 as const,
    grace_minutes: 15,
    first_period_minutes: 60,
    first_period_price: 2000,
    increment_minutes: 30,
    increment_price: 1000,
    daily_max: 25000 as number | null,
    capacity: 400 as number | null,
    exit_window_minutes: 15,
    email_domain: null,
    active: 1 as const,
    invoicing: "automatic" as NonNullable<Row<"locations">["invoicing"]>,
    invoice_discounted: 1 as NonNullable<Row<"locations">["invoice_discounted"]>,
    ...overrides,
  };
  await app.db
    .insertInto("locations")
    .values({ ...location, created_at: now() })
    .execute();
  return location;
}

/** An event venue: no tariff of its own (drivers buy an event's parking), 1,500 places. */
export const createVenue = (app: TestApp, overrides: Partial<Row<"locations">> = {}) =>
  createLocation(app, {
    name: "Arena Prueba",
    short_name: "Arena",
    kind: "venue",
    grace_minutes: 0,
    first_period_price: 0,
    increment_minutes: 60,
    increment_price: 0,
    daily_max: null,
    capacity: 1500,
    ...overrides,
  });

/** A valet stand: $60 the first two hours, $20 each hour after, $300 a day at most, 60 places. */
export const createValetStand = (app: TestApp, overrides: Partial<Row<"locations">> = {}) =>
  createLocation(app, {
    name: "Valet Restaurante Prueba",
    short_name: "Valet Prueba",
    kind: "valet",
    grace_minutes: 0,
    first_period_minutes: 120,
    first_period_price: 6000,
    increment_minutes: 60,
    increment_price: 2000,
    daily_max: 30000,
    capacity: 60,
    ...overrides,
  });

/** Every day of the week, around the clock (index 0 is Sunday). */
export const ALWAYS_OPEN = Array.from({ length: 7 }, () => ({ open: 0, close: 24 * 60 }));

/**
 * An on-street meter zone: its meter location and the zone's rules, by default charged around the
 * clock at $12.00 an hour, 15 to 120 minutes, over a block face around the location's point.
 */
export async function createMeterZone(
  app: TestApp,
  overrides: { location?: Partial<Row<"locations">>; meter?: Partial<Row<"parking_meters">> } = {},
) {
  const code = overrides.meter?.zone_code ?? `Z${newId().slice(0, 6)}`;
  const location = await createLocation(app, {
    name: `Parquímetro ${code} · Calle Morelos`,
    short_name: `Zona ${code}`,
    address: "Calle Morelos 101–199, Centro, 64000 Monterrey, N.L.",
    lat: 25.6693,
    lng: -100.3099,
    kind: "meter",
    grace_minutes: 0,
    first_period_price: 1200,
    increment_minutes: 60,
    increment_price: 1200,
    daily_max: null,
    capacity: null,
    ...overrides.location,
  });
  const { lat, lng } = location;
  const ring = [
    [lng - 0.0004, lat - 0.0002],
    [lng + 0.0004, lat - 0.0002],
    [lng + 0.0004, lat + 0.0002],
    [lng - 0.0004, lat + 0.0002],
    [lng - 0.0004, lat - 0.0002],
  ];
  const meter = {
    location_id: location.id,
    zone_code: code,
    device_id: `MTY-${code}`,
    area: JSON.stringify(ring),
    rate_per_hour: 1200,
    min_minutes: 15,
    max_minutes: 120,
    hours: JSON.stringify(ALWAYS_OPEN),
    ...overrides.meter,
  };
  await app.db
    .insertInto("parking_meters")
    .values({ ...meter, created_at: now(), updated_at: now() })
    .execute();
  return { location, meter };
}

/**
 * An event at a venue, on sale since yesterday, starting in two hours for four hours, 400 places,
 * $150 suggested (the driver may pay $100 to $500); sales close an hour before it ends.
 */
export async function createEvent(app: TestApp, venueId: string, overrides: Partial<Row<"events">> = {}) {
  const startsAt = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 2 * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const event = {
    id: newId(),
    location_id: venueId,
    series_id: null as string | null,
    name: "Concierto de prueba",
    description: "Escenario principal. Estacionamiento en el lote norte.",
    starts_at: iso(startsAt),
    ends_at: iso(startsAt + 4 * HOUR_MS),
    places: 400,
    suggested_amount: 15000,
    amount_editable: 1 as 0 | 1,
    min_amount: 10000,
    max_amount: 50000,
    sales_open_at: iso(Date.now() - DAY_MS),
    sales_close_at: iso(startsAt + 3 * HOUR_MS),
    status: "scheduled" as const,
    cancelled_at: null,
    ...overrides,
  };
  await app.db
    .insertInto("events")
    .values({ ...event, created_at: now(), updated_at: now() })
    .execute();
  return event;
}

/** An event's price the driver cannot change (createEvent's override). */
export const fixedPrice = (amount: number) => ({
  suggested_amount: amount,
  amount_editable: 0 as const,
  min_amount: amount,
  max_amount: amount,
});

/** A pass on sale at a location: by default a $1,500 monthly one with 50 places. */
export async function createPlan(app: TestApp, locationId: string, overrides: Partial<Row<"plans">> = {}) {
  const plan = {
    id: newId(),
    location_id: locationId,
    name: "Pensión mensual",
    cost: 150000,
    currency: "mxn" as Row<"plans">["currency"],
    interval_unit: "month" as Row<"plans">["interval_unit"],
    availability: 50 as number | null,
    requires_student_id: 0 as 0 | 1,
    discount_kind: null as Row<"plans">["discount_kind"],
    discount_value: null as number | null,
    status: "active" as const,
    ...overrides,
  };
  await app.db
    .insertInto("plans")
    .values({ ...plan, created_at: now(), updated_at: now() })
    .execute();
  return plan;
}

/** A non-default host of an organisation, offering its visits in Mexico unless told otherwise. */
export async function createHost(app: TestApp, organisationId: string, overrides: Partial<Row<"hosts">> = {}) {
  const host = {
    hostname: `${newId().slice(0, 8)}.prueba.localhost`,
    is_default: 0 as const,
    organisation_id: organisationId as string | null,
    theme: "estaciona" as Row<"hosts">["theme"],
    domain: "estaciona" as Row<"hosts">["domain"],
    subdomain: null,
    country: "mx" as Row<"hosts">["country"],
    force_spanish: 0 as 0 | 1,
    login_text_es: "",
    login_text_en: "",
    width: 250,
    map_lat: 25.67,
    map_lng: -100.31,
    map_zoom: 12,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Estaciona Prueba",
    primary_color: "#0b5cad",
    logo: "/themes/estaciona/logo.svg",
    features: JSON.stringify(["visits"]),
    client_id: WEB_CLIENT.client_id,
    location_ids: null as string | null,
    support_email: null,
    support_phone: null,
    faq: null,
    ...overrides,
  };
  await app.db
    .insertInto("hosts")
    .values({ ...host, created_at: now() })
    .execute();
  return host;
}
