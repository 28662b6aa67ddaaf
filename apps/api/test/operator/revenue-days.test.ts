import { afterAll, describe, expect, it } from "vitest";
import type { NewRow } from "../../src/db/schema.ts";
import { newId } from "../../src/lib/ids.ts";
import { revenueByLocalDay } from "../../src/modules/operator/repository/revenue.ts";
import { localDays } from "../../src/modules/operator/today.ts";
import { settleRefund } from "../../src/modules/payments/ledger/refund.ts";
import { closeRevenueDays } from "../../src/modules/payments/ledger.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { createLocation } from "../support/world.ts";

/**
 * The console's revenue of closed days, rolled up (docs/decisions/0349): the rollup answers what the
 * ledger alone answers, after refunds of old charges (dated the day they are made) and settlements
 * that come days late (which move their closed day), also when they race the closing job.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());

const HOUR = 3600_000;
const TIME_ZONE = "America/Monterrey";

/** A lot of its own with a paid stay, its charge copied `count` times back over ten days. */
async function lotWithHistory(count: number) {
  const location = await createLocation(app, { time_zone: TIME_ZONE });
  const stay = await paidStay(app, location.id);
  const charge = await app.db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", stay.paymentId)
    .executeTakeFirstOrThrow();
  const rowAt = (hoursAgo: number, changes: Partial<NewRow<"payments">> = {}): NewRow<"payments"> => {
    const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
    return {
      ...charge,
      id: newId(),
      payable_id: newId(),
      provider_ref: null,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
      ...changes,
    };
  };
  const history = Array.from({ length: count }, (_, index) => rowAt(2 + index * ((10 * 24) / count)));
  await app.db.insertInto("payments").values(history).execute();
  return { location, rowAt, history };
}

/** Stays paid through the real pay call at the lot, their charges moved back to `hoursAgo`. */
async function oldPaidStays(locationId: string, hoursAgo: number[]) {
  const charges: string[] = [];
  for (const hours of hoursAgo) {
    const { paymentId } = await paidStay(app, locationId);
    const at = new Date(Date.now() - hours * HOUR).toISOString();
    await app.db.updateTable("payments").set({ created_at: at, updated_at: at }).where("id", "=", paymentId).execute();
    charges.push(paymentId);
  }
  return charges;
}

/** The last ten days' revenue at the lot: through the rollup, and from the ledger alone. */
async function revenueOf(location: { id: string; time_zone: string }) {
  const zones = localDays([location.time_zone], 10);
  const rolled = await revenueByLocalDay(app.db, [location], zones);
  // A closing cut on another clock is not read: the same call then sums the ledger alone.
  const ledger = await revenueByLocalDay(app.db, [{ ...location, time_zone: "Etc/Ledger" }], zones);
  return { rolled, ledger };
}

const rollupOf = (locationId: string) =>
  app.db
    .selectFrom("revenue_days")
    .select(["day", "amount"])
    .where("location_id", "=", locationId)
    .orderBy("day")
    .execute();

describe(`the console's revenue of closed days (${testEngine})`, () => {
  it("rolls each closed day up once and answers what the ledger answers, the Today screen included", async () => {
    const { location, history } = await lotWithHistory(40);
    const before = await revenueOf(location);
    expect(await closeRevenueDays(app.db)).toBeGreaterThanOrEqual(9);
    const closing = await app.db
      .selectFrom("revenue_closings")
      .selectAll()
      .where("location_id", "=", location.id)
      .executeTakeFirstOrThrow();
    // Every row before the first open day is in the rollup, which sums them; the next run closes nothing.
    const rolledRows = history.filter((row) => row.created_at < closing.open_from);
    const rolledUp = (await rollupOf(location.id)).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(rolledUp).toBe(rolledRows.reduce((sum, row) => sum + row.amount, 0));
    expect(await closeRevenueDays(app.db)).toBe(0);
    const after = await revenueOf(location);
    expect(after.rolled).toEqual(after.ledger);
    expect(after.rolled).toEqual(before.ledger);

    const operator = await createOperator(app, { locationIds: [location.id] });
    const today = await app.inject({ method: "GET", url: "/api/admin/today?days=7", headers: operator.headers });
    expect(today.statusCode).toBe(200);
    const total = (lines: { amount: number }[]) => lines.reduce((sum, line) => sum + line.amount, 0);
    const zones = localDays([location.time_zone], 7);
    expect(total(today.json().data.revenue)).toBe(
      total(await revenueByLocalDay(app.db, [{ ...location, time_zone: "Etc/Ledger" }], zones)),
    );
  });

  it("stays exact when old charges are refunded in parallel and late refunds settle while the days close", async () => {
    const { location, rowAt } = await lotWithHistory(30);
    const olds = await oldPaidStays(location.id, [50, 60, 70, 80, 90, 100]);
    const parents = await oldPaidStays(location.id, [55, 80, 105]);
    // Refunds made days ago whose gateway answered only now: they move their own (closed) days.
    const late = [rowAt(50), rowAt(75), rowAt(100)].map((row, index) => ({
      ...row,
      kind: "refund" as const,
      parent_payment_id: parents[index] ?? null,
      ...{ subtotal: 100 + index, convenience_fee: 0, processing_fee: 0, tax: 0, amount: 100 + index },
      status: "pending" as const,
    }));
    await app.db.insertInto("payments").values(late).execute();
    await closeRevenueDays(app.db);
    const closedBefore = await rollupOf(location.id);

    const operator = await createOperator(app, { locationIds: [location.id] });
    // Old charges refunded in parallel (two of them twice), the late refunds settled, and the closing
    // job run again, all at once.
    const refunds = [...olds, ...olds.slice(0, 2)].map((chargeId, index) =>
      refundCall(app, operator.headers, chargeId, { amount: 10 + index, reason: "Cobro de más" }),
    );
    const settled = late.map((row) => settleRefund(app, row.id, { status: "succeeded", providerRef: `re_${row.id}` }));
    const answers = await Promise.all([...refunds, ...settled, closeRevenueDays(app.db), closeRevenueDays(app.db)]);
    // A second refund of a charge while its first is in flight is refused (409), not lost.
    const statuses = answers.slice(0, refunds.length).map((answer) => (answer as { statusCode: number }).statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(olds.length);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);

    const { rolled, ledger } = await revenueOf(location);
    expect(rolled).toEqual(ledger);
    // A refund made today counts today; the late ones took their amounts from their own closed days.
    const closedAfter = await rollupOf(location.id);
    const sum = (rows: { amount: number | string }[]) => rows.reduce((total, row) => total + Number(row.amount), 0);
    expect(sum(closedBefore) - sum(closedAfter)).toBe(100 + 101 + 102);
    const refundsToday = await app.db
      .selectFrom("payments")
      .select("created_at")
      .where("kind", "=", "refund")
      .where("parent_payment_id", "in", olds)
      .where("status", "=", "succeeded")
      .execute();
    expect(refundsToday.length).toBe(statuses.filter((status) => status === 200).length);
    for (const refund of refundsToday) expect(Date.parse(refund.created_at)).toBeGreaterThan(Date.now() - HOUR);
  });

  it("cuts a location's days again when it moves to another zone, reading the ledger until then", async () => {
    const { location } = await lotWithHistory(20);
    await closeRevenueDays(app.db);
    await app.db.updateTable("locations").set({ time_zone: "America/Cancun" }).where("id", "=", location.id).execute();
    const moved = { ...location, time_zone: "America/Cancun" };
    const unclosed = await revenueOf(moved);
    expect(unclosed.rolled).toEqual(unclosed.ledger);
    await closeRevenueDays(app.db);
    const closing = await app.db
      .selectFrom("revenue_closings")
      .select("time_zone")
      .where("location_id", "=", location.id)
      .executeTakeFirstOrThrow();
    expect(closing.time_zone).toBe("America/Cancun");
    const { rolled, ledger } = await revenueOf(moved);
    expect(rolled).toEqual(ledger);
  });
});
