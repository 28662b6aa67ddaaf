import { addDays, dateIn } from "@estaciona/contracts/periods";
import { beforeAll, describe, expect, it } from "vitest";
import { type createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "../support/parking-fixtures.ts";
import { subscriptionsApp } from "../support/subscriptions-app.ts";
import { buyPass, periodChargesOf } from "../support/subscriptions-fixtures.ts";
import { passesWorld } from "../support/worlds/passes.ts";

/** Promo codes: created once, discounting the first periods, read on the lot's clock, redeemed atomically. */
describe(`subscriptions: plans, buying, cancelling (${testEngine})`, () => {
  const shop = subscriptionsApp();
  const { get } = shop;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    ({ app, admin } = shop.opened());
    passes = await passesWorld(app);
  });

  describe("promo codes", () => {
    const createDiscount = (payload: object) =>
      app.inject({ method: "POST", url: "/api/admin/discount", headers: admin.headers, payload });

    it("lets an admin create a code once, with the spec's codes for a bad one", async () => {
      const created = await createDiscount({ code: "verano25", kind: "percent", value: 25, periods: 2 });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({
        code: "VERANO25",
        kind: "percent",
        value: 25,
        periods: 2,
        redemptions: 0,
      });
      expect((await createDiscount({ code: "VERANO25", kind: "percent", value: 10 })).json().error).toBe(
        "code_already_exist",
      );
      expect((await createDiscount({ code: "MUCHO", kind: "percent", value: 120 })).json().error).toBe(
        "invalid_discount_amount",
      );
      expect((await createDiscount({ code: "SINMONEDA", kind: "amount", value: 100 })).json().error).toBe(
        "discount_creation_failed",
      );
      expect(
        (
          await createDiscount({
            code: "CARO",
            kind: "amount",
            value: 999999,
            currency: "mxn",
            plan_uuid: passes.monthly.id,
          })
        ).json().error,
      ).toBe("invalid_discount_amount");
      expect(
        (
          await createDiscount({
            code: "FECHAS",
            kind: "percent",
            value: 5,
            starts_on: "2027-02-01",
            ends_on: "2027-01-01",
          })
        ).json().error,
      ).toBe("discount_creation_failed");
    });

    it("discounts the first periods, never below zero, once per driver, only where it applies", async () => {
      await createDiscount({ code: "GRATIS", kind: "percent", value: 100, periods: 1 });
      await createDiscount({ code: "SOLOAUSTIN", kind: "percent", value: 10, plan_uuid: passes.austinMonthly.id });
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);

      const promo = (await get("/api/user/discount/gratis", driver.headers)).json().data;
      expect(promo).toMatchObject({ code: "GRATIS", kind: "percent", value: 100, periods: 1 });
      expect(promo.plans.length).toBeGreaterThan(0);

      const quote = await get(`/api/user/plan/${passes.monthly.id}/quote?discount_code=GRATIS`, driver.headers);
      expect(quote.json().data.first_period.total).toBe(0);
      expect(quote.json().data.renewals).toMatchObject([{ from_period: 2, amounts: { subtotal: 150000 } }]);
      expect(
        (await get(`/api/user/plan/${passes.monthly.id}/quote?discount_code=NOEXISTE`, driver.headers)).json().error,
      ).toBe("discount_not_found");
      expect(
        (await get(`/api/user/plan/${passes.monthly.id}/quote?discount_code=SOLOAUSTIN`, driver.headers)).json().error,
      ).toBe("discount_not_available_for_this_plan");

      // A free first period is paid without a charge; the code is then used up for this driver.
      const bought = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
        vehicle_uuid: driver.vehicle.id,
        discount_code: "gratis",
      });
      expect(bought.statusCode, bought.body).toBe(201);
      expect(bought.json().data).toMatchObject({
        payment: null,
        subscription: { status: "active", discount: { code: "GRATIS" } },
      });
      expect(await periodChargesOf(app, bought.json().data.subscription.uuid)).toHaveLength(0);
      expect((await get("/api/user/discount/GRATIS", driver.headers)).json().error).toBe("discount_not_available");
    });

    it("reads a code's dates on the lot's clock on /promo, as the checkout does", async () => {
      const now = Date.now();
      const monterreyToday = dateIn("America/Monterrey", now);
      await createDiscount({
        code: "HOYMTY",
        kind: "percent",
        value: 10,
        plan_uuid: passes.monthly.id,
        starts_on: monterreyToday,
        ends_on: monterreyToday,
      });
      await createDiscount({
        code: "MANANAMTY",
        kind: "percent",
        value: 10,
        plan_uuid: passes.monthly.id,
        starts_on: addDays(monterreyToday, 1),
      });
      await createDiscount({
        code: "AYERMTY",
        kind: "percent",
        value: 10,
        plan_uuid: passes.monthly.id,
        ends_on: addDays(monterreyToday, -1),
      });
      const driver = await createDriverWithVehicle(app);

      const today = await get("/api/user/discount/HOYMTY", driver.headers);
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json().data.plans.map((plan: { uuid: string }) => plan.uuid)).toEqual([passes.monthly.id]);
      const quote = await get(`/api/user/plan/${passes.monthly.id}/quote?discount_code=HOYMTY`, driver.headers);
      expect(quote.statusCode, quote.body).toBe(200);
      for (const code of ["MANANAMTY", "AYERMTY"]) {
        expect((await get(`/api/user/discount/${code}`, driver.headers)).json().error).toBe("discount_not_available");
        expect(
          (await get(`/api/user/plan/${passes.monthly.id}/quote?discount_code=${code}`, driver.headers)).json().error,
        ).toBe("discount_not_available");
      }
    });

    it("a code with 3 redemptions left under 10 simultaneous checkouts discounts exactly 3", async () => {
      await createDiscount({ code: "TRES", kind: "amount", value: 10000, currency: "mxn", max_redemptions: 3 });
      const drivers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
          await saveSandboxCard(app, driver.user.id);
          return driver;
        }),
      );
      const answers = await Promise.all(
        drivers.map((driver) =>
          buyPass(app, driver.headers, idempotencyKey(), {
            plan_uuid: passes.weekly.id,
            vehicle_uuid: driver.vehicle.id,
            discount_code: "TRES",
          }),
        ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? "ok" : answer.json().error));
      expect(codes.filter((code) => code === "ok")).toHaveLength(3);
      expect(codes.filter((code) => code === "discount_not_available")).toHaveLength(7);
      const row = await app.db.selectFrom("discounts").selectAll().where("code", "=", "TRES").executeTakeFirstOrThrow();
      expect(row.redemptions).toBe(3);
    });
  });
});
