import type pg from "pg";

/**
 * Named statements kept per PostgreSQL connection: the hot ones are a few dozen, and each kept
 * statement holds about 23 KB of the server's memory (its parsed query and plan source), so 200
 * cost a connection under 5 MB (decision 0355).
 */
const PREPARED_PER_CONNECTION = 200;

/** Statements worth keeping: data statements (begin, commit, set and DDL are sent as they are). */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const ENDS_TRANSACTION = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

type Send = (...args: unknown[]) => unknown;
type ParsedStatements = { connection: { parsedStatements: Record<string, string> } };

/**
 * PostgreSQL refuses a prepared statement whose tables changed shape since it was parsed (a
 * migration added a column to what `select *` answers) or that the server no longer has.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "26000") return true;
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}

/**
 * Makes a node-postgres connection send each data statement as a named prepared statement, parsed
 * once per connection: without a name PostgreSQL parses, analyses and plans every statement anew,
 * which was a third of the pay path's time there (docs/decisions/0355). SQLite's twin is
 * `withStatementCache` (database.ts).
 *
 * - Beyond `capacity`, the least recently used statement is deallocated.
 * - A migration run while this process serves changes the tables under its statements: the first
 *   statement refused for it makes the connection forget them all (re-prepared at their next call).
 *   Outside a transaction that statement is sent again at once (it was refused before it ran, so
 *   a write is not made twice); inside one it fails its transaction, once per connection, and
 *   `inTransaction` runs that transaction again (database.ts, `isTransactionConflict`).
 */
export function preparingStatements(client: pg.PoolClient, capacity = PREPARED_PER_CONNECTION): void {
  const send = client.query.bind(client) as Send;
  const parsed = (client as unknown as ParsedStatements).connection.parsedStatements;
  const names = new Map<string, string>();
  let nextName = 0;
  let inTransaction = false;
  let forgottenInTransaction = false;

  const deallocate = (statement: string) => (send(`deallocate ${statement}`) as Promise<unknown>).catch(() => {});

  const nameOf = (text: string): string => {
    const known = names.get(text);
    // Re-inserted: a Map keeps insertion order, so its first entry is the least recently used.
    if (known) names.delete(text);
    const name = known ?? `estaciona_${nextName++}`;
    names.set(text, name);
    if (names.size > capacity) {
      const [oldestText, oldest] = names.entries().next().value as [string, string];
      names.delete(oldestText);
      delete parsed[oldest];
      // Queued behind the statement in flight. Refused inside a failed transaction: the statement
      // then stays on the server until the connection closes, its name never reused.
      deallocate(oldest);
    }
    return name;
  };

  /**
   * Every statement forgotten here, and on the server: at once outside a transaction; inside one,
   * which the refusal has failed (it parses nothing more), right after its rollback.
   */
  const forgetAll = () => {
    for (const name of names.values()) delete parsed[name];
    names.clear();
    if (inTransaction) forgottenInTransaction = true;
    else deallocate("all");
  };

  const sendPrepared = async (text: string, values: unknown[], mayRetry = true): Promise<unknown> => {
    const retried = mayRetry && !inTransaction;
    try {
      return await send({ name: nameOf(text), text, values });
    } catch (error) {
      if (!isStalePreparedStatement(error)) throw error;
      forgetAll();
      if (!retried) throw error;
      return sendPrepared(text, values, false);
    }
  };

  const sendAsItIs = (args: unknown[]): unknown => {
    const [text] = args;
    if (typeof text !== "string") return send(...args);
    if (OPENS_TRANSACTION.test(text)) inTransaction = true;
    if (!ENDS_TRANSACTION.test(text)) return send(...args);
    inTransaction = false;
    const ended = send(...args);
    if (forgottenInTransaction) {
      forgottenInTransaction = false;
      deallocate("all");
    }
    return ended;
  };

  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    // A callback or a config object: node-postgres' own way, unchanged (Kysely sends text and values).
    if (typeof text !== "string" || !Array.isArray(values) || args.length > 2 || !DATA_STATEMENT.test(text))
      return sendAsItIs(args);
    return sendPrepared(text, values);
  }) as typeof client.query;
}
