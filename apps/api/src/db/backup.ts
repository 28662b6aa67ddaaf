import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";

/**
 * Backups that restore (issue 25 item 1, docs/operations.md#backups): SQLite through its online
 * backup API, PostgreSQL through `pg_dump --format=custom` and `pg_restore`. Both take a copy that
 * is consistent at one instant while the product keeps serving, and a restore only ever writes
 * into an empty database unless told otherwise.
 */
export type BackupSource = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string; schema?: string };

export class BackupError extends Error {}

/** Pages copied per step of SQLite's backup: all of them, so a step runs in one read transaction. */
const ALL_PAGES = 2 ** 31 - 1;

/** Writes a consistent copy of the database to `file` (a new file; an existing one is refused). */
export async function backupDatabase(source: BackupSource, file: string): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} exists already: a backup never overwrites a file`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (source.engine === "sqlite") {
    // A connection of its own, in WAL mode, reads one snapshot without blocking the writers. The
    // copy is taken in one step: a stepwise copy restarts whenever another connection writes
    // between steps, and under steady load would never finish.
    const sqlite = new SQLite(source.file, { fileMustExist: true });
    try {
      await sqlite.backup(file, { progress: () => ALL_PAGES });
    } catch (error) {
      rmSync(file, { force: true });
      throw error;
    } finally {
      sqlite.close();
    }
    return;
  }
  await checkPgDumpFits(source.url);
  const schemaOnly = source.schema ? [`--schema=${source.schema}`] : [];
  await run("pg_dump", ["--format=custom", `--file=${file}`, "--no-owner", ...schemaOnly, `--dbname=${source.url}`]);
}

/**
 * Brings a backup back into `target`. Refuses a database that already holds tables unless
 * `replace` is set (then SQLite's file is overwritten and PostgreSQL's objects are dropped first).
 */
export async function restoreDatabase(
  file: string,
  target: BackupSource,
  options: { replace?: boolean } = {},
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup`);
  const tables = await tablesIn(target);
  if (tables > 0 && !options.replace)
    throw new BackupError(
      `The target database holds ${tables} tables: restore refuses a database that is not empty (--replace overwrites it)`,
    );
  if (target.engine === "sqlite") {
    // Into a new file beside the target, then renamed over it: a half-written restore never
    // stands as the database. The target's own WAL files belong to the old database.
    const staging = `${target.file}.restoring`;
    rmSync(staging, { force: true });
    mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    const backup = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(staging, { progress: () => ALL_PAGES });
    } finally {
      backup.close();
    }
    for (const suffix of ["-wal", "-shm"]) rmSync(`${target.file}${suffix}`, { force: true });
    copyFileSync(staging, target.file);
    rmSync(staging, { force: true });
    return;
  }
  await checkPgDumpFits(target.url, "pg_restore");
  const replace = options.replace ? ["--clean", "--if-exists"] : [];
  await run("pg_restore", [
    "--no-owner",
    "--exit-on-error",
    "--single-transaction",
    ...replace,
    `--dbname=${target.url}`,
    file,
  ]);
}

/** How many tables the database (or its schema) holds: a restore's target must hold none. */
async function tablesIn(target: BackupSource): Promise<number> {
  if (target.engine === "sqlite") {
    if (!existsSync(target.file) || statSync(target.file).size === 0) return 0;
    const sqlite = new SQLite(target.file, { readonly: true });
    try {
      const row = sqlite.prepare("select count(*) as tables from sqlite_master where type = 'table'").get() as {
        tables: number;
      };
      return row.tables;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')${target.schema ? " and table_schema = $1" : ""}`,
      target.schema ? [target.schema] : [],
    );
    return Number(rows[0]?.tables ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * pg_dump and pg_restore read only servers of their own major version or older: an older client
 * against a newer server stops with a version mismatch. Said up front, with both versions.
 */
async function checkPgDumpFits(url: string, tool = "pg_dump"): Promise<void> {
  const client = await run(tool, ["--version"]).catch(() => {
    throw new BackupError(`${tool} is not installed: install the PostgreSQL client of the server's major version`);
  });
  const clientMajor = Number(/(\d+)(?:\.\d+)?/.exec(client)?.[1]);
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    const { rows } = await connection.query<{ server_version_num: string }>("show server_version_num");
    const serverMajor = Math.floor(Number(rows[0]?.server_version_num) / 10000);
    if (clientMajor < serverMajor)
      throw new BackupError(
        `${tool} ${clientMajor} cannot read a PostgreSQL ${serverMajor} server: install ${tool} ${serverMajor}`,
      );
  } finally {
    await connection.end();
  }
}

/** Runs a PostgreSQL client tool; resolves with its output, rejects with its error text. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new BackupError(`${command} failed (${code}): ${errors.trim()}`)),
    );
  });
}
