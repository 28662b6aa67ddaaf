import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  outboxFor,
  parkedFor,
  saveSandboxCard,
  uniquePlate,
} from "../support/parking-fixtures.ts";
import { createFreeflowLot, createParkLot } from "../support/worlds/parking.ts";

describe(`parking: devices and freeflow (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let parkLot: string;
  let freeflowLot: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    parkLot = (await createParkLot(app)).id;
    freeflowLot = (await createFreeflowLot(app)).id;
  });
  afterAll(async () => app.close());

  let deviceCounter = 0;
  const registerDevice = (
    headers: Record<string, string>,
    fields: { location_uuid?: string; direction?: "entry" | "exit" | "both"; device_id?: string } = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/admin/device",
      headers,
      payload: {
        device_id: fields.device_id ?? `gate-${process.pid}-${++deviceCounter}`,
        location_uuid: fields.location_uuid ?? freeflowLot,
        kind: "gate",
        direction: fields.direction ?? "both",
      },
    });
  const deviceKeyFor = async (locationId: string, direction: "entry" | "exit" | "both" = "both") => {
    const response = await registerDevice(admin.headers, { location_uuid: locationId, direction });
    expect(response.statusCode).toBe(201);
    return response.json().data.key as string;
  };
  const report = (direction: "entry" | "exit", key: string | undefined, plate: string) =>
    app.inject({
      method: "POST",
      url: `/api/device/${direction}`,
      headers: key === undefined ? {} : { "x-device-key": key },
      payload: { plate },
    });
  const visitOf = (visitId: string) =>
    app.db.selectFrom("visits").selectAll().where("id", "=", visitId).executeTakeFirstOrThrow();

  describe("registration", () => {
    it("registers a device for an admin only, answering its key once and storing only a hash", async () => {
      const driver = await createSignedInUser(app);
      const forbidden = await registerDevice(driver.headers);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toBe("forbidden_access");
      const anonymous = await registerDevice({});
      expect(anonymous.statusCode).toBe(401);

      const response = await registerDevice(admin.headers, { device_id: `cam-${process.pid}-unique` });
      expect(response.statusCode).toBe(201);
      const device = response.json().data;
      expect(device).toMatchObject({
        device_id: `cam-${process.pid}-unique`,
        location_uuid: freeflowLot,
        kind: "gate",
        direction: "both",
      });
      expect(device.key).toMatch(/^edk_[A-Za-z0-9_-]{43}$/);
      const row = await app.db
        .selectFrom("devices")
        .selectAll()
        .where("id", "=", device.uuid)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).not.toContain(device.key.slice(4));
      expect(JSON.stringify(row)).not.toContain(device.key);

      const duplicate = await registerDevice(admin.headers, { device_id: `cam-${process.pid}-unique` });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toBe("device_id_already_exists");
    });

    it("refuses an unknown or missing device key, before looking at the body", async () => {
      for (const key of [undefined, "", "edk_not-a-real-key"]) {
        const response = await report("entry", key, "ABC123");
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe("authentication_error");
      }
      const garbage = await app.inject({
        method: "POST",
        url: "/api/device/exit",
        headers: { "x-device-key": "edk_wrong" },
        payload: { nothing: true },
      });
      expect(garbage.statusCode).toBe(401);
    });

    it("refuses a direction the device does not report", async () => {
      const exitOnly = await deviceKeyFor(parkLot, "exit");
      const response = await report("entry", exitOnly, uniquePlate());
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe("forbidden_access");
    });
  });

  describe("entries", () => {
    it("opens an in_progress visit for a registered plate, once, and none for an unknown plate", async () => {
      const key = await deviceKeyFor(parkLot, "entry");
      const driver = await createDriverWithVehicle(app);
      const entry = await report("entry", key, driver.vehicle.plate.toLowerCase());
      expect(entry.statusCode).toBe(200);
      const result = entry.json().data;
      expect(result).toMatchObject({
        open: true,
        charge: null,
        visit: { status: "in_progress", plate: driver.vehicle.plate, total: 0, currency: "mxn" },
      });
      const visit = await visitOf(result.visit.uuid);
      expect(visit).toMatchObject({ source: "device", user_id: driver.user.id, location_id: parkLot });
      // The camera reports the same car again: the same visit.
      const again = await report("entry", key, driver.vehicle.plate);
      expect(again.json().data.visit.uuid).toBe(result.visit.uuid);
      // The driver sees it in the app.
      const mine = await app.inject({ method: "GET", url: "/api/user/visits?status=active", headers: driver.headers });
      expect(mine.json().data.items.map((item: { uuid: string }) => item.uuid)).toEqual([result.visit.uuid]);

      const unknownPlate = uniquePlate();
      const unknown = await report("entry", key, unknownPlate);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe("vehicle_not_found");
      const before = await app.db.selectFrom("visits").select("id").execute();
      expect((await report("entry", key, unknownPlate)).statusCode).toBe(404);
      expect(await app.db.selectFrom("visits").select("id").execute()).toHaveLength(before.length);
    });
  });

  describe("freeflow exits", () => {
    it("answers vehicle_not_found for an unknown plate", async () => {
      const key = await deviceKeyFor(freeflowLot);
      const response = await report("exit", key, uniquePlate());
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("vehicle_not_found");
    });

    it("charges the stay to the card flagged for freeflow and finishes the visit with a receipt", async () => {
      const key = await deviceKeyFor(freeflowLot);
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id, { last4: "1111" });
      const freeflowCard = await saveSandboxCard(app, driver.user.id, {
        isDefault: false,
        freeFlow: true,
        last4: "4444",
      });
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, entry.visit.uuid, 75);

      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.statusCode).toBe(200);
      // $25 first hour + one 15-min increment $7 = $32; $5 convenience; round(3 700 × 2.9 %) = 107; round(3 807 × 16 %) = 609.
      expect(exit.json().data).toMatchObject({
        open: true,
        charge: "succeeded",
        visit: { uuid: entry.visit.uuid, status: "finished", total: 4416 },
      });
      const visit = await visitOf(entry.visit.uuid);
      expect(visit).toMatchObject({ subtotal: 3200, convenience_fee: 500, processing_fee: 107, tax: 609, total: 4416 });
      expect(visit.exited_at).not.toBeNull();
      expect(visit.exit_device_id).not.toBeNull();
      const charges = await app.db.selectFrom("payments").selectAll().where("payable_id", "=", visit.id).execute();
      expect(charges).toMatchObject([{ status: "succeeded", amount: 4416, payment_method_id: freeflowCard.id }]);
      await app.jobs.runDueJobs();
      const [receipt] = await outboxFor(app, driver.user.email ?? "");
      expect(receipt?.body).toContain("$44.16 MXN");

      // The camera reports the exit again: nothing is charged twice.
      const again = await report("exit", key, driver.vehicle.plate);
      expect(again.json().data).toMatchObject({ open: true, charge: "not_needed" });
      expect(
        await app.db.selectFrom("payments").select("id").where("payable_id", "=", visit.id).execute(),
      ).toHaveLength(1);
    });

    it("lets a stay inside the grace minutes leave free", async () => {
      const key = await deviceKeyFor(freeflowLot);
      const driver = await createDriverWithVehicle(app);
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.json().data).toMatchObject({
        open: true,
        charge: "not_needed",
        visit: { status: "finished", total: 0 },
      });
      expect(
        await app.db.selectFrom("payments").select("id").where("payable_id", "=", entry.visit.uuid).execute(),
      ).toHaveLength(0);
    });

    it("leaves a declined charge pending_payment, tells the driver by SMS and e-mail, and blocks the next entry", async () => {
      const key = await deviceKeyFor(freeflowLot);
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id, { behaviour: "decline", freeFlow: true, last4: "0002" });
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, entry.visit.uuid, 30);

      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.statusCode).toBe(200);
      expect(exit.json().data).toMatchObject({ open: true, charge: "declined", visit: { status: "pending_payment" } });
      const visit = await visitOf(entry.visit.uuid);
      expect(visit.status).toBe("pending_payment");
      expect(visit.exited_at).not.toBeNull();

      const [sms] = await outboxFor(app, driver.user.phone);
      expect(sms).toMatchObject({ channel: "sms" });
      expect(sms?.body).toContain(driver.vehicle.plate);
      expect(sms?.body).toContain("$35.81 MXN");
      const [mail] = await outboxFor(app, driver.user.email ?? "");
      expect(mail?.subject).toBe("No pudimos cobrar tu estacionamiento en Estacionamiento Barrio Antiguo");

      const reported = await report("exit", key, driver.vehicle.plate);
      expect(reported.json().data.charge).toBe("declined");
      expect(await outboxFor(app, driver.user.phone)).toHaveLength(1);

      const blocked = await report("entry", key, driver.vehicle.plate);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error).toBe("vehicle_with_active_visit");

      // The fee stopped at the exit: paying later in the app charges what the stay cost.
      const good = await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "4242" });
      await app.db
        .updateTable("visits")
        .set({ exited_at: new Date(Date.now() - 3 * 3600_000).toISOString() })
        .where("id", "=", visit.id)
        .execute();
      await parkedFor(app, visit.id, 4 * 60 + 30);
      const paid = await app.inject({
        method: "POST",
        url: `/api/user/visit/${visit.id}/pay`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
        payload: { payment_method_uuid: good.id },
      });
      expect(paid.statusCode).toBe(200);
      // 1 h 30 min at the exit: $25 + 2 × $7 = $39, not the 4 h 30 min since the entry.
      expect(paid.json().data.visit).toMatchObject({ status: "finished", amounts: { subtotal: 3900 } });
      expect((await report("entry", key, driver.vehicle.plate)).statusCode).toBe(200);
    });

    it("treats a driver without any card like a decline", async () => {
      const key = await deviceKeyFor(freeflowLot);
      const driver = await createDriverWithVehicle(app, { email: null });
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, entry.visit.uuid, 20);
      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.json().data).toMatchObject({ charge: "declined", visit: { status: "pending_payment" } });
      expect(await outboxFor(app, driver.user.phone)).toHaveLength(1);
    });
  });

  describe("gated exits", () => {
    it("keeps the barrier shut for an unpaid stay, opens it once paid, and not after the exit window", async () => {
      const key = await deviceKeyFor(parkLot);
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, entry.visit.uuid, 50);

      const unpaid = await report("exit", key, driver.vehicle.plate);
      expect(unpaid.statusCode).toBe(402);
      expect(unpaid.json()).toEqual({
        error: "invalid_payment",
        error_description: "Esta visita aún no está pagada. Págala en la app para salir.",
      });

      const paid = await app.inject({
        method: "POST",
        url: `/api/user/visit/${entry.visit.uuid}/pay`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      });
      expect(paid.statusCode).toBe(200);
      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.statusCode).toBe(200);
      expect(exit.json().data).toMatchObject({ open: true, charge: "not_needed", visit: { status: "finished" } });
      expect((await visitOf(entry.visit.uuid)).exited_at).not.toBeNull();

      // Another stay, paid, but the car lingers past the exit window.
      const second = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, second.visit.uuid, 50);
      await app.inject({
        method: "POST",
        url: `/api/user/visit/${second.visit.uuid}/pay`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      });
      await app.db
        .updateTable("visits")
        .set({ exit_deadline: new Date(Date.now() - 60_000).toISOString() })
        .where("id", "=", second.visit.uuid)
        .execute();
      const late = await report("exit", key, driver.vehicle.plate);
      expect(late.statusCode).toBe(402);
      expect(late.json().error_description).toBe(
        "Ya pasó el tiempo para salir después de pagar. Acude con el personal.",
      );
    });

    it("opens for a stay inside the grace minutes, finishing it free", async () => {
      const key = await deviceKeyFor(parkLot);
      const driver = await createDriverWithVehicle(app);
      const entry = (await report("entry", key, driver.vehicle.plate)).json().data;
      await parkedFor(app, entry.visit.uuid, 14);
      const exit = await report("exit", key, driver.vehicle.plate);
      expect(exit.json().data).toMatchObject({
        open: true,
        charge: "not_needed",
        visit: { status: "finished", total: 0 },
      });
    });

    it("answers no visit for a plate that never entered", async () => {
      const key = await deviceKeyFor(parkLot);
      const driver = await createDriverWithVehicle(app);
      const response = await report("exit", key, driver.vehicle.plate);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    });
  });
});
