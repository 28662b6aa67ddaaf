import { DEFAULT_MAP_OPTIONS } from "@estaciona/contracts";
import type { NewRow } from "../db/schema.ts";

type Seed<T> = Omit<T, "created_at" | "updated_at">;

export const WEB_CLIENT = {
  client_id: "estaciona-web",
  client_secret: "estaciona-web-public",
  is_public: 1,
  name: "Estaciona web app",
} as const;

export const DEMO_ORGANISATION = {
  id: "4f6c1d2e-0000-4000-8000-000000000001",
  name: "Estaciona Demo",
  contact_email: "ayuda@estaciona.localhost",
  contact_phone: "+528112345678",
};

/** The demo operator's fiscal data: the issuer of its CFDIs (a made-up RFC in the SAT's format). */
export const DEMO_INVOICE_ISSUER = {
  organisation_id: DEMO_ORGANISATION.id,
  rfc: "EDE210101A17",
  legal_name: "ESTACIONA DEMO",
  tax_regime: "601",
  postal_code: "64000",
  series: "EST",
  last_folio: 0,
};

const estacionaMap = DEFAULT_MAP_OPTIONS.estaciona;
const variantMap = DEFAULT_MAP_OPTIONS.isisa;

/** docs/product/hosts-and-themes.md: `localhost` is the default `estaciona` host; the others exercise the variants locally. */
export const HOSTS: Seed<NewRow<"hosts">>[] = [
  {
    hostname: "localhost",
    is_default: 1,
    organisation_id: DEMO_ORGANISATION.id,
    theme: "estaciona",
    domain: "estaciona",
    subdomain: null,
    country: "mx",
    force_spanish: 0,
    login_text_es: "",
    login_text_en: "",
    width: 250,
    map_lat: estacionaMap.center.lat,
    map_lng: estacionaMap.center.lng,
    map_zoom: estacionaMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Estaciona",
    primary_color: "#0b5cad",
    logo: "/themes/estaciona/logo.svg",
    features: JSON.stringify(["visits", "events", "meters", "valet", "subscriptions", "billing"]),
    client_id: WEB_CLIENT.client_id,
    location_ids: null,
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "isisa.localhost",
    is_default: 0,
    organisation_id: DEMO_ORGANISATION.id,
    theme: "isisa",
    domain: "estaciona",
    subdomain: "isisa",
    country: "mx",
    force_spanish: 1,
    login_text_es: "Estacionamiento universitario: inicia sesión con tu celular.",
    login_text_en: "University parking: sign in with your mobile phone.",
    width: 250,
    map_lat: variantMap.center.lat,
    map_lng: variantMap.center.lng,
    map_zoom: variantMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "ISISA",
    primary_color: "#7a1f3d",
    logo: "/themes/isisa/logo.svg",
    features: JSON.stringify(["visits", "subscriptions", "student_id", "billing"]),
    client_id: WEB_CLIENT.client_id,
    // The university host sells only the campus lot's passes (docs/decisions/0165).
    location_ids: JSON.stringify(["7d1e5a10-0000-4000-8000-000000000103"]),
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "freeflow.localhost",
    is_default: 0,
    organisation_id: DEMO_ORGANISATION.id,
    theme: "freeflow",
    domain: "freeflow",
    subdomain: "freeflow",
    country: "mx",
    force_spanish: 0,
    login_text_es: "Entra y sal sin boleto: registra tus placas y tu tarjeta.",
    login_text_en: "Drive in and out with no ticket: register your plates and your card.",
    width: 250,
    map_lat: variantMap.center.lat,
    map_lng: variantMap.center.lng,
    map_zoom: variantMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Freeflow",
    primary_color: "#0b6e4f",
    logo: "/themes/freeflow/logo.svg",
    features: JSON.stringify(["visits", "freeflow", "billing"]),
    client_id: WEB_CLIENT.client_id,
    location_ids: null,
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "us.localhost",
    is_default: 0,
    organisation_id: DEMO_ORGANISATION.id,
    theme: "estaciona",
    domain: "estaciona",
    subdomain: "us",
    country: "us",
    force_spanish: 0,
    login_text_es: "",
    login_text_en: "",
    width: 250,
    map_lat: 30.2672,
    map_lng: -97.7431,
    map_zoom: 12,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Estaciona",
    primary_color: "#0b5cad",
    logo: "/themes/estaciona/logo.svg",
    features: JSON.stringify(["visits", "events", "meters", "valet", "subscriptions"]),
    client_id: WEB_CLIENT.client_id,
    // Its own support line: the organisation's contact is the Mexican one.
    location_ids: null,
    support_email: "help@us.estaciona.localhost",
    support_phone: "+15125550123",
    faq: null,
  },
];

/** The demo operator (admin role); signs in like any driver with the sandbox code. */
export const DEMO_OPERATOR: Seed<NewRow<"users">> = {
  id: "4f6c1d2e-0000-4000-8000-0000000000a1",
  phone: "+528100000001",
  first_name: "Operadora",
  last_name: "Demo",
  email: "operadora@estaciona.localhost",
  email_verified_at: "2026-01-01T00:00:00.000Z",
  locale: "es",
  role: "admin",
  status: "active",
  registered_domain: "estaciona",
  payment_methods_mx: 0,
  payment_methods_us: 0,
  sign_in_failures: 0,
};

const mxLot = {
  organisation_id: DEMO_ORGANISATION.id,
  time_zone: "America/Monterrey",
  country: "mx",
  currency: "mxn",
  tax_rate_bp: 1600,
  convenience_rate_bp: 0,
  convenience_fixed: 500,
  card_rate_bp: 290,
  card_fixed: 0,
  exit_window_minutes: 15,
  invoice_window_days: 30,
  email_domain: null,
  active: 1,
} as const;

/** Demo locations around Monterrey and one in Austin; fixed ids so QR landings like /loc/{uuid} stay put. */
export const DEMO_LOCATIONS: Seed<NewRow<"locations">>[] = [
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000101",
    name: "Estacionamiento Parque Fundidora",
    short_name: "Fundidora",
    address: "Av. Fundidora 501, Obrera, 64010 Monterrey, N.L.",
    lat: 25.6785,
    lng: -100.2843,
    kind: "lot",
    is_freeflow: 0,
    grace_minutes: 15,
    first_period_minutes: 60,
    first_period_price: 2000,
    increment_minutes: 30,
    increment_price: 1000,
    daily_max: 25000,
    capacity: 400,
  },
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000102",
    name: "Estacionamiento Barrio Antiguo",
    short_name: "Barrio Antiguo",
    address: "Diego de Montemayor 900, Barrio Antiguo, 64000 Monterrey, N.L.",
    lat: 25.6654,
    lng: -100.3086,
    kind: "lot",
    is_freeflow: 1,
    grace_minutes: 10,
    first_period_minutes: 60,
    first_period_price: 2500,
    increment_minutes: 15,
    increment_price: 700,
    daily_max: 30000,
    capacity: 120,
    // Its night pass is sold with promo codes; discounted payments are not invoiced here (docs/product/calls-and-errors.md).
    invoice_discounted: 0,
  },
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000103",
    name: "Estacionamiento Campus Valle Oriente",
    short_name: "Valle Oriente",
    address: "Av. Lázaro Cárdenas 1000, Valle Oriente, 66269 San Pedro Garza García, N.L.",
    lat: 25.6443,
    lng: -100.3133,
    kind: "lot",
    is_freeflow: 0,
    grace_minutes: 20,
    first_period_minutes: 120,
    first_period_price: 1500,
    increment_minutes: 60,
    increment_price: 1000,
    daily_max: 8000,
    capacity: 800,
    // The campus operator approves each invoice request by hand (docs/product/invoicing-account-contact.md).
    invoicing: "approval",
    email_domain: null,
  },
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000104",
    name: "Parquímetros Centro Monterrey",
    short_name: "Centro",
    address: "Calle Morelos, Centro, 64000 Monterrey, N.L.",
    lat: 25.6693,
    lng: -100.3099,
    kind: "meter",
    is_freeflow: 0,
    grace_minutes: 0,
    first_period_minutes: 60,
    first_period_price: 1200,
    increment_minutes: 60,
    increment_price: 1200,
    daily_max: null,
    capacity: null,
  },
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000105",
    name: "Arena Monterrey",
    short_name: "Arena",
    address: "Av. Francisco I. Madero 2500, Centro, 64000 Monterrey, N.L.",
    lat: 25.6808,
    lng: -100.2885,
    kind: "venue",
    is_freeflow: 0,
    grace_minutes: 0,
    first_period_minutes: 60,
    first_period_price: 0,
    increment_minutes: 60,
    increment_price: 0,
    daily_max: null,
    capacity: 1500,
  },
  {
    organisation_id: DEMO_ORGANISATION.id,
    id: "7d1e5a10-0000-4000-8000-000000000201",
    name: "Congress Avenue Garage",
    short_name: "Congress Ave",
    address: "600 Congress Ave, Austin, TX 78701",
    lat: 30.2689,
    lng: -97.7426,
    time_zone: "America/Chicago",
    country: "us",
    currency: "usd",
    kind: "lot",
    is_freeflow: 0,
    grace_minutes: 10,
    first_period_minutes: 60,
    first_period_price: 500,
    increment_minutes: 30,
    increment_price: 250,
    daily_max: 2500,
    tax_rate_bp: 825,
    convenience_rate_bp: 0,
    convenience_fixed: 35,
    card_rate_bp: 290,
    card_fixed: 30,
    capacity: 300,
    exit_window_minutes: 15,
    invoice_window_days: 0,
    email_domain: null,
    active: 1,
  },
  {
    organisation_id: DEMO_ORGANISATION.id,
    id: "7d1e5a10-0000-4000-8000-000000000202",
    name: "Moody Center",
    short_name: "Moody Center",
    address: "2001 Robert Dedman Dr, Austin, TX 78712",
    lat: 30.2812,
    lng: -97.7321,
    time_zone: "America/Chicago",
    country: "us",
    currency: "usd",
    kind: "venue",
    is_freeflow: 0,
    grace_minutes: 0,
    first_period_minutes: 60,
    first_period_price: 0,
    increment_minutes: 60,
    increment_price: 0,
    daily_max: null,
    tax_rate_bp: 825,
    convenience_rate_bp: 0,
    convenience_fixed: 100,
    card_rate_bp: 290,
    card_fixed: 30,
    capacity: 900,
    exit_window_minutes: 30,
    invoice_window_days: 0,
    email_domain: null,
    active: 1,
  },
  {
    ...mxLot,
    id: "7d1e5a10-0000-4000-8000-000000000106",
    name: "Valet Restaurante Pangea",
    short_name: "Pangea",
    address: "Av. del Roble 660, Valle del Campestre, 66265 San Pedro Garza García, N.L.",
    lat: 25.6521,
    lng: -100.3566,
    kind: "valet",
    is_freeflow: 0,
    grace_minutes: 0,
    first_period_minutes: 120,
    first_period_price: 6000,
    increment_minutes: 60,
    increment_price: 2000,
    daily_max: 30000,
    capacity: 60,
  },
  {
    organisation_id: DEMO_ORGANISATION.id,
    id: "7d1e5a10-0000-4000-8000-000000000203",
    name: "Hotel San José Valet",
    short_name: "San José",
    address: "1316 S Congress Ave, Austin, TX 78704",
    lat: 30.2509,
    lng: -97.7493,
    time_zone: "America/Chicago",
    country: "us",
    currency: "usd",
    kind: "valet",
    is_freeflow: 0,
    grace_minutes: 0,
    first_period_minutes: 60,
    first_period_price: 1200,
    increment_minutes: 60,
    increment_price: 500,
    daily_max: 4000,
    tax_rate_bp: 825,
    convenience_rate_bp: 0,
    convenience_fixed: 35,
    card_rate_bp: 290,
    card_fixed: 30,
    capacity: 40,
    exit_window_minutes: 15,
    invoice_window_days: 0,
    email_domain: null,
    active: 1,
  },
];

/** The demo operator runs the whole demo organisation and holds the platform role (docs/decisions/0041). */
export const DEMO_OPERATOR_MEMBERSHIP = {
  user_id: DEMO_OPERATOR.id,
  organisation_id: DEMO_ORGANISATION.id,
  platform: 1,
} as const;

/** A second operator organisation, so the console's walls can be seen: its lot is not the demo operator's. */
export const OTHER_ORGANISATION = {
  id: "4f6c1d2e-0000-4000-8000-000000000002",
  name: "Estacionamientos del Norte",
  contact_email: "contacto@norte.localhost",
  contact_phone: "+528112345600",
};

export const OTHER_OPERATOR: Seed<NewRow<"users">> = {
  ...DEMO_OPERATOR,
  id: "4f6c1d2e-0000-4000-8000-0000000000a2",
  phone: "+528100000002",
  first_name: "Operador",
  last_name: "Norte",
  email: "operador@norte.localhost",
};

export const OTHER_LOCATION: Seed<NewRow<"locations">> = {
  ...mxLot,
  organisation_id: OTHER_ORGANISATION.id,
  // 3xx and 4xx are the meter zones' locations (monterreyZones, austinZones).
  id: "7d1e5a10-0000-4000-8000-000000000901",
  name: "Estacionamiento Cumbres",
  short_name: "Cumbres",
  address: "Av. Paseo de los Leones 1200, Cumbres, 64610 Monterrey, N.L.",
  lat: 25.7302,
  lng: -100.3969,
  kind: "lot",
  is_freeflow: 0,
  grace_minutes: 10,
  first_period_minutes: 60,
  first_period_price: 1800,
  increment_minutes: 60,
  increment_price: 1500,
  daily_max: 20000,
  capacity: 250,
};

/** A driver with a paid two-hour stay at Fundidora yesterday: something to find, see and refund in the console. */
export const DEMO_DRIVER: Seed<NewRow<"users">> = {
  ...DEMO_OPERATOR,
  id: "4f6c1d2e-0000-4000-8000-0000000000d1",
  phone: "+528100000003",
  first_name: "Conductor",
  last_name: "Demo",
  email: null,
  email_verified_at: null,
  role: "driver",
};

export const DEMO_DRIVER_VEHICLE = {
  id: "4f6c1d2e-0000-4000-8000-0000000000e1",
  user_id: DEMO_DRIVER.id,
  plate: "DEMO123",
  state: "Nuevo León",
  country: "mx",
  brand: "Nissan",
  model: "Versa",
  year: 2022,
  color: "Gris",
} as const;

export const DEMO_PAID_STAY = {
  visitId: "4f6c1d2e-0000-4000-8000-0000000000f1",
  paymentId: "4f6c1d2e-0000-4000-8000-0000000000f2",
  sandboxCustomerId: "cus_demo_driver",
  sandboxCardId: "src_demo_driver",
  sandboxChargeId: "ch_demo_paid_stay",
  minutes: 120,
} as const;

const [FUNDIDORA, BARRIO_ANTIGUO, CAMPUS, , ARENA, CONGRESS] = DEMO_LOCATIONS.map((location) => location.id);

const plan = (
  id: string,
  location_id: string | undefined,
  fields: Pick<NewRow<"plans">, "name" | "cost" | "currency" | "interval_unit"> &
    Partial<Pick<NewRow<"plans">, "availability" | "requires_student_id" | "discount_kind" | "discount_value">>,
): Seed<NewRow<"plans">> => ({
  id,
  location_id: location_id as string,
  availability: null,
  requires_student_id: 0,
  discount_kind: null,
  discount_value: null,
  status: "active",
  ...fields,
});

/** Demo passes (docs/product/passes-and-promo-codes.md) at the Mexican lots, the university lot (students), the arena and Austin. */
export const DEMO_PLANS: Seed<NewRow<"plans">>[] = [
  plan("5a9c0e11-0000-4000-8000-000000000301", FUNDIDORA, {
    name: "Pensión mensual",
    cost: 150000,
    currency: "mxn",
    interval_unit: "month",
    availability: 50,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000302", FUNDIDORA, {
    name: "Pensión semanal",
    cost: 45000,
    currency: "mxn",
    interval_unit: "week",
  }),
  plan("5a9c0e11-0000-4000-8000-000000000303", BARRIO_ANTIGUO, {
    name: "Pensión nocturna",
    cost: 90000,
    currency: "mxn",
    interval_unit: "month",
    availability: 20,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000304", CAMPUS, {
    name: "Pensión estudiantil",
    cost: 60000,
    currency: "mxn",
    interval_unit: "month",
    availability: 200,
    requires_student_id: 1,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000305", ARENA, {
    name: "Pase de evento",
    cost: 15000,
    currency: "mxn",
    interval_unit: "one_time",
    discount_kind: "percent",
    discount_value: 10,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000401", CONGRESS, {
    name: "Monthly pass",
    cost: 18000,
    currency: "usd",
    interval_unit: "month",
    availability: 40,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000402", CONGRESS, {
    name: "Weekly pass",
    cost: 5500,
    currency: "usd",
    interval_unit: "week",
  }),
];

/** Demo promo codes: half off the first month in Mexico, $20 off the first three months in Austin. */
export const DEMO_DISCOUNTS: Omit<NewRow<"discounts">, "created_at">[] = [
  {
    id: "6b2d1f22-0000-4000-8000-000000000501",
    code: "BIENVENIDA",
    kind: "percent",
    value: 50,
    currency: null,
    plan_id: null,
    periods: 1,
    starts_on: null,
    ends_on: null,
    max_redemptions: 1000,
    redemptions: 0,
    organisation_id: DEMO_ORGANISATION.id,
  },
  {
    id: "6b2d1f22-0000-4000-8000-000000000502",
    code: "AUSTIN20",
    kind: "amount",
    value: 2000,
    currency: "usd",
    plan_id: null,
    periods: 3,
    starts_on: null,
    ends_on: null,
    max_redemptions: 500,
    redemptions: 0,
    organisation_id: DEMO_ORGANISATION.id,
  },
];

const partnerPage = (slug: string, hostname: string, locationIds: (string | undefined)[]) => ({
  slug,
  hostname,
  location_ids: JSON.stringify(locationIds),
});

/** Partner landings (/aisd public, /vaughn signed in), per host: the texts and the lots whose passes they offer. */
export const DEMO_PARTNER_PAGES: Omit<NewRow<"partner_pages">, "created_at">[] = [
  ...["localhost", "us.localhost"].flatMap((hostname) => {
    const lots = hostname === "us.localhost" ? [CONGRESS] : [FUNDIDORA, BARRIO_ANTIGUO];
    return [
      {
        ...partnerPage("aisd", hostname, lots),
        title_es: "Pensiones para personal escolar",
        title_en: "Parking passes for school staff",
        text_es: "Personal y familias del distrito escolar: elige tu pensión mensual cerca del campus.",
        text_en: "District staff and families: choose a monthly pass near campus.",
      },
      {
        ...partnerPage("vaughn", hostname, lots),
        title_es: "Estacionamiento para residentes",
        title_en: "Parking for residents",
        text_es:
          "Residentes del edificio: una pensión con lugar asegurado, renovación automática y cancelación cuando quieras.",
        text_en: "Building residents: a pass with a guaranteed place, automatic renewal and cancellation any time.",
      },
    ];
  }),
];
/** A demo parking-meter zone: its meter location and the zone's rules (docs/product/parking.md). */
export interface DemoMeterZone {
  location: Seed<NewRow<"locations">>;
  meter: Seed<NewRow<"parking_meters">>;
}

const MINUTES = { h8: 8 * 60, h20: 20 * 60, h18: 18 * 60, h24: 24 * 60 } as const;
/** Monday to Saturday, 08:00 to a closing hour; Sunday free (index 0 is Sunday). */
const weekdaysUntil = (close: number) =>
  JSON.stringify([null, ...Array.from({ length: 6 }, () => ({ open: MINUTES.h8, close }))]);
/** Charged around the clock every day (the hospital and transit zones). */
const ALWAYS = JSON.stringify(Array.from({ length: 7 }, () => ({ open: 0, close: MINUTES.h24 })));

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A block face of about 80 × 40 m around the point, as the GeoJSON ring of the zone's area. */
const blockArea = (lat: number, lng: number) => {
  const dLat = 0.0002;
  const dLng = 0.0004;
  const corner = (dx: number, dy: number) => [round6(lng + dx), round6(lat + dy)];
  return JSON.stringify([
    corner(-dLng, -dLat),
    corner(dLng, -dLat),
    corner(dLng, dLat),
    corner(-dLng, dLat),
    corner(-dLng, -dLat),
  ]);
};

const MONTERREY_STREETS = [
  "Calle Morelos",
  "Av. Juárez",
  "Calle Padre Mier",
  "Av. Pino Suárez",
  "Calle Zaragoza",
  "Av. Cuauhtémoc",
  "Calle Hidalgo",
  "Calle Ocampo",
] as const;

/**
 * Forty zones on a grid over Monterrey's centre (codes 101–140, enough for the map to cluster
 * them), four of them charged around the clock, and the existing meter location as zone 100.
 */
function monterreyZones(): DemoMeterZone[] {
  const centre = { lat: 25.6693, lng: -100.3099 };
  const zones: DemoMeterZone[] = [];
  for (let index = 0; index < 40; index += 1) {
    const row = Math.floor(index / 8);
    const column = index % 8;
    const lat = round6(centre.lat + (row - 2) * 0.0035);
    const lng = round6(centre.lng + (column - 3.5) * 0.0035);
    const code = String(101 + index);
    const street = MONTERREY_STREETS[column] ?? "Calle Morelos";
    const always = index % 10 === 0;
    zones.push({
      location: {
        ...mxLot,
        id: `7d1e5a10-0000-4000-8000-000000000${300 + index + 1}`,
        name: `Parquímetro ${code} · ${street}`,
        short_name: `Zona ${code}`,
        address: `${street} ${100 * (row + 1) + 1}–${100 * (row + 1) + 99}, Centro, 64000 Monterrey, N.L.`,
        lat,
        lng,
        kind: "meter",
        is_freeflow: 0,
        grace_minutes: 0,
        first_period_minutes: 60,
        first_period_price: 1200,
        increment_minutes: 60,
        increment_price: 1200,
        daily_max: null,
        capacity: null,
      },
      meter: {
        location_id: `7d1e5a10-0000-4000-8000-000000000${300 + index + 1}`,
        zone_code: code,
        device_id: `MTY-PQ-${code}`,
        area: blockArea(lat, lng),
        rate_per_hour: 1200,
        min_minutes: 15,
        max_minutes: 120,
        hours: always ? ALWAYS : weekdaysUntil(MINUTES.h20),
      },
    });
  }
  return zones;
}

const usMeter = {
  organisation_id: DEMO_ORGANISATION.id,
  time_zone: "America/Chicago",
  country: "us",
  currency: "usd",
  kind: "meter",
  is_freeflow: 0,
  grace_minutes: 0,
  first_period_minutes: 60,
  first_period_price: 200,
  increment_minutes: 60,
  increment_price: 200,
  daily_max: null,
  tax_rate_bp: 825,
  convenience_rate_bp: 0,
  convenience_fixed: 35,
  card_rate_bp: 290,
  card_fixed: 30,
  capacity: null,
  exit_window_minutes: 15,
  invoice_window_days: 0,
  email_domain: null,
  active: 1,
} as const;

const AUSTIN_STREETS = ["Congress Ave", "E 6th St", "Lavaca St", "Colorado St", "Brazos St", "E 4th St"] as const;

/** Six zones in downtown Austin (codes 7001–7006); 7001 is charged around the clock. */
function austinZones(): DemoMeterZone[] {
  return AUSTIN_STREETS.map((street, index) => {
    const id = `7d1e5a10-0000-4000-8000-000000000${401 + index}`;
    const lat = round6(30.2672 + (index % 3) * 0.0025 - 0.0025);
    const lng = round6(-97.7431 + Math.floor(index / 3) * 0.004 - 0.002);
    const code = String(7001 + index);
    return {
      location: {
        ...usMeter,
        id,
        name: `Meter ${code} · ${street}`,
        short_name: `Zone ${code}`,
        address: `${100 * (index + 2)} ${street}, Austin, TX 78701`,
        lat,
        lng,
      },
      meter: {
        location_id: id,
        zone_code: code,
        device_id: `ATX-PM-${code}`,
        area: blockArea(lat, lng),
        rate_per_hour: 200,
        min_minutes: 15,
        max_minutes: 180,
        hours: index === 0 ? ALWAYS : weekdaysUntil(MINUTES.h18),
      },
    };
  });
}

/** The meter location seeded above as zone 100, and the generated demo zones. */
export const DEMO_METER_ZONES: DemoMeterZone[] = [...monterreyZones(), ...austinZones()];
export const DEMO_CENTRO_METER: Seed<NewRow<"parking_meters">> = {
  location_id: "7d1e5a10-0000-4000-8000-000000000104",
  zone_code: "100",
  device_id: "MTY-PQ-100",
  area: blockArea(25.6693, -100.3099),
  rate_per_hour: 1200,
  min_minutes: 15,
  max_minutes: 120,
  hours: weekdaysUntil(MINUTES.h20),
};
/** The demo event series with a named landing (docs/product/screens-and-routes.md `/evento/peninsula`). */
export const DEMO_EVENT_SERIES = {
  id: "7d1e5a10-0000-4000-8000-000000000301",
  organisation_id: DEMO_ORGANISATION.id,
  slug: "peninsula",
  name: "Festival Península",
  description: "Música, comida y cultura junto al Parque Fundidora. Compra tu estacionamiento antes de llegar.",
};

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Demo events at the Arena Monterrey (two of them the Península series) and the Moody Center in
 * Austin, dated from the first start of the demo: on sale now, the first one starting in two
 * hours (its gate already admits passes), the others within days.
 */
export function demoEvents(now: number): Seed<NewRow<"events">>[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const nextHour = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const event = (
    id: string,
    fields: Pick<NewRow<"events">, "location_id" | "series_id" | "name" | "description" | "places">,
    starts: number,
    hours: number,
    amount: { suggested: number; editable: boolean; min: number; max: number },
  ): Seed<NewRow<"events">> => {
    return {
      id,
      ...fields,
      starts_at: iso(starts),
      ends_at: iso(starts + hours * HOUR_MS),
      suggested_amount: amount.suggested,
      amount_editable: amount.editable ? 1 : 0,
      min_amount: amount.min,
      max_amount: amount.max,
      sales_open_at: iso(today - DAY_MS),
      sales_close_at: iso(starts + hours * HOUR_MS - HOUR_MS),
      status: "scheduled",
      cancelled_at: null,
    };
  };
  const arena = "7d1e5a10-0000-4000-8000-000000000105";
  const moody = "7d1e5a10-0000-4000-8000-000000000202";
  const peninsulaDay1 = nextHour + 2 * HOUR_MS;
  // Evenings: 02:00 UTC is 20:00 in Monterrey, 01:00 UTC is 19:00 in Austin.
  return [
    event(
      "7d1e5a10-0000-4000-8000-000000000311",
      {
        location_id: arena,
        series_id: DEMO_EVENT_SERIES.id,
        name: "Festival Península · Día 1",
        description: "Escenario principal. Estacionamiento en el lote norte de la Arena.",
        places: 400,
      },
      peninsulaDay1,
      6,
      { suggested: 15000, editable: true, min: 10000, max: 50000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000312",
      {
        location_id: arena,
        series_id: DEMO_EVENT_SERIES.id,
        name: "Festival Península · Día 2",
        description: "Escenario principal. Estacionamiento en el lote norte de la Arena.",
        places: 400,
      },
      peninsulaDay1 + DAY_MS,
      6,
      { suggested: 15000, editable: true, min: 10000, max: 50000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000313",
      {
        location_id: arena,
        series_id: null,
        name: "Rayados vs. Tigres · Clásico Regio (transmisión)",
        description: "Transmisión en pantalla gigante. Cupo limitado.",
        places: 150,
      },
      today + 3 * DAY_MS + 2 * HOUR_MS,
      4,
      { suggested: 8000, editable: false, min: 8000, max: 8000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000321",
      {
        location_id: moody,
        series_id: null,
        name: "Longhorns Basketball vs. Baylor",
        description: "Garage parking next to the arena. Doors open one hour before tip-off.",
        places: 300,
      },
      today + 5 * DAY_MS + HOUR_MS,
      4,
      { suggested: 2000, editable: true, min: 1500, max: 4000 },
    ),
  ];
}
