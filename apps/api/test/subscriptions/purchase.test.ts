import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "../support/parking-fixtures.ts";
import { subscriptionsApp } from "../support/subscriptions-app.ts";
import { buyPass, createPlanAs, periodChargesOf } from "../support/subscriptions-fixtures.ts";
import { passesWorld } from "../support/worlds/passes.ts";

/** Buying a pass: charged once, scheduled, cancelled, refused, declined, and places counted atomically. */
describe(`subscriptions: plans, buying, cancelling (${testEngine})`, () => {
  const shop = subscriptionsApp();
  const { get, cancel } = shop;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    ({ app, admin } = shop.opened());
    passes = await passesWorld(app);
  });

  describe("buying", () => {
    it("buys a monthly pass today: charged once through the ledger, active, with its exact last day", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const key = idempotencyKey();
      const response = await buyPass(app, driver.headers, key, {
        plan_uuid: passes.monthly.id,
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
        plan_uuid: passes.monthly.id,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(again.json().data.subscription.uuid).toBe(subscription.uuid);
      expect(await periodChargesOf(app, subscription.uuid)).toHaveLength(1);

      // One pass per location and vehicle.
      const second = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
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
      const plan = (await get(`/api/open/plan/${passes.monthly.id}`)).json().data;
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: plan.location.time_zone }).format(new Date());
      const later = new Date(Date.parse(`${today}T12:00:00Z`) + 10 * 86400_000).toISOString().slice(0, 10);
      const response = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
        vehicle_uuid: driver.vehicle.id,
        start_date: later,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { subscription, payment } = response.json().data;
      expect(payment).toBeNull();
      expect(subscription).toMatchObject({ status: "trial", start_date: later, next_charge: { date: later } });
      expect(await periodChargesOf(app, subscription.uuid)).toHaveLength(0);

      const tooLate = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
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
          plan_uuid: passes.monthly.id,
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
          plan_uuid: passes.monthly.id,
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
        plan_uuid: passes.austinMonthly.id,
        vehicle_uuid: driver.vehicle.id,
        payment_method_uuid: undefined,
      });
      // No US card: nothing is created.
      expect(declined.json().error).toBe("no_payment_method");
      const failed = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
        vehicle_uuid: driver.vehicle.id,
        payment_method_uuid: declining.id,
      });
      expect(failed.json().error).toBe("subscription_creation_failed");
      const [incomplete] = (await get("/api/user/subscriptions", driver.headers)).json().data;
      expect(incomplete.status).toBe("incomplete");
      const good = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "1881" });
      const retried = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.monthly.id,
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
        plan_uuid: passes.student.id,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(refused.json().error).toBe("missing_parameters");
      await app.db.updateTable("users").set({ student_id: "A01234567" }).where("id", "=", driver.user.id).execute();
      await app.db
        .updateTable("locations")
        .set({ email_domain: "alumnos.example.edu" })
        .where("id", "=", passes.campus.id)
        .execute();
      try {
        const blocked = await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: passes.student.id,
          vehicle_uuid: driver.vehicle.id,
        });
        expect(blocked.json().error).toBe("location_email_blocked");
      } finally {
        await app.db.updateTable("locations").set({ email_domain: null }).where("id", "=", passes.campus.id).execute();
      }
      const bought = await buyPass(app, driver.headers, idempotencyKey(), {
        plan_uuid: passes.student.id,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(bought.statusCode, bought.body).toBe(201);
    });

    it("counts places atomically: 20 simultaneous purchases of a plan with 5 places make exactly 5 passes", async () => {
      const plan = (
        await createPlanAs(app, admin.headers, {
          location_uuid: passes.lot.id,
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
});
