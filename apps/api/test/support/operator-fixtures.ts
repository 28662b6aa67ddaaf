import { expect } from "vitest";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";
import { createDriverWithVehicle, idempotencyKey, parkedFor, saveSandboxCard } from "./parking-fixtures.ts";
import { sharedLot } from "./worlds/shared.ts";

/**
 * An operator ("Op Test") of an organisation, the platform's by default, without the platform role
 * unless asked, optionally limited to some of its locations.
 */
export async function createOperator(
  app: TestApp,
  options: { organisationId?: string; platform?: boolean; locationIds?: string[] } = {},
) {
  const operator = await createSignedInUser(app, { role: "admin", first_name: "Op", last_name: "Test" });
  await app.db
    .updateTable("operator_memberships")
    .set({ organisation_id: options.organisationId ?? PLATFORM_ORGANISATION.id, platform: options.platform ? 1 : 0 })
    .where("user_id", "=", operator.user.id)
    .execute();
  for (const location_id of options.locationIds ?? [])
    await app.db.insertInto("operator_location_grants").values({ user_id: operator.user.id, location_id }).execute();
  return operator;
}

/** A valid body for `POST admin/location` (and `PUT admin/location/{uuid}`): a lot in Monterrey. */
export const locationBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Estacionamiento Prueba",
  address: "Av. Constitución 100, Monterrey",
  kind: "lot",
  lat: 25.67,
  lng: -100.31,
  time_zone: "America/Monterrey",
  country: "mx",
  freeflow: false,
  active: true,
  capacity: 120,
  exit_window_minutes: 15,
  invoice_window_days: 30,
  invoicing: "automatic",
  email_domain: null,
  tariff: {
    grace_minutes: 10,
    first_period_minutes: 60,
    first_period_price: 2500,
    increment_minutes: 30,
    increment_price: 1000,
    daily_max: 20000,
  },
  rates: { tax_rate_bp: 1600, convenience_rate_bp: 0, convenience_fixed: 500, card_rate_bp: 290, card_fixed: 0 },
  ...overrides,
});

/** A driver who paid a 90-minute stay at a lot (the file's shared lot unless told) through the real pay call: a succeeded sandbox charge. */
export async function paidStay(app: TestApp, locationId?: string) {
  const driver = await createDriverWithVehicle(app);
  await saveSandboxCard(app, driver.user.id);
  const visit = (
    await app.inject({
      method: "POST",
      url: "/api/user/visit",
      headers: driver.headers,
      payload: { location_uuid: locationId ?? (await sharedLot(app)).id, vehicle_uuid: driver.vehicle.id },
    })
  ).json().data;
  await parkedFor(app, visit.uuid, 90);
  const paid = await app.inject({
    method: "POST",
    url: `/api/user/visit/${visit.uuid}/pay`,
    headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    payload: {},
  });
  expect(paid.statusCode).toBe(200);
  const paymentId = paid.json().data.payment.uuid as string;
  const { amount } = await app.db
    .selectFrom("payments")
    .select("amount")
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  return { driver, visitId: visit.uuid as string, paymentId, amount };
}

/** The console's refund call, with its own Idempotency-Key unless given one. */
export const refundCall = (
  app: TestApp,
  headers: Record<string, string>,
  paymentId: string,
  payload: object,
  key = idempotencyKey(),
) =>
  app.inject({
    method: "POST",
    url: `/api/admin/payment/${paymentId}/refund`,
    headers: { ...headers, "idempotency-key": key },
    payload,
  });
