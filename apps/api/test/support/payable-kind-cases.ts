import { randomUUID } from "node:crypto";
import type { PayableType } from "@estaciona/contracts";
import { createSignedInUser, type TestApp } from "./helpers.ts";
import { payStay } from "./invoicing-fixtures.ts";
import { priceOf } from "./meter-fixtures.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  registerDeviceAt,
  saveSandboxCard,
  startParkedVisit,
} from "./parking-fixtures.ts";
import { buyPass } from "./subscriptions-fixtures.ts";
import { createMeterZone, createPlan, createValetStand, createVenue } from "./world.ts";
import { createParkLot } from "./worlds/parking.ts";

/**
 * One way to buy each payable kind of the contracts' union, for payable-kinds.test.ts. `KINDS` is a
 * Record over the union, so a kind added to the contracts without a way to buy it here does not compile.
 */
export type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
export interface KindCase {
  /** A sale at a location: in the console, its CSV, revenue, the invoiceable payments and a receipt. */
  sold: boolean;
  /** How a payment line names it in Spanish before the day: the kind in words · the place's short name. */
  words: string;
  /** Buys one for the driver through the API; answers the payable's id. */
  buy(app: TestApp, driver: Driver): Promise<string>;
  /**
   * Leaves the driver holding one that runs (the code `DELETE user` then answers), or null for a
   * kind that never holds an account. Buying is enough for every kind but a stay, which runs
   * until it is paid.
   */
  running: ((app: TestApp, driver: Driver) => Promise<unknown>) | null;
  /**
   * A sale listed in the console that is no revenue and no console refund: a balance top-up is money
   * held for the driver (its spends are the revenue) and goes back by the driver's payout
   * (docs/decisions/0210, 0212). The code `DELETE user` answers while it holds money.
   */
  heldForTheDriver?: { blocker: string };
}

const HOUR_MS = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export async function answered(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  if (response.statusCode !== status) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: Record<string, unknown> }).data;
}

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let stand: string;
/** Where the cases buy, named as their payment lines read (`words`). */
let places: { lot: string; monthlyPass: string; zone: string; venue: string };

/**
 * The console's admin, the places the cases buy at (a lot "Fundidora" with its monthly pass, meter
 * zone 101, a venue "Arena", a valet stand "Pangea") and the stand's device: made once per app,
 * before any case runs.
 */
export async function prepareKindCases(app: TestApp): Promise<void> {
  admin = await createSignedInUser(app, { role: "admin" });
  const lot = (await createParkLot(app)).id;
  places = {
    lot,
    monthlyPass: (await createPlan(app, lot)).id,
    zone: (await createMeterZone(app, { meter: { zone_code: "101" } })).location.id,
    venue: (await createVenue(app, { name: "Arena Monterrey", short_name: "Arena" })).id,
  };
  const valet = await createValetStand(app, { name: "Valet Restaurante Pangea", short_name: "Pangea" });
  stand = await registerDeviceAt(app, admin.headers, valet.id, "valet");
}

export const KINDS: Record<PayableType, KindCase> = {
  visit: {
    sold: true,
    words: "Estancia · Fundidora",
    async buy(app, driver) {
      const paymentId = await payStay(app, driver, places.lot);
      const row = await app.db
        .selectFrom("payments")
        .select("payable_id")
        .where("id", "=", paymentId)
        .executeTakeFirst();
      return row?.payable_id ?? "";
    },
    running: (app, driver) => startParkedVisit(app, driver, 30, places.lot),
  },
  subscription_period: {
    sold: true,
    words: "Pensión mensual · Fundidora",
    running: (app, driver) => KINDS.subscription_period.buy(app, driver),
    async buy(app, driver) {
      await answered(
        await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: places.monthlyPass,
          vehicle_uuid: driver.vehicle.id,
        }),
        201,
      );
      const period = await app.db
        .selectFrom("subscription_periods")
        .innerJoin("subscriptions", "subscriptions.id", "subscription_periods.subscription_id")
        .select("subscription_periods.id")
        .where("subscriptions.user_id", "=", driver.user.id)
        .executeTakeFirstOrThrow();
      return period.id;
    },
  },
  meter_purchase: {
    sold: true,
    words: "Parquímetro · Zona 101",
    running: (app, driver) => KINDS.meter_purchase.buy(app, driver),
    async buy(app, driver) {
      const bought = await answered(
        await app.inject({
          method: "POST",
          url: "/api/user/meter-session",
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: {
            zone_uuid: places.zone,
            vehicle_uuid: driver.vehicle.id,
            minutes: 30,
            expected_total: priceOf(Date.now(), Date.now(), 30),
          },
        }),
        201,
      );
      const purchase = await app.db
        .selectFrom("meter_purchases")
        .select("id")
        .where("session_id", "=", (bought.session as { uuid: string }).uuid)
        .executeTakeFirstOrThrow();
      return purchase.id;
    },
  },
  event_visit: {
    sold: true,
    words: "Pase de evento · Arena",
    running: (app, driver) => KINDS.event_visit.buy(app, driver),
    async buy(app, driver) {
      const event = await answered(
        await app.inject({
          method: "POST",
          url: "/api/admin/event",
          headers: admin.headers,
          payload: {
            location_uuid: places.venue,
            name: `Concierto ${randomUUID().slice(0, 8)}`,
            description: "",
            starts_at: iso(HOUR_MS),
            ends_at: iso(5 * HOUR_MS),
            places: 10,
            suggested_amount: 10000,
            amount_editable: false,
            min_amount: 10000,
            max_amount: 10000,
            sales_open_at: iso(-HOUR_MS),
            sales_close_at: iso(4 * HOUR_MS),
          },
        }),
        201,
      );
      const bought = await answered(
        await app.inject({
          method: "POST",
          url: `/api/user/event/${event.uuid}/purchase`,
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { vehicle_uuid: driver.vehicle.id },
        }),
        201,
      );
      return (bought.visit as { uuid: string }).uuid;
    },
  },
  valet_ticket: {
    sold: true,
    words: "Valet · Pangea",
    running: (app, driver) => KINDS.valet_ticket.buy(app, driver),
    async buy(app, driver) {
      const ticket = await answered(
        await app.inject({
          method: "POST",
          url: "/api/device/valet/ticket",
          headers: { "x-device-key": stand },
          payload: { number: `K${randomUUID().slice(0, 6)}`, plate: driver.vehicle.plate },
        }),
        201,
      );
      await answered(
        await app.inject({
          method: "POST",
          url: "/api/user/valet/claim",
          headers: driver.headers,
          payload: { token: ticket.claim_token },
        }),
        200,
      );
      await answered(
        await app.inject({
          method: "POST",
          url: `/api/user/valet/${ticket.uuid}/pay`,
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { tip: 2000 },
        }),
        200,
      );
      return ticket.uuid as string;
    },
  },
  balance_top_up: {
    sold: true,
    words: "Recarga de saldo · Fundidora",
    heldForTheDriver: { blocker: "action_not_available" },
    running: (app, driver) => KINDS.balance_top_up.buy(app, driver),
    async buy(app, driver) {
      const topped = await answered(
        await app.inject({
          method: "POST",
          url: "/api/user/balance/top-up",
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { location_uuid: places.lot, amount: 20000 },
        }),
        200,
      );
      const payment = topped.payment as { uuid: string };
      const row = await app.db
        .selectFrom("payments")
        .select("payable_id")
        .where("id", "=", payment.uuid)
        .executeTakeFirstOrThrow();
      return row.payable_id;
    },
  },
  payment_method: {
    // A card verification: charged and given back at once, no sale at any location.
    sold: false,
    words: "Verificación de tarjeta",
    running: null,
    async buy(app, driver) {
      const card = await app.db
        .selectFrom("payment_methods")
        .select("id")
        .where("user_id", "=", driver.user.id)
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await app.db
        .insertInto("payments")
        .values({
          id: randomUUID(),
          user_id: driver.user.id,
          purpose: "card_verification",
          payable_type: "payment_method",
          payable_id: card.id,
          kind: "charge",
          gateway: "sandbox",
          rail: "card",
          currency: "mxn",
          subtotal: 1000,
          convenience_fee: 0,
          processing_fee: 0,
          tax: 0,
          amount: 1000,
          status: "succeeded",
          description: "Card verification (refunded)",
          created_at: now,
          updated_at: now,
        })
        .execute();
      return card.id;
    },
  },
};

/** A new driver with a card who bought one of `kind`, and that purchase's succeeded charge. */
export async function paidOne(app: TestApp, kind: PayableType) {
  const driver = await createDriverWithVehicle(app);
  await saveSandboxCard(app, driver.user.id);
  const payableId = await KINDS[kind].buy(app, driver);
  const charge = await app.db
    .selectFrom("payments")
    .selectAll()
    .where("payable_type", "=", kind)
    .where("payable_id", "=", payableId)
    .where("kind", "=", "charge")
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return { driver, charge };
}
