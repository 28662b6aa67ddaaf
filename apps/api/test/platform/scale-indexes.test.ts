import { CompiledQuery, type Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/schema.ts";
import { newId } from "../../src/lib/ids.ts";
import { enqueue } from "../../src/modules/jobs/queue.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";

/**
 * The reads the scale run found going through whole tables at 100,000 drivers (issue 25 item 8,
 * docs/decisions/0337) go through their indexes: the job queue's claim, the console's payments search
 * by plate, and the refunds summed for each listed charge; the console's revenue reads one index
 * alone (docs/decisions/0346). A test database is small, so PostgreSQL is
 * told to avoid whole-table reads (as the bench does): it reads one anyway only when no index serves.
 */
describe(`the scale run's indexes (${testEngine})`, () => {
  let app: TestApp;
  let capturing = false;
  const captured = new Map<string, readonly unknown[]>();
  beforeAll(async () => {
    app = await createTestApp({
      onStatement: (statement, parameters) => {
        if (capturing && !captured.has(statement)) captured.set(statement, parameters);
      },
    });
  });
  afterAll(async () => app.close());

  /** The plan of the one statement captured that matches `pattern`. */
  async function planOf(pattern: RegExp): Promise<string> {
    const found = [...captured].find(([statement]) => pattern.test(statement));
    expect(found, [...captured.keys()].join("\n")).toBeDefined();
    const [statement, parameters] = found ?? ["", []];
    if (testEngine === "sqlite") {
      const { rows } = await app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement}`, [...parameters]),
      );
      return rows.map((row) => row.detail).join("\n");
    }
    return app.db.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
      const { rows } = await tx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${statement}`, [...parameters]),
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  /**
   * Rows written 500 at a time, then, on PostgreSQL, the table's statistics and the visibility map
   * an index-only read needs, as autovacuum keeps them.
   */
  async function insertAnalysed<Table extends "users" | "payments">(table: Table, rows: Insertable<Database[Table]>[]) {
    for (let start = 0; start < rows.length; start += 500)
      await app.db
        .insertInto(table)
        .values(rows.slice(start, start + 500) as never)
        .execute();
    if (testEngine === "postgres") await app.db.executeQuery(CompiledQuery.raw(`vacuum analyze ${table}`));
  }

  /**
   * No whole-table read; on PostgreSQL, through the indexes named (SQLite, without statistics,
   * picks among the indexes differently, and the scale run is PostgreSQL's). The search's
   * `payments_vehicle` pays only when a month of charges outnumbers a plate's: the scale run shows it.
   */
  function expectIndexed(plan: string, indexes: string[]): void {
    expect(plan).not.toMatch(/Seq Scan|\bSCAN\b/);
    if (testEngine === "postgres") for (const index of indexes) expect(plan).toContain(index);
  }

  it("claims the next due job through the index of live jobs", async () => {
    await enqueue(app.db, "bench.unknown_kind", {});
    captured.clear();
    capturing = true;
    await app.jobs.runDueJobs({ limit: 1 });
    capturing = false;
    expectIndexed(await planOf(/^select "id" from "jobs"/), ["jobs_live"]);
  });

  it("searches the console's payments by plate through the plate's index, each charge's refunds through theirs", async () => {
    const { driver } = await paidStay(app);
    const operator = await createOperator(app);
    captured.clear();
    capturing = true;
    const page = await app.inject({
      method: "GET",
      url: `/api/admin/payments?plate=${driver.vehicle.plate}&status=succeeded`,
      headers: operator.headers,
    });
    capturing = false;
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items).toHaveLength(1);
    expectIndexed(await planOf(/"vehicles"\."plate" = /), ["vehicles_plate", "payments_refunds_of_charge"]);
  });

  it("finds the console's drivers and payments by the end of a phone through the index of its last four digits", async () => {
    const { driver, paymentId } = await paidStay(app);
    const operator = await createOperator(app);
    const digits = driver.user.phone.replace(/\D/g, "");
    // Five thousand other drivers, so that PostgreSQL's statistics tell the last four digits
    // apart from walking the phones in order.
    const at = new Date().toISOString();
    const others = Array.from({ length: 5000 }, (_, index) => ({
      id: newId(),
      phone: `+5239${String(index).padStart(8, "0")}`,
      locale: "es" as const,
      role: "driver" as const,
      status: "active" as const,
      payment_methods_mx: 0 as const,
      payment_methods_us: 0 as const,
      sign_in_failures: 0,
      registered_domain: "estaciona" as const,
      created_at: at,
      updated_at: at,
    }));
    await insertAnalysed("users", others);
    const searches = [
      { url: `/api/admin/drivers?q=${digits.slice(-7)}`, statement: /^select "users"\."id"/ },
      { url: `/api/admin/payments?phone=${digits.slice(-6)}`, statement: /"refunds"/ },
    ];
    for (const { url, statement } of searches) {
      captured.clear();
      capturing = true;
      const found = await app.inject({ method: "GET", url, headers: operator.headers });
      capturing = false;
      expect(found.statusCode, found.body).toBe(200);
      expect(JSON.stringify(found.json().data)).toContain(url.includes("drivers") ? driver.user.id : paymentId);
      expectIndexed(await planOf(statement), ["users_phone_last4"]);
    }
  });

  it("sums the console's revenue from the ledger's location index alone, over a few thousand payments", async () => {
    const stay = await paidStay(app);
    const charge = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", stay.paymentId)
      .executeTakeFirstOrThrow();
    // Ten weeks of charges at the lot beside the real one, as a lot with a history has: the
    // report's week is a range of the index, not most of the table.
    const rows = Array.from({ length: 3000 }, (_, index) => {
      const at = new Date(Date.now() - index * 2_000_000).toISOString();
      return {
        ...charge,
        id: newId(),
        payable_id: newId(),
        provider_ref: null,
        idempotency_key: null,
        created_at: at,
        updated_at: at,
      };
    });
    await insertAnalysed("payments", rows);
    const operator = await createOperator(app);
    captured.clear();
    capturing = true;
    const today = await app.inject({ method: "GET", url: "/api/admin/today?days=7", headers: operator.headers });
    capturing = false;
    expect(today.statusCode).toBe(200);
    const plan = await planOf(/sum\("money"\."signed"\)/);
    expectIndexed(plan, ["payments_location_list"]);
    // The charge of each refund and the paying card are no longer joined: the rail is on the row.
    expect(plan).not.toMatch(/payment_methods|payment_references/);
    if (testEngine === "postgres") expect(plan).toContain("Index Only Scan using payments_location_list");
    else expect(plan).toContain("COVERING INDEX payments_location_list");
  });

  it("writes a charge's rail with it, and its refund's as the charge's", async () => {
    const stay = await paidStay(app);
    // The charge and its refunds, charge first.
    const linesOf = (chargeId: string) =>
      app.db
        .selectFrom("payments")
        .select(["kind", "rail"])
        .where((eb) => eb.or([eb("id", "=", chargeId), eb("parent_payment_id", "=", chargeId)]))
        .orderBy("kind")
        .execute();
    expect(await linesOf(stay.paymentId)).toEqual([{ kind: "charge", rail: "card" }]);
    // Whatever the charge's rail, the refund copies it rather than reading it anew from the card.
    await app.db.updateTable("payments").set({ rail: "google_pay" }).where("id", "=", stay.paymentId).execute();
    const operator = await createOperator(app);
    const refunded = await refundCall(app, operator.headers, stay.paymentId, { amount: 100, reason: "Cobro de más" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await linesOf(stay.paymentId)).toEqual([
      { kind: "charge", rail: "google_pay" },
      { kind: "refund", rail: "google_pay" },
    ]);
  });
});
