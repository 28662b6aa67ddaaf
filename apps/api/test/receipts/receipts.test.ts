import { feeBreakdown } from "@estaciona/contracts";
import { meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import type { Receipt } from "@estaciona/contracts/schemas/receipts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { payStay } from "../support/invoicing-fixtures.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  registerDeviceAt,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createMeterZone, createPlan, createValetStand, createVenue } from "../support/world.ts";
import { createParkLot } from "../support/worlds/parking.ts";

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));
const MX_METER_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };

/**
 * A receipt for every product (docs/decisions/0111): a stay, an event pass, a meter purchase, a
 * valet ticket and a pass period each read as a receipt with the ledger's amounts, the plate, the
 * place and the product in words, list under their product, and render as a PDF; another driver's
 * receipt is not found.
 */
describe(`receipts of every product (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let driver: Awaited<ReturnType<typeof createDriverWithVehicle>>;
  /** Where the driver buys each product, named as the receipts read them. */
  let parkLot: string;
  let monthlyPass: string;
  let zone101: string;
  let arena: string;
  let valetStand: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    parkLot = (await createParkLot(app)).id;
    monthlyPass = (await createPlan(app, parkLot)).id;
    zone101 = (await createMeterZone(app, { meter: { zone_code: "101" } })).location.id;
    arena = (await createVenue(app, { name: "Arena Monterrey", short_name: "Arena" })).id;
    valetStand = (await createValetStand(app, { name: "Valet Restaurante Pangea", short_name: "Pangea" })).id;
    driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
  });
  afterAll(async () => app.close());

  const get = (url: string, headers = driver.headers, language = "es") =>
    app.inject({ method: "GET", url, headers: { ...headers, "accept-language": language } });
  const post = (url: string, payload: object, headers: Record<string, string> = driver.headers) =>
    app.inject({ method: "POST", url, headers: { ...headers, "idempotency-key": idempotencyKey() }, payload });

  /** Each product bought once by the driver: its product uuid and its charge. */
  async function buyEveryProduct() {
    const stayCharge = await payStay(app, driver, parkLot);
    const stay = await app.db
      .selectFrom("payments")
      .select("payable_id")
      .where("id", "=", stayCharge)
      .executeTakeFirstOrThrow();

    const event = await post(
      "/api/admin/event",
      {
        location_uuid: arena,
        name: "Concierto de recibos",
        description: "",
        starts_at: iso(HOUR),
        ends_at: iso(5 * HOUR),
        places: 10,
        suggested_amount: 10000,
        amount_editable: false,
        min_amount: 10000,
        max_amount: 10000,
        sales_open_at: iso(-HOUR),
        sales_close_at: iso(4 * HOUR),
      },
      admin.headers,
    );
    expect(event.statusCode, event.body).toBe(201);
    const eventPass = await post(`/api/user/event/${event.json().data.uuid}/purchase`, {
      vehicle_uuid: driver.vehicle.id,
    });
    expect(eventPass.statusCode, eventPass.body).toBe(201);

    const now = Date.now();
    const meterTotal = feeBreakdown(
      meterPurchaseSubtotal(
        { ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, timeZone: "America/Monterrey", hours: ALWAYS },
        now,
        now,
        30,
      ),
      MX_METER_RATES,
    ).total;
    const meter = await post("/api/user/meter-session", {
      zone_uuid: zone101,
      vehicle_uuid: driver.vehicle.id,
      minutes: 30,
      expected_total: meterTotal,
    });
    expect(meter.statusCode, meter.body).toBe(201);

    const stand = await registerDeviceAt(app, admin.headers, valetStand, "valet");
    const ticket = await app.inject({
      method: "POST",
      url: "/api/device/valet/ticket",
      headers: { "x-device-key": stand },
      payload: { number: "R12", plate: driver.vehicle.plate },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const valet = ticket.json().data as { uuid: string; claim_token: string };
    expect((await post("/api/user/valet/claim", { token: valet.claim_token })).statusCode).toBe(200);
    const valetPaid = await post(`/api/user/valet/${valet.uuid}/pay`, { tip: 2000, expected_total: 9759 });
    expect(valetPaid.statusCode, valetPaid.body).toBe(200);

    const pass = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: monthlyPass,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(pass.statusCode, pass.body).toBe(201);

    return [
      { kind: "visit", uuid: stay.payable_id, title: "Estancia · Estacionamiento Parque Fundidora" },
      {
        kind: "event_visit",
        uuid: eventPass.json().data.visit.uuid as string,
        title: "Pase de evento · Concierto de recibos · Arena Monterrey",
      },
      { kind: "meter_session", uuid: meter.json().data.session.uuid as string, title: "Parquímetro · Parquímetro 101" },
      { kind: "valet_ticket", uuid: valet.uuid, title: "Valet · #R12 · Valet Restaurante Pangea" },
      {
        kind: "subscription",
        uuid: pass.json().data.subscription.uuid as string,
        title: "Pensión mensual · Estacionamiento Parque Fundidora",
      },
    ] as const;
  }

  it("reads a receipt for a stay, an event pass, a meter, a valet ticket and a pass, with its PDF", async () => {
    const products = await buyEveryProduct();
    for (const product of products) {
      const listed = await get(`/api/user/receipts?product_uuid=${product.uuid}`);
      expect(listed.statusCode, listed.body).toBe(200);
      const [receipt] = listed.json().data as Receipt[];
      expect(receipt, product.kind).toBeDefined();
      if (!receipt) continue;
      const charge = await app.db
        .selectFrom("payments")
        .selectAll()
        .where("id", "=", receipt.payment_uuid)
        .executeTakeFirstOrThrow();
      expect(charge).toMatchObject({ user_id: driver.user.id, kind: "charge", status: "succeeded" });
      expect(receipt.product).toEqual({ kind: product.kind, uuid: product.uuid });
      expect(receipt.title).toContain(product.title);
      expect(receipt.plate).toBe(driver.vehicle.plate);
      expect(receipt.amounts.total).toBe(charge.amount);
      expect(
        receipt.amounts.subtotal +
          receipt.tip +
          receipt.amounts.convenience_fee +
          receipt.amounts.processing_fee +
          receipt.amounts.tax,
      ).toBe(charge.amount);
      expect(receipt.location.time_zone).toBe("America/Monterrey");
      expect(receipt.starts_at).not.toBeNull();
      expect(receipt.card).toMatchObject({ last4: "4242" });
      expect(receipt.invoiceable).toBe(true);

      const one = await get(`/api/user/receipt/${receipt.payment_uuid}`);
      expect(one.json().data).toEqual(receipt);
      const pdf = await get(`/api/user/receipt/${receipt.payment_uuid}/pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.json().data).toMatchObject({ content_type: "application/pdf", filename: `${receipt.number}.pdf` });
      expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    }
    const valet = (await get(`/api/user/receipts?product_uuid=${products[3].uuid}`)).json().data[0] as Receipt;
    expect(valet).toMatchObject({ tip: 2000, amounts: { subtotal: 6000, total: 9759 } });
    const english = (await get(`/api/user/receipts?product_uuid=${products[2].uuid}`, driver.headers, "en")).json()
      .data[0] as Receipt;
    expect(english.title).toMatch(/^Parking meter · /);
    // A pass reads by its plan's period, the place by its short name, the day on the lot's clock.
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "America/Monterrey" }).format(
        new Date(),
      );
    const passLine = async (language: string) =>
      (
        (await get(`/api/user/receipts?product_uuid=${products[4].uuid}`, driver.headers, language)).json()
          .data[0] as Receipt
      ).line;
    expect(await passLine("es")).toBe(`Pensión mensual · Fundidora · ${day("es-MX")}`);
    expect(await passLine("en")).toBe(`Monthly subscription · Fundidora · ${day("en-US")}`);
  });

  it("answers object_not_found for another driver's receipt, an unknown charge and a product of someone else", async () => {
    const owner = await createDriverWithVehicle(app);
    await saveSandboxCard(app, owner.user.id);
    const charge = await payStay(app, owner, parkLot);
    const stranger = await createDriverWithVehicle(app);
    for (const url of [`/api/user/receipt/${charge}`, `/api/user/receipt/${charge}/pdf`]) {
      const response = await get(url, stranger.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    }
    const unknown = await get("/api/user/receipt/00000000-0000-4000-8000-000000000000", owner.headers);
    expect(unknown.json().error).toBe("object_not_found");
    const visit = await app.db
      .selectFrom("payments")
      .select("payable_id")
      .where("id", "=", charge)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/user/receipts?product_uuid=${visit.payable_id}`, stranger.headers)).json().data).toEqual(
      [],
    );
    expect((await get(`/api/user/receipt/${charge}`, owner.headers)).statusCode).toBe(200);
  });

  it("gives a stay that cost nothing its zero receipt: Sin costo, no card, nothing to invoice (docs/decisions/0186)", async () => {
    const driver = await createDriverWithVehicle(app);
    const visitId = await startParkedVisit(app, driver, 10, parkLot);
    const paid = await app.inject({
      method: "POST",
      url: `/api/user/visit/${visitId}/pay`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.payment).toBeNull();
    const answer = await get(`/api/user/receipt/${visitId}`, driver.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const receipt = answer.json().data as Receipt;
    expect(receipt).toMatchObject({
      payment_uuid: visitId,
      no_charge: true,
      card: null,
      invoiceable: false,
      product: { kind: "visit", uuid: visitId },
      plate: driver.vehicle.plate,
      amounts: { subtotal: 0, convenience_fee: 0, processing_fee: 0, tax: 0, total: 0, currency: "mxn" },
    });
    expect(receipt.number).toMatch(/^E-[0-9A-F]{10}$/);
    const listed = (await get(`/api/user/receipts?product_uuid=${visitId}`, driver.headers)).json().data as Receipt[];
    expect(listed.map((one) => one.number)).toEqual([receipt.number]);
    const pdf = await get(`/api/user/receipt/${visitId}/pdf`, driver.headers);
    expect(pdf.statusCode).toBe(200);
    expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    // Another driver's free stay, and a stay still open, have none.
    const stranger = await createDriverWithVehicle(app);
    expect((await get(`/api/user/receipt/${visitId}`, stranger.headers)).statusCode).toBe(404);
    const open = await startParkedVisit(app, stranger, 10, parkLot);
    expect((await get(`/api/user/receipt/${open}`, stranger.headers)).statusCode).toBe(404);
  });
});
