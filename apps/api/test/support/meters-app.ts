import { afterAll, beforeAll, expect } from "vitest";
import { createSignedInUser, createTestApp, type TestApp } from "./helpers.ts";
import { priceOf } from "./meter-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "./parking-fixtures.ts";
import { createMeterZone } from "./world.ts";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Zone = Awaited<ReturnType<typeof createMeterZone>>;

/**
 * The app of a parking meters test file, with an admin, zone 101 (world.ts's default zone: charged
 * around the clock at $12.00 an hour, 15 to 120 minutes) and the driver's meter calls. Called in a
 * describe: it opens them before the file's tests (`opened()` from then on) and closes the app after.
 */
export function metersApp() {
  let app: TestApp | undefined;
  let admin: SignedIn | undefined;
  let zone: Zone | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    zone = await createMeterZone(app, { meter: { zone_code: "101" } });
  });
  afterAll(async () => app?.close());
  const opened = () => ({ app: app as TestApp, admin: admin as SignedIn, zone: zone as Zone });

  const driverWithCard = async (behaviour?: "approve" | "decline") => {
    const driver = await createDriverWithVehicle(opened().app);
    await saveSandboxCard(opened().app, driver.user.id, { behaviour });
    return driver;
  };
  const buy = (
    driver: { headers: Record<string, string>; vehicle: { id: string } },
    minutes: number,
    expectedTotal: number,
    options: { zone?: string; key?: string } = {},
  ) =>
    opened().app.inject({
      method: "POST",
      url: "/api/user/meter-session",
      headers: { ...driver.headers, "idempotency-key": options.key ?? idempotencyKey() },
      payload: {
        zone_uuid: options.zone ?? opened().zone.location.id,
        vehicle_uuid: driver.vehicle.id,
        minutes,
        expected_total: expectedTotal,
      },
    });
  const extend = (driver: { headers: Record<string, string> }, sessionId: string, minutes: number, total: number) =>
    opened().app.inject({
      method: "POST",
      url: `/api/user/meter-session/${sessionId}/extend`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: { minutes, expected_total: total },
    });
  const chargesOf = (userId: string) =>
    opened()
      .app.db.selectFrom("payments")
      .selectAll()
      .where("user_id", "=", userId)
      .where("payable_type", "=", "meter_purchase")
      .execute();
  /** Pays 30 minutes now and answers the session. */
  const paidSession = async (driver: Awaited<ReturnType<typeof driverWithCard>>, minutes = 30) => {
    const now = Date.now();
    const response = await buy(driver, minutes, priceOf(now, now, minutes));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.session as { uuid: string; started_at: string; ends_at: string };
  };
  return { opened, driverWithCard, buy, extend, chargesOf, paidSession };
}
