import { randomUUID } from "node:crypto";
import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { KINDS, paidOne as paidOneOf, prepareKindCases } from "../support/payable-kind-cases.ts";

/**
 * Every payable kind of the contracts' union, table-driven (issue 21 item 1): a paid one of each
 * kind shows in the console's payments, its CSV and revenue, in the driver's invoiceable payments
 * and data export, and can be refunded from the console — but a balance top-up, which is money held
 * for the driver (docs/decisions/0210). `KINDS` (payable-kind-cases.ts) is a Record over the union,
 * so a kind added to the contracts without a way to buy it does not compile, and a product that
 * charges a kind missing from the union is refused by the database (the CHECK below).
 */
describe(`every payable kind reads through the ledger (${testEngine})`, () => {
  let app: TestApp;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    app = await createTestApp();
    await prepareKindCases(app);
    operator = await createOperator(app);
  });
  afterAll(async () => app.close());

  const paidOne = (kind: PayableType) => paidOneOf(app, kind);
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
      const { sold, words, heldForTheDriver } = KINDS[kind];
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
      if (sold && !heldForTheDriver) expect(revenue.map((row) => row.product)).toContain(kind);
      if (heldForTheDriver) expect(revenue.map((row) => row.product)).not.toContain(kind);
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
      if (heldForTheDriver) {
        expect(refund.statusCode, refund.body).toBe(422);
        expect(refund.json().error).toBe("invalid_refund");
        return;
      }
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
    const code =
      KINDS[kind].heldForTheDriver?.blocker ??
      (kind === "subscription_period" ? "user_has_active_subscriptions" : "user_has_active_visits");
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
      sql`insert into payments (id, user_id, purpose, payable_type, payable_id, kind, gateway, rail, currency, subtotal,
            convenience_fee, processing_fee, tax, amount, status, description, created_at, updated_at)
          values (${randomUUID()}, ${driver.user.id}, 'visit', ${type}, ${randomUUID()}, 'charge', 'sandbox', 'card', 'mxn',
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
