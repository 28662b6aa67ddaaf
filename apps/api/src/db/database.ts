import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { ErrorCode } from "@estaciona/contracts";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type LogEvent,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
  type Transaction,
} from "kysely";
import pg from "pg";
import { AppError, type AppErrorOptions } from "../lib/errors.ts";
import { traceStatement } from "../plugins/tracing.ts";
import { migrations } from "./migrations/index.ts";
import { partialIndexValuesWrittenOut } from "./partial-index-values.ts";
import { isStalePreparedStatement, preparingStatements } from "./prepared-statements.ts";
import type { Database } from "./schema.ts";

export type Engine = "sqlite" | "postgres";
export type DatabaseTarget = (
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string; schema?: string; poolSize?: number }
) & {
  /** Called with every SQL statement sent (tests and the bench count a path's statements with it). */
  onStatement?: (statement: string, parameters: readonly unknown[]) => void;
  /** Each statement as a span of the active trace (plugins/tracing.ts); only when tracing is on. */
  traceStatements?: boolean;
};

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A query runner: the database or an open transaction. Repository functions accept either. */
export type Executor = Db | Tx;

// int8 (counts, money) fits a JS number for every amount this product handles.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** The PostgreSQL schema the connection works in, when not the default (tests use one per file). */
  schema?: string;
  close(): Promise<void>;
}

function statementLog(target: DatabaseTarget): ((event: LogEvent) => void) | undefined {
  const { onStatement } = target;
  const span = target.traceStatements
    ? traceStatement(target.engine === "sqlite" ? "sqlite" : "postgresql")
    : undefined;
  if (!onStatement && !span) return undefined;
  return (event) => {
    onStatement?.(event.query.sql, event.query.parameters);
    span?.(event);
  };
}

/** Prepared statements kept per connection; the app sends a few dozen distinct statements. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every SQLite statement anew; preparing was a fifth of the pay path's CPU time
 * (issue 16 item 8). The app's statements are a fixed set with bound parameters, so each is
 * prepared once and reused (least recently used beyond the cap are dropped). SQLite re-prepares a
 * cached statement by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(statement) {
      let prepared = cache.get(statement);
      if (prepared) cache.delete(statement);
      else prepared = sqlite.prepare(statement);
      cache.set(statement, prepared);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return prepared;
    },
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.engine === "sqlite") {
    if (target.file !== ":memory:") mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log: statementLog(target),
      plugins: [partialIndexValuesWrittenOut],
    });
    return { db, engine: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // JIT off: PostgreSQL compiles a plan it estimates costly before running it, and the console's
    // week of revenue at ten million payments spent 5.8 s of its 6.6 s compiling (decision 0341);
    // the app's statements are short, and none gains from it.
    options: ["-c jit=off", ...(target.schema ? [`-c search_path=${target.schema}`] : [])].join(" "),
  });
  // A connection that PostgreSQL drops (restart, failover) emits 'error' on its client, idle or
  // checked out; without listeners that event would end the process. The pool discards the
  // client; the query in flight fails and is logged and answered 503 (plugins/errors.ts), and
  // readiness turns 503 until the database answers again.
  const ignoreDroppedConnection = () => {};
  pool.on("error", ignoreDroppedConnection);
  pool.on("connect", (client) => {
    client.on("error", ignoreDroppedConnection);
    preparingStatements(client);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: statementLog(target),
    // Prepared once per connection, a statement may be run with a generic plan, which can use a
    // partial index only for values written in its text (decision 0355).
    plugins: [partialIndexValuesWrittenOut],
  });
  return { db, engine: "postgres", schema: target.schema, close: () => db.destroy() };
}

const migratorOf = (handle: DatabaseHandle) =>
  new Migrator({
    db: handle.db as unknown as Kysely<unknown>,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    provider: { getMigrations: async () => migrations },
  });

/** Names of the migrations the database has not run yet (an instance refuses to start on an old schema). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const known = await migratorOf(handle).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = migratorOf(handle);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * The one way to lock what a select reads until its transaction ends, on both engines
 * (docs/decisions/0018): `FOR UPDATE` on PostgreSQL — with `skipLocked`, rows another transaction
 * holds are passed over (a job queue's claim) — and nothing on SQLite, whose one connection
 * already runs one transaction at a time (docs/decisions/0003). Used with Kysely's `$call`:
 *
 *   tx.selectFrom("visits").selectAll().where("id", "=", visitId).$call(forUpdate(tx)).executeTakeFirst()
 */
export function forUpdate(executor: Executor, options: { skipLocked?: boolean } = {}) {
  const locksRows = executor.getExecutor().adapter instanceof PostgresAdapter;
  return <Query extends LockableQuery<Query>>(query: Query): Query => {
    if (!locksRows) return query;
    const locked = query.forUpdate();
    return options.skipLocked ? locked.skipLocked() : locked;
  };
}

/** A select that can take row locks (Kysely's SelectQueryBuilder). */
interface LockableQuery<Query> {
  forUpdate(): Query;
  skipLocked(): Query;
}

/** True when a write failed on a unique index or primary key (better-sqlite3 and PostgreSQL codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * A write behind a unique index that stands for a rule (one active plate, one e-mail per account,
 * one open visit per vehicle): when a concurrent write won, the rule's catalogue code is answered.
 */
export async function underUniqueRule<T>(
  code: ErrorCode,
  write: () => Promise<T>,
  options: Pick<AppErrorOptions, "reason"> = {},
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code, { ...options, cause: error });
    throw error;
  }
}

/**
 * Holds a lock named `name` until the transaction ends, so checks and writes under one name run
 * one at a time: a cap that counts rows and then inserts one cannot be passed by parallel requests
 * (docs/decisions/0013). PostgreSQL: a transaction-level advisory lock on the name's 64-bit hash
 * (a collision only serialises two names more than needed). SQLite: nothing to take, its one
 * connection already runs the process's transactions one at a time (docs/decisions/0003).
 */
export async function lockName(tx: Tx, name: string): Promise<void> {
  if (tx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
}

/**
 * PostgreSQL's deadlock (40P01) and serialization failure (40001), SQLite's busy file: a transaction
 * that met another; or one that met a migration (a prepared statement gone stale). Each is run again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return (
    code === "40P01" ||
    code === "40001" ||
    code === "SQLITE_BUSY" ||
    code === "SQLITE_BUSY_SNAPSHOT" ||
    // A migration changed a table under a statement this connection had prepared: the connection
    // has forgotten its statements, and the transaction runs again with them parsed anew.
    isStalePreparedStatement(error)
  );
}

/** Retries of a transaction that met another (after the first run): then the request is refused. */
export const TRANSACTION_RETRIES = 3;

/**
 * Runs `work` in one transaction; when it meets another transaction (a deadlock the lock order of
 * ARCHITECTURE.md did not prevent, a serialization failure, SQLite busy) the whole transaction is
 * run again, at most TRANSACTION_RETRIES times after short random waits, then answered 409
 * `action_not_available` with Retry-After — never a 500. `work` must be safe to run again: it is,
 * as long as everything it writes goes through `tx` (a rolled-back run left nothing).
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (retry >= TRANSACTION_RETRIES)
        throw new AppError("action_not_available", {
          status: 409,
          messageKey: "errors.api_transaction_conflict",
          headers: { "retry-after": "1" },
          cause: error,
          detail: "transaction kept meeting another",
        });
      // A few milliseconds, growing and random, so the transactions that met do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * 2 ** retry)));
    }
  }
}
