import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "../support/parking-fixtures.ts";
import { buyPass, periodChargesOf } from "../support/subscriptions-fixtures.ts";
import { createLocation, createPlan } from "../support/world.ts";

/**
 * A suspended driver's pass is not renewed (docs/decisions/0278): at the end of its paid period it
 * ends without a charge, whether the lot's organisation or the platform suspended the driver; a
 * driver restored before the period ends renews as usual.
 */
describe(`subscriptions: renewals of a suspended driver (${testEngine})`, () => {
  let app: TestApp;
  let monthlyPlanId: string;
  beforeAll(async () => {
    app = await createTestApp();
    monthlyPlanId = (await createPlan(app, (await createLocation(app)).id)).id;
  });
  afterAll(async () => app.close());
  afterEach(() => vi.useRealTimers());

  const HOUR = 3600_000;
  /** The worker's minute, at the given moment: find due passes, run their jobs. */
  const tickAt = async (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    await sweepSubscriptions(app);
    while ((await app.jobs.runDueJobs()) > 0);
  };
  const passRow = (id: string) =>
    app.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const firstPeriodEnd = async (id: string) => {
    const period = await app.db
      .selectFrom("subscription_periods")
      .select("ends_at")
      .where("subscription_id", "=", id)
      .where("number", "=", 1)
      .executeTakeFirstOrThrow();
    return Date.parse(period.ends_at);
  };

  async function driverWithPass() {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    await saveSandboxCard(app, driver.user.id);
    const response = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: monthlyPlanId,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { driver, passId: response.json().data.subscription.uuid as string };
  }

  const suspend = async (operator: Awaited<ReturnType<typeof createOperator>>, driverId: string, how = "suspend") => {
    const answer = await app.inject({
      method: "POST",
      url: `/api/admin/driver/${driverId}/${how}`,
      headers: operator.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it.each([
    ["the lot's organisation", false],
    ["the platform", true],
  ])("ends the pass at its period's end without a charge when %s suspended the driver", async (_, platform) => {
    const { driver, passId } = await driverWithPass();
    await suspend(await createOperator(app, { platform }), driver.user.id);

    await tickAt((await firstPeriodEnd(passId)) + HOUR);

    const pass = await passRow(passId);
    expect(pass.status).toBe("canceled");
    expect(pass.ended_at).not.toBeNull();
    expect(pass.current_period).toBe(1);
    expect((await periodChargesOf(app, passId)).map((charge) => [charge.number, charge.status])).toEqual([
      [1, "succeeded"],
    ]);
    // Nothing is left for a later sweep to charge.
    await tickAt((await firstPeriodEnd(passId)) + 48 * HOUR);
    expect(await periodChargesOf(app, passId)).toHaveLength(1);
  });

  it("renews as usual when the organisation restored the driver before the period ended", async () => {
    const { driver, passId } = await driverWithPass();
    const operator = await createOperator(app);
    await suspend(operator, driver.user.id);
    await suspend(operator, driver.user.id, "restore");

    await tickAt((await firstPeriodEnd(passId)) + HOUR);

    const pass = await passRow(passId);
    expect(pass.status).toBe("active");
    expect(pass.current_period).toBe(2);
    expect((await periodChargesOf(app, passId)).map((charge) => charge.status)).toEqual(["succeeded", "succeeded"]);
  });
});
