import { sql } from "kysely";
import { type TestApp, testEngine } from "./helpers.ts";

/**
 * What a refused request must not change: per table, its row count and its latest `updated_at`
 * (a half-written update keeps the count). A refused money call keeps its answer for its
 * Idempotency-Key (replayed, docs/decisions/0006): the key's bookkeeping, not a change, so
 * `idempotency_keys` is left out, like any table a caller names in `ignored`.
 */
export async function databaseFingerprint(app: TestApp, ignored: string[] = []): Promise<Record<string, string>> {
  const tables = (await tablesOf(app)).filter(({ name }) => !ignored.includes(name));
  const { rows } = await sql
    .raw<{ name: string; rows: number | string; updated: string | null }>(
      tables
        .map(
          ({ name, updated }) =>
            `select '${name}' as name, count(*) as rows, ${updated ? "max(updated_at)" : "null"} as updated from "${name}"`,
        )
        .join(" union all "),
    )
    .execute(app.db);
  return Object.fromEntries(rows.map((row) => [row.name, `${Number(row.rows)} ${row.updated ?? ""}`]));
}

const tableLists = new WeakMap<TestApp, Promise<Array<{ name: string; updated: boolean }>>>();
function tablesOf(app: TestApp) {
  let tables = tableLists.get(app);
  if (!tables) {
    tables = listTables(app);
    tableLists.set(app, tables);
  }
  return tables;
}

async function listTables(app: TestApp): Promise<Array<{ name: string; updated: boolean }>> {
  const { rows } =
    testEngine === "postgres"
      ? await sql<{ name: string; column: string }>`select table_name as name, column_name as column
          from information_schema.columns where table_schema = current_schema()
          and table_name in (select table_name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE')`.execute(app.db)
      : await sql<{ name: string; column: string }>`select m.name as name, p.name as column
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(app.db);
  const tables = new Map<string, boolean>();
  for (const { name, column } of rows) tables.set(name, (tables.get(name) ?? false) || column === "updated_at");
  return [...tables]
    .filter(([name]) => name !== "idempotency_keys" && !name.startsWith("kysely_"))
    .map(([name, updated]) => ({ name, updated }));
}
