import { REFERENCE_RAILS, type ReferenceRail } from "@estaciona/contracts/schemas/references";
import { afterAll, describe, expect, it } from "vitest";
import { sweepSubscriptions } from "../../src/modules/subscriptions/renewals.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey } from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createEvent, createLocation, createPlan, createVenue, fixedPrice } from "../support/world.ts";

/**
 * A reference still unpaid keeps the account (issue 27, docs/decisions/0332): for each reference
 * rail and each thing a reference pays (a balance top-up, a pass's first period, an event place),
 * `DELETE /api/user` answers 409 with the code and the message in the driver's language — the
 * balance's message for a top-up, since the money would land in a balance — and the blockers list
 * names it; once the reference has expired unpaid (and, for a pass, the sweep has ended it),
 * nothing of it holds the account.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { buyEventPlace, drainJobs, letExpire } = referenceCalls(app);
const lot = await createLocation(app);
type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
type Product = "balance_top_up" | "subscription_period" | "event_visit";

/** How each product is bought by reference; the charge's id. */
const BUY: Record<Product, (driver: Driver, rail: ReferenceRail) => Promise<string>> = {
  balance_top_up: async (driver, rail) => {
    const issued = await app.inject({
      method: "POST",
      url: "/api/user/balance/top-up/reference",
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: { location_uuid: lot.id, amount: 15_000, rail },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    return issued.json().data.reference.payment_uuid;
  },
  subscription_period: async (driver, rail) => {
    const plan = await createPlan(app, lot.id, { availability: 8 });
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: plan.id,
      vehicle_uuid: driver.vehicle.id,
      reference_rail: rail,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    return bought.json().data.payment.uuid;
  },
  event_visit: async (driver, rail) => {
    const venue = await createVenue(app);
    const event = await createEvent(app, venue.id, { places: 4, ...fixedPrice(10_000) });
    const bought = await buyEventPlace(driver, event.id, rail);
    expect(bought.statusCode, bought.body).toBe(201);
    return bought.json().data.payment.uuid;
  },
};

/** The code and the message each product's unpaid reference answers with, in both languages. */
const REFUSAL: Record<Product, { error: string; es: string; en: string }> = {
  balance_top_up: {
    error: "action_not_available",
    es: "Tu saldo todavía tiene dinero: pide que te lo devolvamos antes de eliminar tu cuenta.",
    en: "Your balance still holds money: ask for it back before deleting your account.",
  },
  subscription_period: {
    error: "user_has_active_subscriptions",
    es: "Tienes pensiones activas.",
    en: "You have active subscriptions.",
  },
  event_visit: { error: "user_has_active_visits", es: "Tienes visitas activas.", en: "You have active visits." },
};

async function sweepUnpaidPasses(driver: Driver) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await app.db.updateTable("subscriptions").set({ expires_at: past }).where("user_id", "=", driver.user.id).execute();
  await sweepSubscriptions(app);
  await drainJobs();
}

const deleteAccount = (driver: Driver, language: "es" | "en") =>
  app.inject({ method: "DELETE", url: "/api/user", headers: { ...driver.headers, "accept-language": language } });

const cases = REFERENCE_RAILS.flatMap((rail) =>
  (Object.keys(BUY) as Product[]).map((product) => [rail, product] as const),
);

describe(`an unpaid reference keeps the account (${testEngine})`, () => {
  it.each(cases)(
    "%s for a %s: refused with its code and message until the reference expires",
    async (rail, product) => {
      const driver = await createDriverWithVehicle(app);
      const paymentId = await BUY[product](driver, rail);

      for (const language of ["es", "en"] as const) {
        const refused = await deleteAccount(driver, language);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({
          error: REFUSAL[product].error,
          error_description: REFUSAL[product][language],
        });
      }
      const blockers = await app.inject({ method: "GET", url: "/api/user/deletion/blockers", headers: driver.headers });
      expect(blockers.statusCode, blockers.body).toBe(200);
      expect(blockers.json().data).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: product, error: REFUSAL[product].error })]),
      );

      await letExpire(paymentId);
      // An unpaid pass ends with the subscriptions' sweep once its own day has passed (decision 0314).
      if (product === "subscription_period") await sweepUnpaidPasses(driver);
      const deleted = await deleteAccount(driver, "en");
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    },
  );
});
