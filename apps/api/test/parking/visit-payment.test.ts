import { beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  parkedFor,
  saveSandboxCard,
} from "../support/parking-fixtures.ts";
import { visitsApp } from "../support/visits-app.ts";
import { createAustinGarage, createParkLot } from "../support/worlds/parking.ts";

/** Paying a visit: the grace minutes, the whole lifecycle, declines, moved prices, 3-D Secure and races. */
describe(`parking: locations and visits (${testEngine})`, () => {
  const visits = visitsApp();
  const { startVisit, pay, chargesOf } = visits;
  let app: TestApp;
  let parkLot: string;
  let austinGarage: string;
  beforeAll(async () => {
    app = visits.opened();
    parkLot = (await createParkLot(app)).id;
    austinGarage = (await createAustinGarage(app)).id;
  });

  describe("paying a visit", () => {
    it("finishes a stay inside the grace minutes without a charge", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 15);
      const response = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(response.statusCode).toBe(200);
      expect(response.json().data.payment).toBeNull();
      const paid = response.json().data.visit;
      expect(paid).toMatchObject({ status: "finished", amounts: { subtotal: 0, total: 0 }, quote: null });
      expect(Date.parse(paid.exit_deadline) - Date.parse(paid.paid_at)).toBe(15 * 60_000);
      expect(await chargesOf(visit.uuid)).toHaveLength(0);
    });

    it("runs the whole lifecycle: quote, pay, receipt, then refuses paying twice", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 90);

      const quote = await app.inject({
        method: "GET",
        url: `/api/user/visit/${visit.uuid}/quote`,
        headers: driver.headers,
      });
      expect(quote.statusCode).toBe(200);
      // 1 h + one started 30-min increment = $30; $5 convenience; round(3 500 × 2.9 %) = 102; round(3 602 × 16 %) = 576.
      expect(quote.json().data).toMatchObject({
        visit_uuid: visit.uuid,
        subtotal: 3000,
        convenience_fee: 500,
        processing_fee: 102,
        tax: 576,
        total: 4178,
        currency: "mxn",
        duration_minutes: 89,
      });

      const withoutCard = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(withoutCard.statusCode).toBe(422);
      expect(withoutCard.json().error).toBe("no_payment_method");

      const card = await saveSandboxCard(app, driver.user.id);
      const key = idempotencyKey();
      const response = await pay(driver.headers, visit.uuid, key);
      expect(response.statusCode).toBe(200);
      const { visit: paid, payment } = response.json().data;
      expect(payment).toMatchObject({ status: "succeeded", redirect_url: null });
      expect(paid).toMatchObject({
        status: "finished",
        amounts: { subtotal: 3000, convenience_fee: 500, processing_fee: 102, tax: 576, total: 4178, currency: "mxn" },
        quote: null,
        payments: [
          { uuid: payment.uuid, kind: "charge", status: "succeeded", amount: 4178, card: { last4: card.last4 } },
        ],
        receipt: {
          plate: driver.vehicle.plate,
          operator: { name: PLATFORM_ORGANISATION.name },
          location: { name: "Estacionamiento Parque Fundidora" },
          amounts: { total: 4178 },
          tax_rate_bp: 1600,
          card: { brand: "visa", last4: card.last4 },
          payment_uuid: payment.uuid,
        },
      });
      expect(Date.parse(paid.exit_deadline) - Date.parse(paid.paid_at)).toBe(15 * 60_000);

      // The receipt is a job enqueued with the payment: the worker (off in tests) sends it.
      expect(await outboxFor(app, driver.user.email ?? "")).toHaveLength(0);
      await app.jobs.runDueJobs();
      const [receipt] = await outboxFor(app, driver.user.email ?? "");
      expect(receipt?.subject).toBe("Tu recibo de estacionamiento: Estacionamiento Parque Fundidora");
      expect(receipt?.body).toContain("$41.78 MXN");
      expect(receipt?.body).toContain(driver.vehicle.plate);
      // The stay's length in words (i18next on the server), not a count of minutes.
      expect(receipt?.body).toMatch(/\(1 h (29|30) min\)/);
      // The brand as the SPA writes it, from the contracts' one spelling.
      expect(receipt?.body).toContain(`Tarjeta: Visa terminación ${card.last4}`);

      const again = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("visit_already_paid");
      const replay = await pay(driver.headers, visit.uuid, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.payment.uuid).toBe(payment.uuid);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      const otherBody = await pay(driver.headers, visit.uuid, key, { payment_method_uuid: card.id });
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json().error).toBe("invalid_data");
      expect(await chargesOf(visit.uuid)).toHaveLength(1);
      await app.jobs.runDueJobs();
      expect(await outboxFor(app, driver.user.email ?? "")).toHaveLength(1);

      const finishedQuote = await app.inject({
        method: "GET",
        url: `/api/user/visit/${visit.uuid}/quote`,
        headers: driver.headers,
      });
      expect(finishedQuote.statusCode).toBe(409);

      // Settled: the vehicle may park again.
      expect((await startVisit(driver.headers, parkLot, driver.vehicle.id)).statusCode).toBe(201);
    });

    it("leaves a declined payment pending_payment, blocks the vehicle, and settles with another card", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 45);
      await saveSandboxCard(app, driver.user.id, { behaviour: "decline", last4: "0002" });

      const declined = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error).toBe("invalid_payment");
      const detail = await app.inject({ method: "GET", url: `/api/user/visit/${visit.uuid}`, headers: driver.headers });
      expect(detail.json().data).toMatchObject({
        status: "pending_payment",
        amounts: null,
        quote: { subtotal: 2000 },
        payments: [{ status: "failed", amount: 2985 }],
        receipt: null,
      });
      const blocked = await startVisit(driver.headers, austinGarage, driver.vehicle.id);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error).toBe("vehicle_with_active_visit");

      const good = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "4444" });
      const settled = await pay(driver.headers, visit.uuid, idempotencyKey(), { payment_method_uuid: good.id });
      expect(settled.statusCode).toBe(200);
      expect(settled.json().data.visit.status).toBe("finished");
      expect(settled.json().data.visit.payments.map((p: { status: string }) => p.status)).toEqual([
        "failed",
        "succeeded",
      ]);
    });

    it("charges nothing when the price moved on since the driver saw it, and charges the price shown", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 45);
      await saveSandboxCard(app, driver.user.id);
      const quote = (
        await app.inject({ method: "GET", url: `/api/user/visit/${visit.uuid}/quote`, headers: driver.headers })
      ).json().data;

      const stale = await pay(driver.headers, visit.uuid, idempotencyKey(), { expected_total: quote.total - 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: "invalid_visit_amount" });
      expect(stale.json().error_description).toContain("No se hizo ningún cargo");
      expect(await chargesOf(visit.uuid)).toEqual([]);

      const paid = await pay(driver.headers, visit.uuid, idempotencyKey(), { expected_total: quote.total });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data.visit.amounts.total).toBe(quote.total);
    });

    it("answers an expired card with its own catalogue code", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 30);
      await saveSandboxCard(app, driver.user.id, { behaviour: "expired" });
      const response = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(response.json().error).toBe("card_expired");
    });

    it("sends the driver to 3-D Secure when the card asks for it, leaving the visit open", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 30);
      await saveSandboxCard(app, driver.user.id, { behaviour: "three_ds" });
      const response = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(response.statusCode).toBe(200);
      expect(response.json().data.payment).toMatchObject({ status: "requires_action" });
      expect(response.json().data.payment.redirect_url).toMatch(/3ds/);
      expect(response.json().data.visit).toMatchObject({
        status: "in_progress",
        payments: [{ status: "requires_action" }],
      });
      const second = await pay(driver.headers, visit.uuid, idempotencyKey());
      expect(second.statusCode).toBe(409);
    });

    it("charges once when two payments of one visit race", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 120);
      await saveSandboxCard(app, driver.user.id);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => pay(driver.headers, visit.uuid, idempotencyKey())),
      );
      const ok = responses.filter((response) => response.statusCode === 200);
      expect(ok).toHaveLength(1);
      for (const refused of responses.filter((response) => response.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(["visit_already_paid", "invalid_payment"]).toContain(refused.json().error);
      }
      const charges = await chargesOf(visit.uuid);
      expect(charges).toHaveLength(1);
      expect(charges[0]?.status).toBe("succeeded");
      const sandboxCharges = await app.db
        .selectFrom("sandbox_charges")
        .select("id")
        .where("reference", "=", charges[0]?.id ?? "")
        .execute();
      expect(sandboxCharges).toHaveLength(1);
    });

    it("needs an Idempotency-Key", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      const response = await app.inject({
        method: "POST",
        url: `/api/user/visit/${visit.uuid}/pay`,
        headers: driver.headers,
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("missing_parameters");
    });
  });
});
