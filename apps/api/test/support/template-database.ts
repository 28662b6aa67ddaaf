import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../../src/db/database.ts";

/**
 * Every API test file gets its own database, and every one used to run the 35 migrations itself:
 * 0.1 s on SQLite, 0.8 s on PostgreSQL, for each of the suite's hundreds of apps. Instead, each
 * engine's migrated, empty database is made once for the migrations' current text and copied per
 * file (a file copy; PostgreSQL's `create database … template`). The app's own start then finds
 * no migration pending and runs the reference seed, as on any deploy (docs/decisions/0329).
 */
const migrationsFolder = fileURLToPath(new URL("../../src/db/migrations/", import.meta.url));

/** The migrations' text, hashed: a migration edited in place gets a new template, never a stale one. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

let sqliteTemplate: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;

/** The path of the migrated SQLite file to copy, made by the first worker that needs it. */
export function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= buildSqliteTemplate();
  return sqliteTemplate;
}

async function buildSqliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `estaciona-template-${migrationsHash()}.sqlite`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(path.join(tmpdir(), "estaciona-template-"));
  const building = path.join(dir, "template.sqlite");
  const handle = openDatabase({ engine: "sqlite", file: building });
  await migrateToLatest(handle);
  await handle.close();
  // A rename is atomic: a worker that built the same template at the same time replaces it whole.
  renameSync(building, file);
  rmSync(dir, { recursive: true, force: true });
  return file;
}

/** The name of the migrated PostgreSQL database to copy, made by the first worker that needs it. */
export function postgresTemplateDatabase(sharedUrl: string): Promise<string> {
  postgresTemplate ??= buildPostgresTemplate(sharedUrl);
  return postgresTemplate;
}

async function buildPostgresTemplate(sharedUrl: string): Promise<string> {
  const name = `test_template_${migrationsHash()}`;
  const found = await adminQuery(sharedUrl, "select 1 from pg_database where datname = $1", [name]);
  if (found.rowCount) return name;
  const building = `test_building_${randomBytes(6).toString("hex")}`;
  await adminQuery(sharedUrl, `create database ${building}`);
  const handle = openDatabase({ engine: "postgres", url: databaseUrl(sharedUrl, building) });
  await migrateToLatest(handle);
  await handle.close();
  try {
    await adminQuery(sharedUrl, `alter database ${building} rename to ${name}`);
  } catch {
    // Another worker renamed its copy first: that one is the template.
    await adminQuery(sharedUrl, `drop database if exists ${building} with (force)`);
  }
  return name;
}

/** The shared server's URL pointing at another of its databases. */
export function databaseUrl(sharedUrl: string, name: string): string {
  const url = new URL(sharedUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the shared server's maintenance connection (creating and dropping databases). */
export async function adminQuery(sharedUrl: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: sharedUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}
