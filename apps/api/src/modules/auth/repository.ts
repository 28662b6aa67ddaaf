import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";

/** Named queries of sign-in and sessions. Each takes an Executor: the database or an open transaction. */

export const findOAuthClient = (db: Executor, clientId: string) =>
  db.selectFrom("oauth_clients").selectAll().where("client_id", "=", clientId).executeTakeFirst();

/**
 * Registers the phone unless an active account already has it. Two first sign-ins racing for
 * the same new phone meet the partial unique index, and the loser does nothing.
 */
export async function insertUserUnlessPhoneTaken(db: Executor, user: NewRow<"users">): Promise<void> {
  await db
    .insertInto("users")
    .values(user)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function setSignInFailures(
  db: Executor,
  userId: string,
  failures: number,
  pausedUntil: string | null,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ sign_in_failures: failures, sign_in_paused_until: pausedUntil })
    .where("id", "=", userId)
    .execute();
}

/** How many codes were sent from one IP since a moment, and when the oldest of them was. */
export async function codesSentFromIpSince(db: Executor, ip: string, since: string) {
  const row = await db
    .selectFrom("login_codes")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("ip", "=", ip)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

/** When each code sent to the phone since a moment was created, newest first. */
export async function codeSendTimesToPhoneSince(db: Executor, phone: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom("login_codes")
    .select("created_at")
    .where("phone", "=", phone)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => row.created_at);
}

export async function insertLoginCode(db: Executor, code: NewRow<"login_codes">): Promise<void> {
  await db.insertInto("login_codes").values(code).execute();
}

/** The newest code sent to the phone: a fresh code replaces every earlier one. */
export const newestLoginCode = (db: Executor, phone: string) =>
  db
    .selectFrom("login_codes")
    .selectAll()
    .where("phone", "=", phone)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();

export async function recordWrongTry(db: Executor, codeId: string): Promise<void> {
  await db
    .updateTable("login_codes")
    .set((eb) => ({ wrong_tries: eb("wrong_tries", "+", 1) }))
    .where("id", "=", codeId)
    .execute();
}

/** Marks the code used; false when it already was (a replay lost the race). */
export async function consumeLoginCode(db: Executor, codeId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("login_codes")
    .set({ consumed_at: now })
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertSession(db: Executor, session: NewRow<"sessions">): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export async function insertRefreshToken(db: Executor, token: NewRow<"refresh_tokens">): Promise<void> {
  await db.insertInto("refresh_tokens").values(token).execute();
}

/**
 * A refresh token by its hash, with its session. With `lock` both rows stay locked until the
 * transaction ends, so two refreshes with one token run one after the other.
 */
export const findRefreshTokenWithSession = (db: Executor, tokenHash: string, options: { lock?: boolean } = {}) =>
  db
    .selectFrom("refresh_tokens")
    .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
    .select([
      "refresh_tokens.id as token_id",
      "refresh_tokens.used_at",
      "sessions.id as session_id",
      "sessions.user_id",
      "sessions.client_id",
      "sessions.expires_at",
      "sessions.revoked_at",
    ])
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .$if(options.lock === true, forUpdate(db))
    .executeTakeFirst();

/** Marks a refresh token used; false when it already was. */
export async function markRefreshTokenUsed(db: Executor, tokenId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ used_at: now })
    .where("id", "=", tokenId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export const findSession = (db: Executor, sessionId: string) =>
  db.selectFrom("sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();

/** Ends a session (a refresh-token family) unless it already ended; the first reason stays. */
export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: "logout" | "reuse",
  now: string,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now, revoked_reason: reason })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}
