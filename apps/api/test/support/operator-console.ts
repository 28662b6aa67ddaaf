import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";
import { paidStay as paidStayAtTheLot, refundCall } from "./operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "./parking-fixtures.ts";
import { sharedLot, sharedPlans } from "./worlds/shared.ts";

/** The operator console's tests: the calls they make as an operator and the resources they need. */

export type Headers = Record<string, string>;

/** A promo code no other test has taken. */
export const uniqueCode = (prefix: string) => `${prefix}${newId().replaceAll("-", "").slice(0, 8).toUpperCase()}`;

/** An event next week at a venue: $150 suggested, 100 places, on sale from now. */
export const eventBody = (venueId: string) => {
  const day = 86_400_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  return {
    location_uuid: venueId,
    name: "Concierto",
    description: "",
    starts_at: at(7 * day),
    ends_at: at(7 * day + 4 * 3_600_000),
    places: 100,
    suggested_amount: 15000,
    amount_editable: false,
    min_amount: 15000,
    max_amount: 15000,
    sales_open_at: at(-day),
    sales_close_at: at(7 * day),
  };
};

/** A meter zone's rules: always open, $10 an hour, 10 to 60 minutes. */
export const meterZoneBody = () => ({
  zone_code: `Z${newId().slice(0, 6)}`,
  device_id: `meter-${newId()}`,
  area: [
    [-100.3, 25.6],
    [-100.29, 25.6],
    [-100.29, 25.61],
    [-100.3, 25.6],
  ],
  rate_per_hour: 1000,
  min_minutes: 10,
  max_minutes: 60,
  hours: Array.from({ length: 7 }, () => ({ open: 0, close: 1440 })),
});

/** A host's settings as the platform role sends them. */
export const hostBody = (overrides: Record<string, unknown> = {}) => ({
  theme: "estaciona",
  brand_name: "Estaciona Prueba",
  logo: "/themes/estaciona/logo.svg",
  primary_color: "#0b5cad",
  login_text: { es: "Bienvenido", en: "Welcome" },
  width: 250,
  map: { lat: 25.67, lng: -100.31, zoom: 12 },
  force_spanish: false,
  features: ["visits", "events"],
  organisation_uuid: PLATFORM_ORGANISATION.id,
  privacy_url_en: "https://estaciona.app/en/privacy",
  ...overrides,
});

/** The console calls of a test file's app, and the resources made through them. */
export function consoleCalls(app: TestApp) {
  const call = (headers: Headers, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...headers, ...(options.headers as Headers | undefined) } });

  /** A device at a lot (the file's shared lot unless told), as the console registers it. */
  async function registerDevice(headers: Headers, locationId?: string) {
    const response = await call(headers, {
      method: "POST",
      url: "/api/admin/device",
      payload: {
        device_id: `gate-${newId()}`,
        location_uuid: locationId ?? (await sharedLot(app)).id,
        kind: "gate",
        direction: "both",
        name: "Norte",
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as { uuid: string; key: string };
  }

  const paidStay = () => paidStayAtTheLot(app);

  /** An invoice request of an organisation (the platform's unless told) waiting for the operator (the invoicing suite makes real ones). */
  async function pendingInvoice(organisationId = PLATFORM_ORGANISATION.id) {
    const now = new Date().toISOString();
    const driver = await createSignedInUser(app);
    const id = newId();
    await app.db
      .insertInto("invoices")
      .values({
        id,
        user_id: driver.user.id,
        organisation_id: organisationId,
        tax_profile_id: null,
        kind: "single",
        status: "pending_approval",
        series: "T",
        folio: Math.floor(Math.random() * 1e9),
        issuer_rfc: "EKU9003173C9",
        issuer_name: "ESCUELA KEMPER URGATE",
        issuer_regime: "601",
        issuer_postal_code: "64000",
        receiver_rfc: "XAXX010101000",
        receiver_name: "PUBLICO EN GENERAL",
        receiver_regime: "616",
        receiver_postal_code: "64000",
        receiver_email: "factura@example.com",
        cfdi_use: "S01",
        currency: "mxn",
        subtotal: 1000,
        tax: 160,
        total: 1160,
        provider: "sandbox",
        provider_ref: null,
        cfdi_uuid: null,
        stamped: 0,
        xml: null,
        pdf_base64: null,
        failure_code: null,
        reviewed_by: null,
        reviewed_at: null,
        review_note: null,
        issued_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** A driver's monthly pass at the file's shared lot, bought and paid through the real call. */
  async function paidPass() {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const bought = await call(driver.headers, {
      method: "POST",
      url: "/api/user/subscription",
      headers: { "idempotency-key": idempotencyKey() },
      payload: { plan_uuid: (await sharedPlans(app)).monthly.id, vehicle_uuid: driver.vehicle.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    return bought.json().data.subscription.uuid as string;
  }

  /** A host of its own for a test to change (changing a seeded one would change what other suites see). */
  async function insertTestHost(hostname: string) {
    const seeded = await app.db
      .selectFrom("hosts")
      .selectAll()
      .where("hostname", "=", "localhost")
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto("hosts")
      .values({ ...seeded, hostname, is_default: 0, created_at: nowIso() })
      .execute();
  }

  const refund = (headers: Headers, paymentId: string, payload: object, key?: string) =>
    refundCall(app, headers, paymentId, payload, key);
  async function createPlan(headers: Headers, payload: Record<string, unknown> = {}) {
    const response = await call(headers, {
      method: "POST",
      url: "/api/admin/plan",
      payload: {
        location_uuid: (await sharedLot(app)).id,
        name: "Pensión nocturna",
        cost: 80000,
        interval: "month",
        availability: 4,
        ...payload,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { uuid: string; cost: number };
  }

  async function createCode(headers: Headers, payload: Record<string, unknown>) {
    const response = await call(headers, { method: "POST", url: "/api/admin/discount", payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { uuid: string; code: string };
  }

  async function auditOf(subjectId: string) {
    return app.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_id", "=", subjectId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  return {
    call,
    registerDevice,
    paidStay,
    pendingInvoice,
    paidPass,
    insertTestHost,
    refund,
    createPlan,
    createCode,
    auditOf,
  };
}
