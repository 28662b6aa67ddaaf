import { CompiledQuery } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { compiledOnce } from "../../src/db/compiled-once.ts";
import { PARTIAL_INDEX_COLUMNS } from "../../src/db/partial-index-values.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { paidStay } from "../support/operator-fixtures.ts";

/**
 * A value compared with a column that a partial index filters on is written into the statement's
 * text, so that SQLite plans the statement once instead of at every call (docs/decisions/0351)
 * and PostgreSQL's generic plan of a prepared statement can use the index (decision 0355); every
 * other value stays bound.
 */
const app = await createTestApp();
afterAll(async () => app.close());
// A driver who paid a stay: one succeeded charge in the ledger.
const { driver } = await paidStay(app);

const chargesOf = (userId: string, statuses: string[]) =>
  app.db
    .selectFrom("payments")
    .select("id")
    .where("user_id", "=", userId)
    .where("payments.kind", "=", "charge")
    // Any text, a status or not: how a hostile value is written out is part of what is tested.
    .where("status", "in", statuses as never[]);

describe(`values compared with a partial index's columns (${testEngine})`, () => {
  it.runIf(testEngine === "sqlite")(
    "lists every column the schema's partial indexes compare with a value",
    async () => {
      const { rows } = await app.db.executeQuery<{ name: string; sql: string }>(
        CompiledQuery.raw("select name, sql from sqlite_master where type = 'index' and sql like '% where %'"),
      );
      expect(rows.length).toBeGreaterThan(10);
      for (const { name, sql: definition } of rows) {
        const predicate = definition.slice(definition.toLowerCase().lastIndexOf(" where ") + 7);
        // Every column compared with something (not `is [not] null`): what a statement binds a value against.
        for (const [, column] of predicate.matchAll(/"?(\w+)"?\s*(?:=|<>|!=|\bin\b|\bnot in\b)/gi))
          expect(PARTIAL_INDEX_COLUMNS, `${name}: ${predicate}`).toContain(column);
      }
    },
  );

  it("writes those values into the text and binds the rest", () => {
    const compiled = chargesOf("driver-1", ["pending", "succeeded"]).compile();
    expect(compiled.sql).toContain(`"payments"."kind" = 'charge'`);
    expect(compiled.sql).toContain(`"status" in ('pending', 'succeeded')`);
    expect(compiled.parameters).toEqual(["driver-1"]);
  });

  it("answers as a bound value would, a quote included", async () => {
    expect(await chargesOf(driver.user.id, ["pending", "succeeded"]).execute()).toHaveLength(1);
    expect(await chargesOf(driver.user.id, ["pending", "o'clock"]).execute()).toEqual([]);
    expect(await chargesOf("someone else", ["x') or ('1' = '1"]).execute()).toEqual([]);
  });

  it("keeps a statement compiled once binding its arguments", async () => {
    const chargesIn = compiledOnce((db, status: string) =>
      db
        .selectFrom("payments")
        .select("id")
        .where("kind", "=", "charge")
        .where("status", "=", status as never),
    );
    expect(await chargesIn.all(app.db, "pending")).toEqual([]);
  });
});
