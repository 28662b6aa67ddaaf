import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, openDatabase } from "../../src/db/database.ts";
import { preparingStatements } from "../../src/db/prepared-statements.ts";
import { createPostgresTestDatabase, testEngine } from "../support/helpers.ts";

/**
 * PostgreSQL parses each data statement once per connection (docs/decisions/0355): what the
 * server holds, the cap, and a migration run while the connection serves.
 */
describe.runIf(testEngine === "postgres")("prepared statements on PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  const query = <Row>(text: string, values: unknown[] = []) =>
    client.query(text, values) as unknown as Promise<pg.QueryResult<Row & pg.QueryResultRow>>;
  /** What the server holds for this connection, by text. */
  const held = async () =>
    (await query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (row) => row.statement,
    );

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    preparingStatements(client as pg.PoolClient, 3);
    await client.query("create table prepared_probe (id integer primary key, label text)");
    await client.query("insert into prepared_probe values (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it("parses a statement once and runs it with each call's values", async () => {
    const byId = "select label from prepared_probe where id = $1";
    expect((await query<{ label: string }>(byId, [1])).rows).toEqual([{ label: "one" }]);
    expect((await query<{ label: string }>(byId, [2])).rows).toEqual([{ label: "two" }]);
    expect((await held()).filter((text) => text === byId)).toHaveLength(1);
  });

  it("keeps no more than its capacity, the least recently used deallocated", async () => {
    for (const id of [1, 2, 3, 4]) await query(`select ${id} as n from prepared_probe where id = $1`, [1]);
    const statements = await held();
    // The cap of three, the last one being the read of pg_prepared_statements itself.
    expect(statements).toHaveLength(3);
    expect(statements.some((text) => text.includes("select 4 as n"))).toBe(true);
    expect(statements.some((text) => text.includes("select 1 as n"))).toBe(false);
    expect((await query<{ n: number }>("select 1 as n from prepared_probe where id = $1", [1])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it("answers the new shape after a migration, outside a transaction at once", async () => {
    const everything = "select * from prepared_probe where id = $1";
    expect((await query(everything, [1])).rows).toEqual([{ id: 1, label: "one" }]);
    await client.query("alter table prepared_probe add column colour text");
    expect((await query(everything, [1])).rows).toEqual([{ id: 1, label: "one", colour: null }]);
  });

  it("fails one transaction after a migration, and the next one runs", async () => {
    const everything = "select * from prepared_probe where id = $1";
    await query(everything, [2]);
    await client.query("alter table prepared_probe add column size integer");
    await client.query("begin");
    await expect(query(everything, [2])).rejects.toMatchObject({ code: "0A000" });
    await client.query("rollback");
    await client.query("begin");
    expect((await query(everything, [2])).rows).toEqual([{ id: 2, label: "two", colour: null, size: null }]);
    await client.query("commit");
    // Nothing is left on the server from before the change.
    expect((await held()).filter((text) => text === everything)).toHaveLength(1);
  });

  it("runs an app transaction met by a migration again, rather than failing it", async () => {
    const handle = openDatabase({ engine: "postgres", url: database.url, poolSize: 1 });
    try {
      const everything = () =>
        inTransaction(handle.db, (tx) => sql`select * from prepared_probe where id = ${1}`.execute(tx));
      await everything();
      await client.query("alter table prepared_probe add column weight integer");
      const { rows } = await everything();
      expect(rows[0]).toMatchObject({ id: 1, label: "one", weight: null });
    } finally {
      await handle.close();
    }
  });

  it("is how the app's pool talks to PostgreSQL", async () => {
    const handle = openDatabase({ engine: "postgres", url: database.url, poolSize: 1 });
    try {
      const probe = () => handle.db.selectFrom("hosts").select("hostname").where("hostname", "=", "nowhere").execute();
      await probe();
      await probe();
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        handle.db,
      );
      expect(rows.filter((row) => row.statement.includes('from "hosts"'))).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
