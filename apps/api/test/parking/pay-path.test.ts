import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_SANDBOX_EVENTS } from "../../src/modules/payments/sandbox/events.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/**
 * The cost of the hot money path in SQL statements (issue 16 item 8): every statement is a round
 * trip on PostgreSQL, and the pay path once sent 29 of them (33 with the sandbox gateway's own).
 * The budget is what the path needs (docs/product/money.md): the token check, the stay with its
 * lot, its operator, its vehicle, the card to charge and the earlier charge under this key (one
 * statement, decisions 0344 and 0348), the first transaction (the key claimed — which is also
 * where an earlier record under it is met —, the stay locked with its live-charge and ledger
 * checks, the attempt, which is its own way back after a crash: decision 0352), the second (the attempt locked, the stay settled,
 * the receipt job, the outcome, the answer kept under the key). A stay without earlier ledger rows
 * is answered without reading them. BEGIN and COMMIT count, on both engines.
 */
const PAY_STATEMENT_BUDGET = 14;
/** docs/product/money.md's floor: one commit before the provider's call and one after (docs/decisions/0046). */
const PAY_COMMITS = 2;

/** Commits in a statement log: each COMMIT, and each write sent outside a transaction. */
function commitsOf(statements: string[]): number {
  let inTransaction = false;
  let commits = 0;
  for (const statement of statements) {
    if (/^begin/i.test(statement)) inTransaction = true;
    else if (/^(commit|rollback)/i.test(statement)) {
      inTransaction = false;
      if (/^commit/i.test(statement)) commits++;
    } else if (!inTransaction && /^(insert|update|delete)/i.test(statement)) commits++;
  }
  return commits;
}

describe(`the pay path's SQL statements (${testEngine})`, () => {
  let app: TestApp;
  let counting = false;
  const statements: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      onStatement: (statement, parameters) => {
        // The sandbox gateway keeps its charges in our database and asks for its own webhooks'
        // delivery (docs/decisions/0155, 0354); a real provider does both on its side of an HTTP call.
        const sandboxOwn = statement.includes('"sandbox_') || parameters.includes(JOB_SANDBOX_EVENTS);
        if (!counting) return;
        // The sandbox's own transaction (its charge and its webhook) leaves an empty begin/commit.
        if (/^commit/i.test(statement) && /^begin/i.test(statements.at(-1) ?? "")) statements.pop();
        else if (!sandboxOwn) statements.push(statement);
      },
    });
  });
  afterAll(async () => app.close());

  it(`pays a parked stay in at most ${PAY_STATEMENT_BUDGET} statements and ${PAY_COMMITS} commits`, async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const visitId = await startParkedVisit(app, driver, 90, (await createLocation(app)).id);

    counting = true;
    const paid = await app.inject({
      method: "POST",
      url: `/api/user/visit/${visitId}/pay`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: {},
    });
    counting = false;

    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.visit.status).toBe("finished");
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(PAY_STATEMENT_BUDGET);
    expect(commitsOf(statements), statements.join("\n")).toBe(PAY_COMMITS);
  });

  // SQLite's plans (PostgreSQL's are checked at scale by `BENCH_SCALE`): every read of the path
  // finds its rows through an index, and the earlier-charge lookup through the partial unique
  // index on (driver, key) rather than by reading all of the driver's charges.
  it.runIf(testEngine === "sqlite")("reads every row of the path through an index", async () => {
    const plans = new Map<string, string>();
    for (const statement of new Set(statements.filter((text) => text.startsWith("select")))) {
      const placeholders = statement.match(/\?/g)?.length ?? 0;
      const { rows } = await app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement}`, Array(placeholders).fill(null)),
      );
      plans.set(statement, rows.map((row) => row.detail).join(" | "));
    }
    for (const [statement, plan] of plans) expect(plan, statement).not.toMatch(/\bSCAN\b/);
    const earlierCharge = [...plans].find(([statement]) => statement.includes('"idempotency_key" = ?'));
    expect(earlierCharge?.[1]).toContain("payments_user_key");
  });
});
