import { addDays, dateIn } from "@estaciona/contracts/periods";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  AUSTIN,
  CAMPUS,
  createDriverWithVehicle,
  FUNDIDORA,
  idempotencyKey,
  saveSandboxCard,
  uniquePlate,
} from "../support/parking-fixtures.ts";
import {
  AUSTIN_MONTHLY,
  buyPass,
  createPlanAs,
  FUNDIDORA_MONTHLY,
  FUNDIDORA_WEEKLY,
  periodChargesOf,
  STUDENT_MONTHLY,
} from "../support/subscriptions-fixtures.ts";

describe(`subscriptions: plans, buying, cancelling (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
  });
  afterAll(async () => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
  const cancel = (headers: Record<string, string>, uuid: string) =>
    app.inject({ method: "POST", url: `/api/user/subscription/${uuid}/cancel`, headers });

  describe("plans", () => {
    it("lists the seeded plans of a country with one period's all-in price and places left", async () => {
      const mx = (await get("/api/open/plans?country=mx")).json().data as {
        uuid: string;
        location: { country: string };
      }[];
      expect(mx.length).toBeGreaterThanOrEqual(4);
      expect(mx.every((plan) => plan.location.country === "mx")).toBe(true);
      const monthly = (await get(`/api/open/plan/${FUNDIDORA_MONTHLY}`)).json().data;
      expect(monthly).toMatchObject({
        name: "Pensión mensual",
        interval: "month",
        cost: 150000,
        currency: "mxn",
        availability: 50,
        requires_student_id: false,
        location: { uuid: FUNDIDORA, country: "mx" },
      });
      // $1,500 + $5 convenience + 2.9 % card + 16 % IVA, as every charge at the lot.
      expect(monthly.period_price.subtotal).toBe(150000);
      expect(monthly.period_price.total).toBe(
        monthly.period_price.subtotal +
          monthly.period_price.convenience_fee +
          monthly.period_price.processing_fee +
          monthly.period_price.tax,
      );
      const us = (await get(`/api/open/plans?location_uuid=${AUSTIN}`)).json().data as { currency: string }[];
      expect(us.length).toBe(2);
      expect(us.every((plan) => plan.currency === "usd")).toBe(true);
    });

    it("lets an admin create, change and archive plans, with the spec's plan and discount codes", async () => {
      const created = await createPlanAs(app, admin.headers, {
        location_uuid: FUNDIDORA,
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
      const listed = (await get(`/api/open/plans?location_uuid=${FUNDIDORA}`)).json().data as { uuid: string }[];
      expect(listed.map((p) => p.uuid)).not.toContain(plan.uuid);

      const codeOf = async (payload: object) => (await createPlanAs(app, admin.headers, payload)).json().error;
      const base = { location_uuid: FUNDIDORA, name: "X", cost: 10000 };
      expect(await codeOf({ ...base, interval: "month", discount: { kind: "percent", value: 10 } })).toBe(
        "invalid_plan_for_discount",
      );
      expect(await codeOf({ ...base, interval: "one_time", discount: { kind: "amount", value: 20000 } })).toBe(
        "invalid_discount_amount",
      );
      expect(await codeOf({ ...base, interval: "one_time", discount: { kind: "percent", value: 101 } })).toBe(
        "invalid_discount_amount",
      );
      expect(await codeOf({ ...base, location_uuid: "7d1e5a10-0000-4000-8000-000000000105", interval: "month" })).toBe(
        "only_one_time_plans",
      );
      expect(await codeOf({ ...base, location_uuid: "7d1e5a10-0000-4000-8000-000000000104", interval: "month" })).toBe(
        "plan_creation_error",
      );

      const driver = await createSignedInUser(app);
      expect((await createPlanAs(app, driver.headers, { ...base, interval: "month" })).statusCode).toBe(403);
    });
  });

  describe("buying", () => {
    it("buys a monthly pass today: charged once through the ledger, active, with its exact last day", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const key = idempotencyKey();
      const response = await buyPass(app, driver.headers, key, {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { subscription, payment } = response.json().data;
      expect(payment.status).toBe("succeeded");
      expect(subscription.status).toBe("active");
      expect(subscription.vehicle.plate).toBe(driver.vehicle.plate);
      expect(subscription.periods).toHaveLength(1);
      expect(subscription.periods[0].status).toBe("paid");
      expect(subscription.cancel_at_period_end).toBe(false);
      expect(subscription.next_charge.date > subscription.current_last_day).toBe(true);
      expect(subscription.payments).toHaveLength(1);

      // The same key replays the first answer: no second pass, no second charge.
      const again = await buyPass(app, driver.headers, key, {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(again.json().data.subscription.uuid).toBe(subscription.uuid);
      expect(await periodChargesOf(app, subscription.uuid)).toHaveLength(1);

      // One pass per location and vehicle.
      const second = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(second.json().error).toBe("subscription_already_active");

      // Listed as current, with its receipt in the outbox once the job ran.
      const current = (await get("/api/user/subscriptions?status=current", driver.headers)).json().data;
      expect(current.map((s: { uuid: string }) => s.uuid)).toEqual([subscription.uuid]);
      await app.jobs.runDueJobs();
      const mail = await app.db
        .selectFrom("outbox_messages")
        .selectAll()
        .where("recipient", "=", driver.user.email as string)
        .execute();
      expect(mail.some((message) => message.subject?.includes("Pensión mensual"))).toBe(true);
    });

    it("schedules a pass for a later date: trial, nothing charged, the charge waits for its first day", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const plan = (await get(`/api/open/plan/${FUNDIDORA_MONTHLY}`)).json().data;
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: plan.location.time_zone }).format(new Date());
      const later = new Date(Date.parse(`${today}T12:00:00Z`) + 10 * 86400_000).toISOString().slice(0, 10);
      const response = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
        start_date: later,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { subscription, payment } = response.json().data;
      expect(payment).toBeNull();
      expect(subscription).toMatchObject({ status: "trial", start_date: later, next_charge: { date: later } });
      expect(await periodChargesOf(app, subscription.uuid)).toHaveLength(0);

      const tooLate = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
        start_date: "2020-01-01",
      });
      expect(tooLate.json().error).toBe("invalid_data");

      // Cancelling before it starts ends it at once.
      const cancelled = await cancel(driver.headers, subscription.uuid);
      expect(cancelled.json().data).toMatchObject({ status: "canceled", next_charge: null });
      expect((await cancel(driver.headers, subscription.uuid)).json().error).toBe("subscription_already_canceled");
    });

    it("cancels an active pass at its period's end: still active, names the last day, not charged again", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const bought = (
        await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: FUNDIDORA_MONTHLY,
          vehicle_uuid: driver.vehicle.id,
        })
      ).json().data.subscription;
      const cancelled = (await cancel(driver.headers, bought.uuid)).json().data;
      expect(cancelled).toMatchObject({
        status: "active",
        cancel_at_period_end: true,
        ends_on: bought.current_last_day,
        next_charge: null,
      });
      expect((await cancel(driver.headers, bought.uuid)).json().error).toBe("subscription_already_canceled");
      // Another driver's pass is simply not found.
      const other = await createSignedInUser(app);
      expect((await cancel(other.headers, bought.uuid)).statusCode).toBe(404);
    });

    it("refuses a vehicle or an account with a renewing pass (active_subscription, user_has_active_subscriptions)", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const bought = (
        await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: FUNDIDORA_MONTHLY,
          vehicle_uuid: driver.vehicle.id,
        })
      ).json().data.subscription;
      const deleteVehicle = await app.inject({
        method: "DELETE",
        url: `/api/user/vehicle/${driver.vehicle.id}`,
        headers: driver.headers,
      });
      expect(deleteVehicle.json().error).toBe("active_subscription");
      const deleteAccount = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
      expect(deleteAccount.json().error).toBe("user_has_active_subscriptions");
      await cancel(driver.headers, bought.uuid);
      const afterCancel = await app.inject({
        method: "DELETE",
        url: `/api/user/vehicle/${driver.vehicle.id}`,
        headers: driver.headers,
      });
      expect(afterCancel.statusCode).toBe(200);
    });

    it("a declined first payment leaves the pass incomplete, and a retry with another card replaces it", async () => {
      const driver = await createDriverWithVehicle(app);
      const declining = await saveSandboxCard(app, driver.user.id, { behaviour: "decline" });
      const declined = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: AUSTIN_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
        payment_method_uuid: undefined,
      });
      // No US card: nothing is created.
      expect(declined.json().error).toBe("no_payment_method");
      const failed = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
        payment_method_uuid: declining.id,
      });
      expect(failed.json().error).toBe("subscription_creation_failed");
      const [incomplete] = (await get("/api/user/subscriptions", driver.headers)).json().data;
      expect(incomplete.status).toBe("incomplete");
      const good = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "1881" });
      const retried = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
        payment_method_uuid: good.id,
      });
      expect(retried.statusCode, retried.body).toBe(201);
      const all = (await get("/api/user/subscriptions", driver.headers)).json().data as { status: string }[];
      expect(all.map((s) => s.status).sort()).toEqual(["active", "expired"]);
    });

    it("sells a student pass only with a student id, and a domain-restricted lot only to its verified e-mails", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const refused = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: STUDENT_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(refused.json().error).toBe("missing_parameters");
      await app.db.updateTable("users").set({ student_id: "A01234567" }).where("id", "=", driver.user.id).execute();
      await app.db
        .updateTable("locations")
        .set({ email_domain: "alumnos.example.edu" })
        .where("id", "=", CAMPUS)
        .execute();
      try {
        const blocked = await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: STUDENT_MONTHLY,
          vehicle_uuid: driver.vehicle.id,
        });
        expect(blocked.json().error).toBe("location_email_blocked");
      } finally {
        await app.db.updateTable("locations").set({ email_domain: null }).where("id", "=", CAMPUS).execute();
      }
      const bought = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: STUDENT_MONTHLY,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(bought.statusCode, bought.body).toBe(201);
    });

    it("counts places atomically: 20 simultaneous purchases of a plan with 5 places make exactly 5 passes", async () => {
      const plan = (
        await createPlanAs(app, admin.headers, {
          location_uuid: FUNDIDORA,
          name: "Cinco lugares",
          cost: 50000,
          interval: "month",
          availability: 5,
        })
      ).json().data;
      const drivers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
          await saveSandboxCard(app, driver.user.id);
          return driver;
        }),
      );
      const answers = await Promise.all(
        drivers.map((driver) =>
          buyPass(app, driver.headers, idempotencyKey(), { plan_uuid: plan.uuid, vehicle_uuid: driver.vehicle.id }),
        ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? "ok" : answer.json().error));
      expect(codes.filter((code) => code === "ok")).toHaveLength(5);
      expect(codes.filter((code) => code === "plan_availability_reached")).toHaveLength(15);
      expect((await get(`/api/open/plan/${plan.uuid}`)).json().data.places_left).toBe(0);
    });
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
            plan_uuid: FUNDIDORA_MONTHLY,
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
      await createDiscount({ code: "SOLOAUSTIN", kind: "percent", value: 10, plan_uuid: AUSTIN_MONTHLY });
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);

      const promo = (await get("/api/user/discount/gratis", driver.headers)).json().data;
      expect(promo).toMatchObject({ code: "GRATIS", kind: "percent", value: 100, periods: 1 });
      expect(promo.plans.length).toBeGreaterThan(0);

      const quote = await get(`/api/user/plan/${FUNDIDORA_MONTHLY}/quote?discount_code=GRATIS`, driver.headers);
      expect(quote.json().data.first_period.total).toBe(0);
      expect(quote.json().data.renewals).toMatchObject([{ from_period: 2, amounts: { subtotal: 150000 } }]);
      expect(
        (await get(`/api/user/plan/${FUNDIDORA_MONTHLY}/quote?discount_code=NOEXISTE`, driver.headers)).json().error,
      ).toBe("discount_not_found");
      expect(
        (await get(`/api/user/plan/${FUNDIDORA_MONTHLY}/quote?discount_code=SOLOAUSTIN`, driver.headers)).json().error,
      ).toBe("discount_not_available_for_this_plan");

      // A free first period is paid without a charge; the code is then used up for this driver.
      const bought = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: FUNDIDORA_MONTHLY,
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
        plan_uuid: FUNDIDORA_MONTHLY,
        starts_on: monterreyToday,
        ends_on: monterreyToday,
      });
      await createDiscount({
        code: "MANANAMTY",
        kind: "percent",
        value: 10,
        plan_uuid: FUNDIDORA_MONTHLY,
        starts_on: addDays(monterreyToday, 1),
      });
      await createDiscount({
        code: "AYERMTY",
        kind: "percent",
        value: 10,
        plan_uuid: FUNDIDORA_MONTHLY,
        ends_on: addDays(monterreyToday, -1),
      });
      const driver = await createDriverWithVehicle(app);

      const today = await get("/api/user/discount/HOYMTY", driver.headers);
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json().data.plans.map((plan: { uuid: string }) => plan.uuid)).toEqual([FUNDIDORA_MONTHLY]);
      const quote = await get(`/api/user/plan/${FUNDIDORA_MONTHLY}/quote?discount_code=HOYMTY`, driver.headers);
      expect(quote.statusCode, quote.body).toBe(200);
      for (const code of ["MANANAMTY", "AYERMTY"]) {
        expect((await get(`/api/user/discount/${code}`, driver.headers)).json().error).toBe("discount_not_available");
        expect(
          (await get(`/api/user/plan/${FUNDIDORA_MONTHLY}/quote?discount_code=${code}`, driver.headers)).json().error,
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
            plan_uuid: FUNDIDORA_WEEKLY,
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
          plan_uuid: FUNDIDORA_MONTHLY,
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
          plan_uuid: FUNDIDORA_MONTHLY,
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
