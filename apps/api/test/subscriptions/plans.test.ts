import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { subscriptionsApp } from "../support/subscriptions-app.ts";
import { buyPass, createPlanAs } from "../support/subscriptions-fixtures.ts";
import { createPartnerPage, passesWorld } from "../support/worlds/passes.ts";

/** The plans drivers see and admins write, the partner landings that show them, and refunding a pass. */
describe(`subscriptions: plans, buying, cancelling (${testEngine})`, () => {
  const shop = subscriptionsApp();
  const { get } = shop;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    ({ app, admin } = shop.opened());
    passes = await passesWorld(app);
    const mxLots = [passes.lot.id, passes.nightLot.id];
    await createPartnerPage(app, {
      slug: "aisd",
      hostname: "us.localhost",
      locationIds: [passes.austin.id],
      title_en: "Parking passes for school staff",
    });
    await createPartnerPage(app, {
      slug: "vaughn",
      hostname: "localhost",
      locationIds: mxLots,
      title_en: "Parking for residents",
    });
  });

  describe("plans", () => {
    it("lists the seeded plans of a country with one period's all-in price and places left", async () => {
      const mx = (await get("/api/open/plans?country=mx")).json().data as {
        uuid: string;
        location: { country: string };
      }[];
      expect(mx.length).toBeGreaterThanOrEqual(4);
      expect(mx.every((plan) => plan.location.country === "mx")).toBe(true);
      const monthly = (await get(`/api/open/plan/${passes.monthly.id}`)).json().data;
      expect(monthly).toMatchObject({
        name: "Pensión mensual",
        interval: "month",
        cost: 150000,
        currency: "mxn",
        availability: 50,
        requires_student_id: false,
        location: { uuid: passes.lot.id, country: "mx" },
      });
      // $1,500 + $5 convenience + 2.9 % card + 16 % IVA, as every charge at the lot.
      expect(monthly.period_price.subtotal).toBe(150000);
      expect(monthly.period_price.total).toBe(
        monthly.period_price.subtotal +
          monthly.period_price.convenience_fee +
          monthly.period_price.processing_fee +
          monthly.period_price.tax,
      );
      const us = (await get(`/api/open/plans?location_uuid=${passes.austin.id}`)).json().data as { currency: string }[];
      expect(us.length).toBe(2);
      expect(us.every((plan) => plan.currency === "usd")).toBe(true);
    });

    it("lets an admin create, change and archive plans, with the spec's plan and discount codes", async () => {
      const created = await createPlanAs(app, admin.headers, {
        location_uuid: passes.lot.id,
        name: "Nocturna",
        cost: 70000,
        interval: "month",
        availability: 3,
      });
      expect(created.statusCode).toBe(201);
      const plan = created.json().data;
      expect(plan).toMatchObject({ name: "Nocturna", places_left: 3, status: "active" });

      const changed = await app.inject({
        method: "PUT",
        url: `/api/admin/plan/${plan.uuid}`,
        headers: admin.headers,
        payload: { cost: 80000, availability: null },
      });
      expect(changed.json().data).toMatchObject({ cost: 80000, availability: null, places_left: null });

      const archived = await app.inject({
        method: "POST",
        url: `/api/admin/plan/${plan.uuid}/archive`,
        headers: admin.headers,
      });
      expect(archived.json().data.status).toBe("archived");
      const listed = (await get(`/api/open/plans?location_uuid=${passes.lot.id}`)).json().data as { uuid: string }[];
      expect(listed.map((p) => p.uuid)).not.toContain(plan.uuid);

      const codeOf = async (payload: object) => (await createPlanAs(app, admin.headers, payload)).json().error;
      const base = { location_uuid: passes.lot.id, name: "X", cost: 10000 };
      expect(await codeOf({ ...base, interval: "month", discount: { kind: "percent", value: 10 } })).toBe(
        "invalid_plan_for_discount",
      );
      expect(await codeOf({ ...base, interval: "one_time", discount: { kind: "amount", value: 20000 } })).toBe(
        "invalid_discount_amount",
      );
      expect(await codeOf({ ...base, interval: "one_time", discount: { kind: "percent", value: 101 } })).toBe(
        "invalid_discount_amount",
      );
      expect(await codeOf({ ...base, location_uuid: passes.venue.id, interval: "month" })).toBe("only_one_time_plans");
      expect(await codeOf({ ...base, location_uuid: passes.meterZone.id, interval: "month" })).toBe(
        "plan_creation_error",
      );

      const driver = await createSignedInUser(app);
      expect((await createPlanAs(app, driver.headers, { ...base, interval: "month" })).statusCode).toBe(403);
    });
  });

  describe("partner landings and refunds", () => {
    it("answers each host's partner page with its texts and the plans of its lots", async () => {
      const us = await app.inject({ method: "GET", url: "/api/open/partner/aisd", headers: { host: "us.localhost" } });
      expect(us.json().data).toMatchObject({ slug: "aisd", title: { en: "Parking passes for school staff" } });
      expect(us.json().data.plans.every((plan: { currency: string }) => plan.currency === "usd")).toBe(true);
      const mx = await app.inject({ method: "GET", url: "/api/open/partner/vaughn", headers: { host: "localhost" } });
      expect(mx.json().data.plans.every((plan: { currency: string }) => plan.currency === "mxn")).toBe(true);
      expect((await app.inject({ method: "GET", url: "/api/open/partner/nadie" })).statusCode).toBe(404);
      // A host with no landing of its own shows the default host's texts (isisa has none), with
      // only the passes of its own lots: none of the downtown ones (docs/decisions/0165).
      const isisa = await app.inject({
        method: "GET",
        url: "/api/open/partner/vaughn",
        headers: { host: "isisa.localhost" },
      });
      expect(isisa.statusCode).toBe(200);
      expect(isisa.json().data).toEqual({ ...mx.json().data, plans: [] });
    });

    it("lets the operator refund a pass's paid period once, ending the pass", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const bought = (
        await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: passes.monthly.id,
          vehicle_uuid: driver.vehicle.id,
        })
      ).json().data.subscription;
      const refund = (key: string, payload: object = {}) =>
        app.inject({
          method: "POST",
          url: `/api/admin/subscription/${bought.uuid}/refund`,
          headers: { ...admin.headers, "idempotency-key": key },
          payload,
        });
      expect((await refund(idempotencyKey(), { amount: 99999999 })).json().error).toBe("invalid_refund");
      const done = await refund(idempotencyKey(), { amount: 50000 });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.status).toBe("canceled");
      expect(
        done
          .json()
          .data.payments.map((payment: { kind: string }) => payment.kind)
          .sort(),
      ).toEqual(["charge", "refund"]);
      expect((await refund(idempotencyKey())).json().error).toBe("subscription_already_refunded");

      const trial = await createDriverWithVehicle(app);
      await saveSandboxCard(app, trial.user.id);
      const later = new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10);
      const scheduled = (
        await buyPass(app, trial.headers, idempotencyKey(), {
          plan_uuid: passes.monthly.id,
          vehicle_uuid: trial.vehicle.id,
          start_date: later,
        })
      ).json().data.subscription;
      const nothingPaid = await app.inject({
        method: "POST",
        url: `/api/admin/subscription/${scheduled.uuid}/refund`,
        headers: { ...admin.headers, "idempotency-key": idempotencyKey() },
      });
      expect(nothingPaid.json().error).toBe("invalid_refund");
    });
  });
});
