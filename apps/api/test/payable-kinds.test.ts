import { randomUUID } from "node:crypto";
import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "./helpers.ts";
import { payStay } from "./invoicing-fixtures.ts";
import { priceOf, ZONE_101 } from "./meter-fixtures.ts";
import { createOperator } from "./operator-fixtures.ts";
import {
  ARENA_MONTERREY,
  createDriverWithVehicle,
  FUNDIDORA,
  idempotencyKey,
  registerDeviceAt,
  saveSandboxCard,
  startParkedVisit,
  VALET_PANGEA,
} from "./parking-fixtures.ts";
import { buyPass, FUNDIDORA_MONTHLY } from "./subscriptions-fixtures.ts";

/**
 * Every payable kind of the contracts' union, table-driven (issue 21 item 1): a paid one of each
 * kind shows in the console's payments, its CSV and revenue, in the driver's invoiceable payments
 * and data export, and can be refunded from the console. `KINDS` is a Record over the union, so a
 * kind added to the contracts without a way to buy it here does not compile, and a product that
 * charges a kind missing from the union is refused by the database (the CHECK below).
 */
type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
interface KindCase {
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
}

const HOUR_MS = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function answered(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  if (response.statusCode !== status) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: Record<string, unknown> }).data;
}

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let stand: string;

export const KINDS: Record<PayableType, KindCase> = {
  visit: {
    sold: true,
    words: "Estancia · Fundidora",
    async buy(app, driver) {
      const paymentId = await payStay(app, driver, FUNDIDORA);
      const row = await app.db
        .selectFrom("payments")
        .select("payable_id")
        .where("id", "=", paymentId)
        .executeTakeFirst();
      return row?.payable_id ?? "";
    },
    running: (app, driver) => startParkedVisit(app, driver, 30),
  },
  subscription_period: {
    sold: true,
    words: "Pensión mensual · Fundidora",
    running: (app, driver) => KINDS.subscription_period.buy(app, driver),
    async buy(app, driver) {
      await answered(
        await buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: FUNDIDORA_MONTHLY,
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
            zone_uuid: ZONE_101,
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
            location_uuid: ARENA_MONTERREY,
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

describe(`every payable kind reads through the ledger (${testEngine})`, () => {
  let app: TestApp;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    stand = await registerDeviceAt(app, admin.headers, VALET_PANGEA, "valet");
    operator = await createOperator(app);
  });
  afterAll(async () => app.close());

  const paidOne = async (kind: PayableType) => {
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
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const get = async (headers: Record<string, string>, url: string) => {
    const response = await app.inject({ method: "GET", url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it.each(PAYABLE_TYPES)(
    "%s: the console, its CSV, revenue, invoicing, receipts and the data export read it",
    async (kind) => {
      const { driver, charge } = await paidOne(kind);
      const { sold, words } = KINDS[kind];
      // Every list that names the payment names it alike: kind · place · the day on the lot's clock
      // (a card check has no lot: its day is UTC's).
      const day = new Intl.DateTimeFormat("es-MX", {
        day: "numeric",
        month: "short",
        timeZone: sold ? "America/Monterrey" : "UTC",
      }).format(new Date(charge.created_at));
      const line = `${words} · ${day}`;
      expect(charge.location_id !== null).toBe(sold);

      const listed = (await get(operator.headers, `/api/admin/payments?from=${today()}&to=${today()}&limit=100`)).json()
        .data.items as Array<{ uuid: string; product: string; phone: string | null }>;
      expect(listed.some((item) => item.uuid === charge.id)).toBe(sold);
      const csv = (await get(operator.headers, `/api/admin/payments/export?from=${today()}&to=${today()}`)).body;
      expect(csv.includes(charge.id)).toBe(sold);
      const revenue = (await get(operator.headers, "/api/admin/today")).json().data.revenue as Array<{
        product: string;
      }>;
      if (sold) expect(revenue.map((row) => row.product)).toContain(kind);
      const invoiceable = (await get(driver.headers, "/api/user/invoiceable/payments")).json().data as Array<{
        payment_uuid: string;
        line: string;
      }>;
      expect(
        invoiceable.filter((payment) => payment.payment_uuid === charge.id).map((payment) => payment.line),
      ).toEqual(sold ? [line] : []);
      const exported = (await get(driver.headers, "/api/user/export")).json().data.payments as Array<{
        uuid: string;
        line: string;
      }>;
      expect(exported.find((payment) => payment.uuid === charge.id)?.line).toBe(line);
      const receipt = await app.inject({
        method: "GET",
        url: `/api/user/receipt/${charge.id}`,
        headers: driver.headers,
      });
      expect(receipt.statusCode, receipt.body).toBe(sold ? 200 : 404);
      if (sold) expect(receipt.json().data.line).toBe(line);

      if (!sold) return;
      const refund = await app.inject({
        method: "POST",
        url: `/api/admin/payment/${charge.id}/refund`,
        headers: { ...operator.headers, "idempotency-key": idempotencyKey() },
        payload: { amount: 100, reason: "Cortesía" },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(refund.json().data.refunded).toBe(100);
    },
  );

  it.each(PAYABLE_TYPES)("%s: one that runs is listed as a blocker and keeps the account", async (kind) => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const { running } = KINDS[kind];
    await running?.(app, driver);
    const blockers = (await get(driver.headers, "/api/user/deletion/blockers")).json().data as Array<{
      kind: string;
      error: string;
    }>;
    const deleted = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
    if (running === null) {
      expect(blockers).toEqual([]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      return;
    }
    const code = kind === "subscription_period" ? "user_has_active_subscriptions" : "user_has_active_visits";
    expect(blockers).toContainEqual(expect.objectContaining({ kind, error: code }));
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json().error).toBe(code);
    const user = await app.db
      .selectFrom("users")
      .select("deleted_at")
      .where("id", "=", driver.user.id)
      .executeTakeFirst();
    expect(user?.deleted_at).toBeNull();
  });

  it("a purchase racing the deletion: either the account stays with what it bought, or the purchase is refused", async () => {
    for (let round = 0; round < 5; round++) {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const [bought, deleted] = await Promise.allSettled([
        KINDS.meter_purchase.buy(app, driver),
        app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers }),
      ]);
      const user = await app.db
        .selectFrom("users")
        .select("deleted_at")
        .where("id", "=", driver.user.id)
        .executeTakeFirstOrThrow();
      const paid = await app.db
        .selectFrom("payments")
        .select("id")
        .where("user_id", "=", driver.user.id)
        .where("status", "=", "succeeded")
        .execute();
      if (user.deleted_at === null) expect(deleted.status === "fulfilled" && deleted.value.statusCode).toBe(409);
      else {
        expect(bought.status).toBe("rejected");
        expect(paid).toEqual([]);
      }
    }
  });

  it("the database refuses a payable kind outside the union", async () => {
    const driver = await createDriverWithVehicle(app);
    const insert = (type: string) =>
      sql`insert into payments (id, user_id, purpose, payable_type, payable_id, kind, gateway, currency, subtotal,
            convenience_fee, processing_fee, tax, amount, status, description, created_at, updated_at)
          values (${randomUUID()}, ${driver.user.id}, 'visit', ${type}, ${randomUUID()}, 'charge', 'sandbox', 'mxn',
            100, 0, 0, 0, 100, 'failed', 'kind test', 'now', 'now')`.execute(app.db);
    await expect(insert("parking_ticket")).rejects.toThrow(/payments_payable_type_known/);
    await expect(insert("visit")).resolves.toBeDefined();
    const row = await app.db
      .selectFrom("payments")
      .select("id")
      .where("description", "=", "kind test")
      .executeTakeFirstOrThrow();
    await expect(
      sql`update payments set payable_type = 'parking_ticket' where id = ${row.id}`.execute(app.db),
    ).rejects.toThrow(/payments_payable_type_known/);
  });
});
