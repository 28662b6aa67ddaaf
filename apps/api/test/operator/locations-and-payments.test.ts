import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { revenueByLocalDay } from "../../src/modules/operator/repository/revenue.ts";
import { localDays } from "../../src/modules/operator/today.ts";
import { createTestApp } from "../support/helpers.ts";
import { consoleCalls } from "../support/operator-console.ts";
import { createOperator, locationBody } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, uniquePlate } from "../support/parking-fixtures.ts";
import { createLocation, US } from "../support/world.ts";
import { sharedLot } from "../support/worlds/shared.ts";

/** The operator console's locations and audit log, devices, payments and refunds, and today's revenue. */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call, registerDevice, paidStay, refund } = consoleCalls(app);
const lot = (await sharedLot(app)).id;
const austin = (await createLocation(app, { ...US, name: "Congress Test Garage" })).id;

describe("locations and the audit log", () => {
  it("opens a location, edits its tariff, and logs both with the values before and after", async () => {
    const operator = await createOperator(app);
    const created = await call(operator.headers, {
      method: "POST",
      url: "/api/admin/location",
      payload: locationBody(),
    });
    expect(created.statusCode).toBe(201);
    const location = created.json().data;
    expect(location).toMatchObject({
      currency: "mxn",
      active: true,
      open_stays: 0,
      tariff: { first_period_price: 2500 },
    });
    // The public page prices it with the same engine: $25 + $5 + 2.9 % + 16 % IVA.
    const publicPage = await app.inject({ method: "GET", url: `/api/open/location/${location.uuid}` });
    expect(publicPage.json().data.first_period.total).toBe(location.first_period.total);

    const edited = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/location/${location.uuid}`,
      payload: locationBody({ tariff: { ...locationBody().tariff, first_period_price: 3000 } }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.tariff.first_period_price).toBe(3000);

    const audit = (await call(operator.headers, { method: "GET", url: "/api/admin/audit?limit=100" })).json().data;
    const mine = audit.items.filter((entry: { subject_uuid: string }) => entry.subject_uuid === location.uuid);
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual(["location.update", "location.create"]);
    expect(mine[0]).toMatchObject({
      actor: { uuid: operator.user.id, name: "Op Test" },
      before: { first_period_price: 2500 },
      after: { first_period_price: 3000 },
    });
  });

  it("names the address a location's printed QR opens: its landing on the host of its country", async () => {
    const operator = await createOperator(app);
    const landing = async (uuid: string) =>
      (await call(operator.headers, { method: "GET", url: `/api/admin/location/${uuid}` })).json().data.landing_url;
    expect(await landing(lot)).toBe(`${app.config.publicUrl}/loc/${lot}`);
    const us = new URL(app.config.publicUrl);
    us.hostname = "us.localhost";
    expect(await landing(austin)).toBe(`${us.origin}/loc/${austin}`);
  });

  it("refuses a tariff without a first period and an unknown time zone", async () => {
    const operator = await createOperator(app);
    for (const payload of [
      locationBody({ tariff: { ...locationBody().tariff, first_period_minutes: 0 } }),
      locationBody({ time_zone: "Mars/Olympus" }),
    ]) {
      const response = await call(operator.headers, { method: "POST", url: "/api/admin/location", payload });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe("devices", () => {
  it("renames, rotates the key (the old one stops working) and revokes", async () => {
    const operator = await createOperator(app);
    const device = await registerDevice(operator.headers);
    const plate = uniquePlate();
    const entry = (key: string) =>
      app.inject({ method: "POST", url: "/api/device/entry", headers: { "x-device-key": key }, payload: { plate } });
    expect((await entry(device.key)).statusCode).toBe(404); // vehicle_not_found: the key itself was accepted

    const rotated = await call(operator.headers, { method: "POST", url: `/api/admin/device/${device.uuid}/key` });
    const newKey = rotated.json().data.key as string;
    expect(newKey).not.toBe(device.key);
    expect((await entry(device.key)).statusCode).toBe(401);
    expect((await entry(newKey)).statusCode).toBe(404);

    const renamed = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/device/${device.uuid}`,
      payload: { name: "Entrada sur" },
    });
    expect(renamed.json().data.name).toBe("Entrada sur");

    const revoked = await call(operator.headers, { method: "DELETE", url: `/api/admin/device/${device.uuid}` });
    expect(revoked.json().data.revoked_at).not.toBeNull();
    expect((await entry(newKey)).statusCode).toBe(401);
  });
});

describe("payments and refunds", () => {
  it("finds a payment by plate and phone, pages by keyset, and shows its ledger lines", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay();
    const byPlate = await call(operator.headers, {
      method: "GET",
      url: `/api/admin/payments?plate=${stay.driver.vehicle.plate}`,
    });
    expect(byPlate.json().data.items.map((item: { uuid: string }) => item.uuid)).toEqual([stay.paymentId]);
    const byPhone = await call(operator.headers, {
      method: "GET",
      url: `/api/admin/payments?phone=${stay.driver.user.phone.slice(-6)}&status=succeeded`,
    });
    expect(byPhone.json().data.items[0].uuid).toBe(stay.paymentId);

    await paidStay();
    const first = (await call(operator.headers, { method: "GET", url: "/api/admin/payments?limit=1" })).json().data;
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await call(operator.headers, {
        method: "GET",
        url: `/api/admin/payments?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`,
      })
    ).json().data;
    expect(second.items[0].uuid).not.toBe(first.items[0].uuid);
    expect(second.items[0].created_at <= first.items[0].created_at).toBe(true);

    const detail = (await call(operator.headers, { method: "GET", url: `/api/admin/payment/${stay.paymentId}` })).json()
      .data;
    expect(detail).toMatchObject({
      refundable: stay.amount,
      refunded: 0,
      lines: [{ kind: "charge", amount: stay.amount }],
    });
  });

  it("refunds part, then the rest, and never more than the charge (invalid_refund)", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay();
    const part = await refund(operator.headers, stay.paymentId, { amount: 1000, reason: "Cobro de más" });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({ refunded: 1000, refundable: stay.amount - 1000 });

    const tooMuch = await refund(operator.headers, stay.paymentId, { amount: stay.amount, reason: "Todo" });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toBe("invalid_refund");

    const rest = await refund(operator.headers, stay.paymentId, { reason: "El resto" });
    expect(rest.json().data).toMatchObject({ status: "refunded", refunded: stay.amount, refundable: 0 });
    const again = await refund(operator.headers, stay.paymentId, { amount: 1, reason: "Otra vez" });
    expect(again.json().error).toBe("invalid_refund");

    const audit = (await call(operator.headers, { method: "GET", url: "/api/admin/audit" })).json().data;
    const refunds = audit.items.filter((entry: { subject_uuid: string }) => entry.subject_uuid === stay.paymentId);
    expect(refunds).toHaveLength(2);
    // The amounts carry their currency, so the console writes them as money.
    expect(refunds.at(-1)).toMatchObject({
      before: { refunded: 0, currency: "mxn" },
      after: { refunded: 1000, currency: "mxn", reason: "Cobro de más" },
    });
  });

  it("refunds a charge once under a 20-way race", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(operator.headers, stay.paymentId, { reason: "Carrera" })),
    );
    // One makes the refund; the others find it in flight (409) or nothing left (422), never a 200 of theirs.
    for (const answer of answers) expect([200, 409, 422]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refunds = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("parent_payment_id", "=", stay.paymentId)
      .where("kind", "=", "refund")
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(stay.amount);
    const providerRefunds = await app.db
      .selectFrom("sandbox_refunds")
      .select("amount")
      .where("reference", "=", refunds[0]?.id ?? "")
      .execute();
    expect(providerRefunds).toHaveLength(1);
  });

  it("answers one Idempotency-Key once", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay();
    const key = idempotencyKey();
    const first = await refund(operator.headers, stay.paymentId, { amount: 500, reason: "Uno" }, key);
    const retry = await refund(operator.headers, stay.paymentId, { amount: 500, reason: "Uno" }, key);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().data.refunded).toBe(500);
  });

  it("exports a period as CSV with decimal amounts and the fee breakdown in columns", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay();
    const today = new Date().toISOString().slice(0, 10);
    const response = await call(operator.headers, {
      method: "GET",
      url: `/api/admin/payments/export?from=${today}&to=${today}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "payment_uuid,created_at,status,product,location,plate,phone,currency,subtotal,convenience_fee,processing_fee,tax,amount,refunded,description,payment_method",
    );
    const row = lines.find((line) => line.startsWith(stay.paymentId));
    // 90 minutes at Fundidora: $30 + $5 + $1.02 card + $5.76 IVA = $41.78.
    expect(row).toContain(",mxn,30.00,5.00,1.02,5.76,41.78,0.00,");
  });
});

describe("today's revenue by the location's day", () => {
  it("counts a payment at 01:00 UTC on the previous day in Mexico, and one at 07:00 UTC on the same day", async () => {
    const operator = await createOperator(app);
    const location = (
      await call(operator.headers, {
        method: "POST",
        url: "/api/admin/location",
        payload: locationBody({ time_zone: "America/Mexico_City", name: "Estacionamiento Reloj" }),
      })
    ).json().data;
    const driver = await createDriverWithVehicle(app);
    const template = await paidStay();
    const pay = async (at: string, amount: number) => {
      const visitId = newId();
      await app.db
        .insertInto("visits")
        .values({
          ...(await app.db
            .selectFrom("visits")
            .selectAll()
            .where("id", "=", template.visitId)
            .executeTakeFirstOrThrow()),
          id: visitId,
          location_id: location.uuid,
          user_id: driver.user.id,
          vehicle_id: driver.vehicle.id,
          created_at: at,
        })
        .execute();
      const charge = await app.db
        .selectFrom("payments")
        .selectAll()
        .where("id", "=", template.paymentId)
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto("payments")
        .values({
          ...charge,
          id: newId(),
          payable_id: visitId,
          location_id: location.uuid,
          vehicle_id: driver.vehicle.id,
          user_id: driver.user.id,
          subtotal: amount,
          convenience_fee: 0,
          processing_fee: 0,
          tax: 0,
          amount,
          status: "succeeded",
          provider_ref: null,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    };
    await pay("2026-03-10T01:00:00.000Z", 1000); // 19:00 on 9 March in Mexico City
    await pay("2026-03-10T05:59:59.000Z", 200); // 23:59:59 on 9 March
    await pay("2026-03-10T06:00:00.000Z", 30); // midnight of 10 March
    await pay("2026-03-10T23:30:00.000Z", 4); // 17:30 on 10 March
    const rows = await revenueByLocalDay(
      app.db,
      [{ id: location.uuid, time_zone: "America/Mexico_City" }],
      localDays(["America/Mexico_City"], 3, Date.parse("2026-03-10T23:45:00.000Z")),
    );
    expect(rows).toEqual([
      { day: "2026-03-09", product: "visit", rail: "card", currency: "mxn", amount: 1200 },
      { day: "2026-03-10", product: "visit", rail: "card", currency: "mxn", amount: 34 },
    ]);
    // A day before the window does not count; a window of one day holds only 10 March.
    const oneDay = await revenueByLocalDay(
      app.db,
      [{ id: location.uuid, time_zone: "America/Mexico_City" }],
      localDays(["America/Mexico_City"], 1, Date.parse("2026-03-10T23:45:00.000Z")),
    );
    expect(oneDay).toEqual([{ day: "2026-03-10", product: "visit", rail: "card", currency: "mxn", amount: 34 }]);
  });
});
