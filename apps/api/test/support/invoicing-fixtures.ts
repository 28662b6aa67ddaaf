import type { TestApp } from "./helpers.ts";
import { createDriverWithVehicle, idempotencyKey, parkedFor, saveSandboxCard } from "./parking-fixtures.ts";

/** A driver with a verified card who parked and paid a stay at `locationId` through the API. */
export async function driverWithPaidStay(app: TestApp, locationId: string) {
  const driver = await createDriverWithVehicle(app);
  const { country } = await app.db
    .selectFrom("locations")
    .select("country")
    .where("id", "=", locationId)
    .executeTakeFirstOrThrow();
  await saveSandboxCard(app, driver.user.id, { country });
  const paymentId = await payStay(app, driver, locationId);
  return { ...driver, paymentId };
}

export async function payStay(
  app: TestApp,
  driver: Awaited<ReturnType<typeof createDriverWithVehicle>>,
  locationId: string,
): Promise<string> {
  const started = await app.inject({
    method: "POST",
    url: "/api/user/visit",
    headers: driver.headers,
    payload: { location_uuid: locationId, vehicle_uuid: driver.vehicle.id },
  });
  if (started.statusCode !== 201) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
  const visitId: string = started.json().data.uuid;
  await parkedFor(app, visitId, 90);
  const paid = await app.inject({
    method: "POST",
    url: `/api/user/visit/${visitId}/pay`,
    headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    payload: {},
  });
  if (paid.statusCode !== 200) throw new Error(`pay answered ${paid.statusCode}: ${paid.body}`);
  const payment = await app.db
    .selectFrom("payments")
    .select("id")
    .where("payable_id", "=", visitId)
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return payment.id;
}

export const validProfile = {
  rfc: "pepa800101ab1",
  legal_name: "Ana Pérez Pérez",
  tax_regime: "612",
  cfdi_use: "G03",
  postal_code: "64000",
  email: "ana.facturas@example.com",
};
