import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, parkedFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { visitsApp } from "../support/visits-app.ts";
import { createMeterZone } from "../support/world.ts";
import { createAustinGarage, createCampusLot, createParkLot } from "../support/worlds/parking.ts";

/** Locations and visits: the public pages, starting a visit, reading visits and deleting with one open. */
describe(`parking: locations and visits (${testEngine})`, () => {
  const visits = visitsApp();
  const { startVisit, pay } = visits;
  let app: TestApp;
  let parkLot: string;
  let austinGarage: string;
  let campusLot: string;
  let meterZone: string;
  beforeAll(async () => {
    app = visits.opened();
    parkLot = (await createParkLot(app)).id;
    austinGarage = (await createAustinGarage(app)).id;
    campusLot = (await createCampusLot(app)).id;
    meterZone = (await createMeterZone(app)).location.id;
  });

  describe("locations", () => {
    it("answers a location's public page with its tariff and the first period's all-in price", async () => {
      const response = await app.inject({ method: "GET", url: `/api/open/location/${parkLot}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        uuid: parkLot,
        name: "Estacionamiento Parque Fundidora",
        coordinates: { lat: 25.6785, lng: -100.2843 },
        kind: "lot",
        currency: "mxn",
        freeflow: false,
        available: true,
        tariff: {
          grace_minutes: 15,
          first_period_minutes: 60,
          first_period_price: 2000,
          increment_minutes: 30,
          increment_price: 1000,
          daily_max: 25000,
        },
        // $20 + $5 convenience + 2.9 % card + 16 % IVA.
        first_period: { subtotal: 2000, convenience_fee: 500, processing_fee: 73, tax: 412, total: 2985 },
      });
    });

    it("lists the active locations for the map and 404s an unknown one", async () => {
      const list = await app.inject({ method: "GET", url: "/api/open/locations" });
      expect(list.statusCode).toBe(200);
      const ids = list.json().data.map((location: { uuid: string }) => location.uuid);
      expect(ids).toEqual(expect.arrayContaining([parkLot, austinGarage, meterZone]));
      const unknown = await app.inject({ method: "GET", url: `/api/open/location/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe("object_not_found");
      // Text that is not a UUID names nothing: answered like an id that does not exist (decision 0012).
      const malformed = await app.inject({ method: "GET", url: "/api/open/location/not-a-uuid" });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json().error).toBe("object_not_found");
    });
  });

  describe("starting a visit", () => {
    it("starts an in_progress visit entered now, with a live quote that is free inside the grace minutes", async () => {
      const driver = await createDriverWithVehicle(app);
      const response = await startVisit(driver.headers, parkLot, driver.vehicle.id);
      expect(response.statusCode).toBe(201);
      const visit = response.json().data;
      expect(visit).toMatchObject({
        status: "in_progress",
        source: "app",
        location: { uuid: parkLot, freeflow: false, exit_window_minutes: 15 },
        vehicle: { uuid: driver.vehicle.id, plate: driver.vehicle.plate },
        exited_at: null,
        paid_at: null,
        amounts: null,
        quote: { subtotal: 0, total: 0, currency: "mxn", next_change: { subtotal: 2000, total: 2985 } },
        payments: [],
        receipt: null,
      });
      expect(Date.now() - Date.parse(visit.entered_at)).toBeLessThan(60_000);
      // Free through the 15 grace minutes.
      expect(Date.parse(visit.quote.next_change.at) - Date.parse(visit.entered_at)).toBe(15 * 60_000);
    });

    it("refuses a vehicle of another driver as not found", async () => {
      const owner = await createDriverWithVehicle(app);
      const other = await createDriverWithVehicle(app);
      const response = await startVisit(other.headers, parkLot, owner.vehicle.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("vehicle_not_found");
    });

    it("refuses an inactive location, and a meter zone that sells sessions instead of stays", async () => {
      const driver = await createDriverWithVehicle(app);
      const inactive = randomUUID();
      const fundidora = await app.db
        .selectFrom("locations")
        .selectAll()
        .where("id", "=", parkLot)
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto("locations")
        .values({ ...fundidora, id: inactive, name: "Cerrado", active: 0 })
        .execute();
      const closed = await startVisit(driver.headers, inactive, driver.vehicle.id);
      expect(closed.statusCode).toBe(422);
      expect(closed.json().error).toBe("location_not_available");
      const meter = await startVisit(driver.headers, meterZone, driver.vehicle.id);
      expect(meter.statusCode).toBe(422);
      expect(meter.json().error).toBe("invalid_location_type");
      const unknown = await startVisit(driver.headers, randomUUID(), driver.vehicle.id);
      expect(unknown.statusCode).toBe(404);
    });

    it("admits only verified e-mails of the location's domain", async () => {
      await app.db.updateTable("locations").set({ email_domain: "uni.mx" }).where("id", "=", campusLot).execute();
      try {
        const outsider = await createDriverWithVehicle(app, { email: `ana.${randomUUID()}@gmail.com` });
        const blocked = await startVisit(outsider.headers, campusLot, outsider.vehicle.id);
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json()).toMatchObject({
          error: "location_email_blocked",
          error_description: "Tu correo no tiene permiso para esta ubicación.",
        });
        const unverified = await createDriverWithVehicle(app, {
          email: `ana.${randomUUID()}@uni.mx`,
          emailVerified: false,
        });
        expect((await startVisit(unverified.headers, campusLot, unverified.vehicle.id)).statusCode).toBe(403);
        const student = await createDriverWithVehicle(app, { email: `ana.${randomUUID()}@alumnos.uni.mx` });
        expect((await startVisit(student.headers, campusLot, student.vehicle.id)).statusCode).toBe(201);
      } finally {
        await app.db.updateTable("locations").set({ email_domain: null }).where("id", "=", campusLot).execute();
      }
    });

    it("refuses a second open visit for the same vehicle", async () => {
      const driver = await createDriverWithVehicle(app);
      expect((await startVisit(driver.headers, parkLot, driver.vehicle.id)).statusCode).toBe(201);
      const again = await startVisit(driver.headers, austinGarage, driver.vehicle.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("vehicle_with_active_visit");
    });

    it("opens exactly one visit when two starts for one vehicle race", async () => {
      const driver = await createDriverWithVehicle(app);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => startVisit(driver.headers, parkLot, driver.vehicle.id)),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      const visits = await app.db
        .selectFrom("visits")
        .select("id")
        .where("vehicle_id", "=", driver.vehicle.id)
        .execute();
      expect(visits).toHaveLength(1);
    });

    it("lets the database itself refuse a second open visit (the partial unique index)", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      const row = await app.db.selectFrom("visits").selectAll().where("id", "=", visit.uuid).executeTakeFirstOrThrow();
      await expect(
        app.db
          .insertInto("visits")
          .values({ ...row, id: randomUUID(), status: "pending_payment" })
          .execute(),
      ).rejects.toThrow();
      // A finished visit does not count: history can hold many.
      await app.db
        .insertInto("visits")
        .values({ ...row, id: randomUUID(), status: "finished" })
        .execute();
    });
  });

  describe("reading visits", () => {
    it("hides another driver's visit behind a 404 everywhere", async () => {
      const owner = await createDriverWithVehicle(app);
      const visit = (await startVisit(owner.headers, parkLot, owner.vehicle.id)).json().data;
      const stranger = await createDriverWithVehicle(app);
      await saveSandboxCard(app, stranger.user.id);
      for (const request of [
        { method: "GET" as const, url: `/api/user/visit/${visit.uuid}` },
        { method: "GET" as const, url: `/api/user/visit/${visit.uuid}/quote` },
      ]) {
        const response = await app.inject({ ...request, headers: stranger.headers });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe("object_not_found");
      }
      const payment = await pay(stranger.headers, visit.uuid, idempotencyKey());
      expect(payment.statusCode).toBe(404);
      const unauthenticated = await app.inject({ method: "GET", url: `/api/user/visit/${visit.uuid}` });
      expect(unauthenticated.statusCode).toBe(401);
    });

    it("lists active and past visits with pages, and feeds the home screen", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      for (let index = 0; index < 3; index += 1) {
        const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
        await parkedFor(app, visit.uuid, 70);
        expect((await pay(driver.headers, visit.uuid, idempotencyKey())).statusCode).toBe(200);
      }
      const open = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, open.uuid, 61);

      const past = await app.inject({
        method: "GET",
        url: "/api/user/visits?status=past&page=1&limit=2",
        headers: driver.headers,
      });
      expect(past.statusCode).toBe(200);
      expect(past.json().data).toMatchObject({ page: 1, limit: 2, total: 3, total_exact: true });
      expect(past.json().data.items).toHaveLength(2);
      // Keyset paging: the answer says where page 2 starts (and no page 3: one row is left).
      expect(past.json().data.next_pages).toHaveLength(1);
      expect(past.json().data.items[0]).toMatchObject({
        status: "finished",
        total: 4178,
        // The lot's clock travels with each row, so the list shows the same times as the detail.
        location: { uuid: parkLot, time_zone: "America/Monterrey" },
        vehicle: { plate: driver.vehicle.plate },
      });
      const secondPage = await app.inject({
        method: "GET",
        url: `/api/user/visits?status=past&page=2&limit=2&after=${past.json().data.next_pages[0]}`,
        headers: driver.headers,
      });
      expect(secondPage.json().data.items).toHaveLength(1);
      expect(secondPage.json().data.next_pages).toEqual([]);
      const pastIds = [...past.json().data.items, ...secondPage.json().data.items].map((row) => row.uuid);
      expect(new Set(pastIds).size).toBe(3);
      // Text that is not one of our cursors is refused, not read as a position.
      const forged = await app.inject({
        method: "GET",
        url: "/api/user/visits?after=bm90LWEtY3Vyc29y",
        headers: driver.headers,
      });
      expect(forged.statusCode).toBe(422);
      expect(forged.json().error).toBe("invalid_data");

      const active = await app.inject({
        method: "GET",
        url: "/api/user/visits?status=active",
        headers: driver.headers,
      });
      expect(active.json().data).toMatchObject({
        total: 1,
        items: [{ uuid: open.uuid, status: "in_progress", total: 4178 }],
      });
      const all = await app.inject({ method: "GET", url: "/api/user/visits", headers: driver.headers });
      expect(all.json().data.total).toBe(4);

      const dashboard = await app.inject({ method: "GET", url: "/api/user/dashboard", headers: driver.headers });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.json().data.active_visit).toMatchObject({ uuid: open.uuid, quote: { subtotal: 3000 } });
      expect(dashboard.json().data.recent_visits).toHaveLength(4);

      const stranger = await createSignedInUser(app);
      const empty = await app.inject({ method: "GET", url: "/api/user/dashboard", headers: stranger.headers });
      expect(empty.json().data).toEqual({ active_visit: null, recent_visits: [] });
    });

    it("counts a driver's many stays only as far as the paginator links, and says when the count is whole", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      const row = await app.db.selectFrom("visits").selectAll().where("id", "=", visit.uuid).executeTakeFirstOrThrow();
      // 30 earlier finished stays beside the open one: 31 rows, 7 pages of 5.
      await app.db
        .insertInto("visits")
        .values(
          Array.from({ length: 30 }, (_, index) => {
            const at = new Date(Date.parse(row.created_at) - (index + 1) * 86_400_000).toISOString();
            return { ...row, id: randomUUID(), status: "finished" as const, created_at: at, entered_at: at };
          }),
        )
        .execute();
      const list = async (url: string) =>
        (await app.inject({ method: "GET", url, headers: driver.headers })).json().data;
      // Page 1 reads its rows, four pages ahead and one row more: at least 21, not all 31.
      const first = await list("/api/user/visits");
      expect(first).toMatchObject({ page: 1, total: 21, total_exact: false });
      expect(first.next_pages).toHaveLength(4);
      // From page 5 the rest is in reach: 20 before it and 11 from its start, counted whole.
      const fifth = await list(`/api/user/visits?page=5&after=${first.next_pages[3]}`);
      expect(fifth).toMatchObject({ page: 5, total: 31, total_exact: true });
      expect(fifth.next_pages).toHaveLength(2);
    });
  });

  describe("deleting with an open visit", () => {
    it("refuses to delete a vehicle or an account with an open visit, and allows it once settled", async () => {
      const driver = await createDriverWithVehicle(app);
      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      const vehicle = await app.inject({
        method: "DELETE",
        url: `/api/user/vehicle/${driver.vehicle.id}`,
        headers: driver.headers,
      });
      expect(vehicle.statusCode).toBe(409);
      expect(vehicle.json().error).toBe("vehicle_with_active_visit");
      const account = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
      expect(account.statusCode).toBe(409);
      expect(account.json().error).toBe("user_has_active_visits");
      // The list says so ahead, so the app offers no "delete" (issue 24 item 6).
      const refusalOf = async () =>
        (await app.inject({ method: "GET", url: "/api/user/vehicles", headers: driver.headers })).json().data[0]
          .delete_refused;
      expect(await refusalOf()).toBe("vehicle_with_active_visit");

      expect((await pay(driver.headers, visit.uuid, idempotencyKey())).json().data.visit.status).toBe("finished");
      expect(await refusalOf()).toBeNull();
      const deleted = await app.inject({
        method: "DELETE",
        url: `/api/user/vehicle/${driver.vehicle.id}`,
        headers: driver.headers,
      });
      expect(deleted.statusCode).toBeLessThan(300);
    });

    it("keeps the driver's last card of the country while a stay there is open or unpaid (docs/product/money.md)", async () => {
      const driver = await createDriverWithVehicle(app);
      const card = await saveSandboxCard(app, driver.user.id, { behaviour: "decline" });
      const usCard = await saveSandboxCard(app, driver.user.id, { country: "us", last4: "1881" });
      const removeCard = (id: string) =>
        app.inject({ method: "DELETE", url: `/api/user/payment/method/${id}`, headers: driver.headers });
      const cardsLeft = async () =>
        (await app.inject({ method: "GET", url: "/api/user/payment/methods", headers: driver.headers }))
          .json()
          .data.map((method: { uuid: string }) => method.uuid);

      const visit = (await startVisit(driver.headers, parkLot, driver.vehicle.id)).json().data;
      await parkedFor(app, visit.uuid, 45);
      const open = await removeCard(card.id);
      expect(open.statusCode).toBe(409);
      expect(open.json().error).toBe("invalid_payment_source_delete");
      // A card of another country is not what this stay would be paid with.
      expect((await removeCard(usCard.id)).statusCode).toBe(200);

      // Declined: the stay is unpaid (pending_payment) and still needs the card.
      expect((await pay(driver.headers, visit.uuid, idempotencyKey())).json().error).toBe("invalid_payment");
      const unpaid = await app.inject({ method: "GET", url: `/api/user/visit/${visit.uuid}`, headers: driver.headers });
      expect(unpaid.json().data.status).toBe("pending_payment");
      expect((await removeCard(card.id)).json().error).toBe("invalid_payment_source_delete");
      expect(await cardsLeft()).toEqual([card.id]);

      // With a second card the first is no longer the only one: the default rule applies instead.
      const second = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "4444" });
      expect((await removeCard(card.id)).json().error).toBe("card_default_delete");
      const paid = await pay(driver.headers, visit.uuid, idempotencyKey(), { payment_method_uuid: second.id });
      expect(paid.json().data.visit.status).toBe("finished");
      expect((await removeCard(second.id)).statusCode).toBe(200);
      // Settled: the last card may go.
      expect((await removeCard(card.id)).statusCode).toBe(200);
      expect(await cardsLeft()).toEqual([]);
    });
  });
});
