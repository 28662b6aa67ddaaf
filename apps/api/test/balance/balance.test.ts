import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { priceOf } from "../support/meter-fixtures.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "../support/parking-fixtures.ts";
import { createMeterZone } from "../support/world.ts";

/**
 * The prepaid balance (issue 27 item 3, docs/decisions/0210–0213): topped up by card through the
 * ledger, spent by a pay call that names "balance", given back to it by a refund, paid out to the
 * card on request; never below zero when 50 spends with distinct keys race (the lock order:
 * the driver's row first, the balance row last).
 */
const WAYS = 50;
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
/** Charged around the clock at $12.00 an hour, as priceOf prices it. */
const zone = await createMeterZone(app);
afterAll(async () => app.close());

type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

const driverWithCard = async () => {
  const driver = await createDriverWithVehicle(app);
  await saveSandboxCard(app, driver.user.id);
  return driver;
};

const topUp = (driver: Driver, amount: number, key = idempotencyKey()) =>
  app.inject({
    method: "POST",
    url: "/api/user/balance/top-up",
    headers: { ...driver.headers, "idempotency-key": key },
    payload: { location_uuid: zone.location.id, amount },
  });

const buyMeter = (driver: Driver, vehicleId: string, source: string) =>
  app.inject({
    method: "POST",
    url: "/api/user/meter-session",
    headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    payload: {
      zone_uuid: zone.location.id,
      vehicle_uuid: vehicleId,
      minutes: 30,
      expected_total: priceOf(Date.now(), Date.now(), 30),
      payment_method_uuid: source,
    },
  });

const balances = async (driver: Driver) => {
  const response = await app.inject({ method: "GET", url: "/api/user/balances", headers: driver.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{
    uuid: string;
    amount: number;
    movements: Array<{ kind: string; amount: number; payment_uuid: string; product: string }>;
  }>;
};

/** The balance row and the sum of its movements: they always agree. */
async function ledgerOf(driver: Driver) {
  const balance = await app.db
    .selectFrom("balances")
    .selectAll()
    .where("user_id", "=", driver.user.id)
    .executeTakeFirstOrThrow();
  const movements = await app.db
    .selectFrom("balance_movements")
    .selectAll()
    .where("balance_id", "=", balance.id)
    .execute();
  return { balance, movements, sum: movements.reduce((total, movement) => total + movement.amount, 0) };
}

describe(`the prepaid balance (${testEngine})`, () => {
  it("a top-up by card, a meter paid from it, a refund back to it: every movement a ledger line", async () => {
    const driver = await driverWithCard();
    const topped = await topUp(driver, 20_000);
    expect(topped.statusCode, topped.body).toBe(200);
    expect(topped.json().data.balance.amount).toBe(20_000);
    expect(topped.json().data.payment.status).toBe("succeeded");

    const price = priceOf(Date.now(), Date.now(), 30);
    const bought = await buyMeter(driver, driver.vehicle.id, "balance");
    expect(bought.statusCode, bought.body).toBe(201);
    const spendId = bought.json().data.payment.uuid as string;
    const spend = await app.db.selectFrom("payments").selectAll().where("id", "=", spendId).executeTakeFirstOrThrow();
    expect(spend).toMatchObject({ gateway: "balance", payment_method_id: null, amount: price, status: "succeeded" });

    const [balance] = await balances(driver);
    expect(balance?.amount).toBe(20_000 - price);
    expect(balance?.movements.map((movement) => [movement.kind, movement.amount, movement.product])).toEqual([
      ["spend", -price, "meter_purchase"],
      ["top_up", 20_000, "balance_top_up"],
    ]);

    // Not invoiced again: the top-up is (docs/decisions/0213).
    const receipt = await app.inject({ method: "GET", url: `/api/user/receipt/${spendId}`, headers: driver.headers });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data.invoiceable).toBe(false);
    const invoiceable = await app.inject({
      method: "GET",
      url: "/api/user/invoiceable/payments",
      headers: driver.headers,
    });
    const invoiceableIds = (invoiceable.json().data as Array<{ payment_uuid: string }>).map((p) => p.payment_uuid);
    expect(invoiceableIds).toContain(topped.json().data.payment.uuid);
    expect(invoiceableIds).not.toContain(spendId);

    // The operator's refund of the spend goes back to the balance, once.
    const operator = await createOperator(app);
    const refund = await app.inject({
      method: "POST",
      url: `/api/admin/payment/${spendId}/refund`,
      headers: { ...operator.headers, "idempotency-key": idempotencyKey() },
      payload: { amount: 100, reason: "Cortesía" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await ledgerOf(driver);
    expect(after.balance.amount).toBe(20_000 - price + 100);
    expect(after.sum).toBe(after.balance.amount);
    expect(after.movements.filter((movement) => movement.kind === "refund")).toHaveLength(1);
  });

  it("an insufficient balance is refused with a code, nothing charged; the cap and the minimum are kept", async () => {
    const driver = await driverWithCard();
    const refused = await buyMeter(driver, driver.vehicle.id, "balance");
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error).toBe("invalid_payment");
    const charges = await app.db.selectFrom("payments").select("id").where("user_id", "=", driver.user.id).execute();
    expect(charges).toEqual([]);
    expect((await topUp(driver, 1_000)).json().error).toBe("invalid_data");
    expect((await topUp(driver, 150_000)).statusCode).toBe(200);
    const over = await topUp(driver, 60_000);
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().error).toBe("invalid_data");
    expect((await ledgerOf(driver)).balance.amount).toBe(150_000);
  });

  it("a top-up replayed with its key is made once", async () => {
    const driver = await driverWithCard();
    const key = idempotencyKey();
    // At once: the second is answered the first's outcome, or told the first is in progress (409).
    const answers = await Promise.all([topUp(driver, 10_000, key), topUp(driver, 10_000, key)]);
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const replayed = await topUp(driver, 10_000, key);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect((await ledgerOf(driver)).balance.amount).toBe(10_000);
    const charges = await app.db
      .selectFrom("payments")
      .select("id")
      .where("user_id", "=", driver.user.id)
      .where("payable_type", "=", "balance_top_up")
      .execute();
    expect(charges.map((charge) => charge.id)).toEqual([replayed.json().data.payment.uuid]);
  });

  it("a balance blocks the deletion until it is paid out to the card", async () => {
    const driver = await driverWithCard();
    await topUp(driver, 20_000);
    const blocked = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().error).toBe("action_not_available");
    const [balance] = await balances(driver);
    const paidOut = await app.inject({
      method: "POST",
      url: `/api/user/balance/${balance?.uuid}/payout`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    });
    expect(paidOut.statusCode, paidOut.body).toBe(200);
    expect(paidOut.json().data.amount).toBe(0);
    const refunds = await app.db
      .selectFrom("payments")
      .select(["amount", "status"])
      .where("user_id", "=", driver.user.id)
      .where("kind", "=", "refund")
      .where("payable_type", "=", "balance_top_up")
      .execute();
    expect(refunds).toEqual([{ amount: 20_000, status: "succeeded" }]);
    const again = await app.inject({
      method: "POST",
      url: `/api/user/balance/${balance?.uuid}/payout`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
    });
    expect(again.json().error).toBe("invalid_refund");
    const exported = await app.inject({ method: "GET", url: "/api/user/export", headers: driver.headers });
    expect(exported.json().data.balances[0].movements.map((m: { kind: string }) => m.kind)).toEqual([
      "top_up",
      "payout",
    ]);
    const deleted = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it(`${WAYS} spends with distinct keys never take the balance below zero`, async () => {
    const driver = await driverWithCard();
    const now = new Date().toISOString();
    const vehicles = Array.from({ length: WAYS }, () => ({
      id: randomUUID(),
      user_id: driver.user.id,
      plate: uniquePlate(),
      state: "Nuevo León",
      country: "mx" as const,
      brand: "Nissan",
      model: "Versa",
      year: 2022,
      color: "Gris",
      created_at: now,
      updated_at: now,
    }));
    await app.db.insertInto("vehicles").values(vehicles).execute();
    const price = priceOf(Date.now(), Date.now(), 30);
    const affordable = 7;
    const loaded = Math.max(5_000, price * affordable + Math.floor(price / 2));
    expect((await topUp(driver, loaded)).statusCode).toBe(200);
    const answers = await Promise.all(vehicles.map((vehicle) => buyMeter(driver, vehicle.id, "balance")));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status >= 500),
      answers.map((answer) => answer.body).join("\n"),
    ).toEqual([]);
    const won = statuses.filter((status) => status === 201).length;
    for (const refused of answers.filter((answer) => answer.statusCode !== 201))
      expect(["invalid_payment", "action_not_available"], refused.body).toContain(refused.json().error);
    const { balance, sum, movements } = await ledgerOf(driver);
    expect(won).toBe(Math.floor(loaded / price));
    expect(balance.amount).toBeGreaterThanOrEqual(0);
    expect(balance.amount).toBe(loaded - won * price);
    expect(sum).toBe(balance.amount);
    const spends = await app.db
      .selectFrom("payments")
      .select("id")
      .where("user_id", "=", driver.user.id)
      .where("gateway", "=", "balance")
      .where("status", "=", "succeeded")
      .execute();
    expect(spends).toHaveLength(won);
    expect(movements.filter((movement) => movement.kind === "spend")).toHaveLength(won);
  }, 120_000);
});
