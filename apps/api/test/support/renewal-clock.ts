import { SUBSCRIPTION_STATUSES } from "@estaciona/contracts";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "./parking-fixtures.ts";
import { buyPass, periodChargesOf } from "./subscriptions-fixtures.ts";
import { sharedPlans } from "./worlds/shared.ts";

/**
 * The controlled clock of the renewal tests: Date is faked (lib/time.ts reads it), the work is
 * found by the sweep and run by the job queue, as the worker does, never by sleeping. Called in a
 * describe: it opens the file's app before its tests (`app()` from then on) and closes it after.
 */
export function renewalClock() {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp();
  });
  afterAll(async () => opened?.close());
  afterEach(() => vi.useRealTimers());
  const app = () => opened as TestApp;
  const HOUR = 3600_000;
  const setClock = (at: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
  };
  /** What the worker does every minute: find due passes, run their jobs (and the ledger's). */
  const tick = async () => {
    await sweepSubscriptions(app());
    while ((await app().jobs.runDueJobs()) > 0);
  };
  const passRow = (id: string) =>
    app().db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const currentPeriod = async (id: string) => {
    const pass = await passRow(id);
    return app()
      .db.selectFrom("subscription_periods")
      .selectAll()
      .where("subscription_id", "=", id)
      .where("number", "=", pass.current_period)
      .executeTakeFirstOrThrow();
  };
  const setCardBehaviour = (cardId: string, behaviour: "approve" | "decline") =>
    app()
      .db.updateTable("sandbox_cards")
      .set({ behaviour })
      .where("id", "=", app().db.selectFrom("payment_methods").select("card_ref").where("id", "=", cardId))
      .execute();
  /** At most one successful charge per period, and every status one of docs/product/entities-and-states.md's. */
  const expectInvariants = async (id: string) => {
    const charges = await periodChargesOf(app(), id);
    const succeeded = charges.filter((charge) => charge.status === "succeeded").map((charge) => charge.number);
    expect(new Set(succeeded).size).toBe(succeeded.length);
    expect(SUBSCRIPTION_STATUSES).toContain((await passRow(id)).status);
  };

  /** A driver's pass, bought through the real call: of the file's shared monthly plan unless told. */
  async function newPass(plan?: string, body: object = {}, host?: string) {
    const driver = await createDriverWithVehicle(app(), { plate: uniquePlate() });
    const card = await saveSandboxCard(app(), driver.user.id);
    const headers = host ? { ...driver.headers, host } : driver.headers;
    const response = await buyPass(app(), headers, idempotencyKey(), {
      plan_uuid: plan ?? (await sharedPlans(app())).monthly.id,
      vehicle_uuid: driver.vehicle.id,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { driver, card, pass: response.json().data.subscription as { uuid: string; status: string } };
  }

  return { app, HOUR, setClock, tick, passRow, currentPeriod, setCardBehaviour, expectInvariants, newPass };
}
