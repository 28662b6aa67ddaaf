import { feeBreakdown } from "@estaciona/contracts";
import { meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createEvent, createLocation, createMeterZone, createPlan, createVenue, fixedPrice } from "../support/world.ts";

/**
 * Issue 21 items 3 and 5: "delete my account" sent while a pass, an event pass or meter time is being bought.
 * Each takes the driver's row first (the lock order, ARCHITECTURE.md; docs/decisions/0141), so
 * either the purchase lands and the deletion is refused, or the account is gone and the purchase
 * is refused — never a deleted account holding a pass it paid for, never a 5xx.
 */
const ROUNDS = 12;
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const plan = await createPlan(app, (await createLocation(app)).id);
/** An $80 event, its price fixed: the purchase names no amount. */
const event = await createEvent(app, (await createVenue(app)).id, fixedPrice(8000));
/** Charged around the clock at $12.00 an hour, 15–120 minutes. */
const zone = await createMeterZone(app);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MX_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));
/** 30 minutes in the zone ($12/h, always charged): the total the driver is shown. */
const meterTotal = () => {
  const now = Date.now();
  const rules = { ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, timeZone: "America/Monterrey", hours: ALWAYS };
  return feeBreakdown(meterPurchaseSubtotal(rules, now, now, 30), MX_RATES).total;
};

const purchases = {
  pass: {
    blocker: "user_has_active_subscriptions",
    buy: (driver: Awaited<ReturnType<typeof createDriverWithVehicle>>) =>
      buyPass(app, driver.headers, idempotencyKey(), { plan_uuid: plan.id, vehicle_uuid: driver.vehicle.id }),
    bought: (userId: string) =>
      app.db
        .selectFrom("subscriptions")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "not in", ["expired", "canceled"])
        .execute(),
  },
  "event pass": {
    blocker: "user_has_active_visits",
    buy: (driver: Awaited<ReturnType<typeof createDriverWithVehicle>>) =>
      app.inject({
        method: "POST",
        url: `/api/user/event/${event.id}/purchase`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
        payload: { vehicle_uuid: driver.vehicle.id },
      }),
    bought: (userId: string) =>
      app.db
        .selectFrom("event_visits")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "!=", "pending_payment")
        .execute(),
  },
  "meter session": {
    blocker: "user_has_active_visits",
    buy: (driver: Awaited<ReturnType<typeof createDriverWithVehicle>>) =>
      app.inject({
        method: "POST",
        url: "/api/user/meter-session",
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
        payload: {
          zone_uuid: zone.location.id,
          vehicle_uuid: driver.vehicle.id,
          minutes: 30,
          expected_total: meterTotal(),
        },
      }),
    bought: (userId: string) =>
      app.db
        .selectFrom("meter_sessions")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .execute(),
  },
} as const;

describe(`account deletion racing a purchase (${testEngine})`, () => {
  for (const [kind, purchase] of Object.entries(purchases))
    it(`${ROUNDS} rounds of a ${kind} bought while the account is deleted: one of the two wins`, async () => {
      const outcomes = { purchase_won: 0, deletion_won: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const driver = await createDriverWithVehicle(app);
        await saveSandboxCard(app, driver.user.id);
        const [bought, deleted] = await Promise.all([
          purchase.buy(driver),
          // A few milliseconds later each round, so the deletion meets the purchase at every step.
          pause(round * 4).then(() => app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers })),
        ]);
        expect(
          [bought.statusCode, deleted.statusCode].filter((status) => status >= 500),
          bought.body,
        ).toEqual([]);
        const user = await app.db
          .selectFrom("users")
          .select("deleted_at")
          .where("id", "=", driver.user.id)
          .executeTakeFirstOrThrow();
        const held = await purchase.bought(driver.user.id);
        const charges = await app.db
          .selectFrom("payments")
          .select("status")
          .where("user_id", "=", driver.user.id)
          .where("kind", "=", "charge")
          .where("status", "in", ["pending", "requires_action", "succeeded"])
          .execute();
        if (deleted.statusCode === 200) {
          outcomes.deletion_won++;
          expect(user.deleted_at).not.toBeNull();
          expect(bought.statusCode, bought.body).toBeGreaterThanOrEqual(400);
          expect(held).toEqual([]);
          expect(charges).toEqual([]);
        } else {
          outcomes.purchase_won++;
          expect(deleted.statusCode, deleted.body).toBe(409);
          expect(deleted.json().error).toBe(purchase.blocker);
          expect(user.deleted_at).toBeNull();
          expect(bought.statusCode, bought.body).toBeLessThan(300);
          expect(held).toHaveLength(1);
        }
      }
      // Both orders happen over the rounds (the deletion starts later each round).
      expect(outcomes.purchase_won + outcomes.deletion_won).toBe(ROUNDS);
    }, 60_000);
});
