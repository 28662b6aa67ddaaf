import { idempotencyKey } from "@estaciona/contracts/schemas/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/database.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso } from "../../lib/time.ts";

/**
 * The HTTP side of idempotency for money routes (DESIGN §5, research PAY-1), after Stripe's:
 * - `Idempotency-Key` is required (1–255 characters of text, contracts `idempotencyKey`), except
 *   where the endpoint names a body field that stands in for it (`idempotencyKeyField`: the spec's
 *   card calls send no key; their single-use provider token becomes `<field>:<its SHA-256>`, 0060);
 * - a key belongs to ONE request of one driver: the method, the full path with its parameters
 *   and query (`/api/user/visit/<A>/pay`, never the route pattern) and the body;
 * - same key + same request → the first answer replayed, errors included, with
 *   `Idempotent-Replayed: true`;
 * - same key + any other request (another visit, card, body, method or route) → 422
 *   `invalid_data` ("this key was already used for another request"), never replayed;
 * - same key while the first request still runs → 409 `action_not_available`, `Retry-After: 1`
 *   (safe to retry; nothing was recorded for the second request);
 * - 429, 5xx and unexpected failures are not recorded: the key is released so the client can retry,
 *   and the ledger's own key check answers the attempt's real state instead of charging again.
 * An in-progress key older than two minutes belonged to a crashed request and may be taken over.
 * Keys are kept 24 hours (purged by the worker). See docs/decisions/0006.
 */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 3600;
const STALE_IN_PROGRESS_SECONDS = 120;

type StoredAnswer =
  | { kind: "success"; status: number; body: unknown }
  | { kind: "error"; status: number; code: string; messageKey: string; params: Record<string, string | number> };

export interface IdempotentAnswer<T> {
  status?: number;
  body: T;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * The request's key under the one header rule of the contracts (the route's header schema applies
 * the same); without the header, the body's `keyField` when the endpoint names one, hashed (a
 * provider token is not kept in clear, and any length fits the key's 255 characters).
 */
export function idempotencyKeyOf(request: FastifyRequest, keyField: string | null = null): string {
  const header = request.headers["idempotency-key"];
  const stand = keyField && header === undefined ? (request.body as Record<string, unknown>)[keyField] : undefined;
  const parsed = idempotencyKey.safeParse(typeof stand === "string" ? `${keyField}:${sha256(stand)}` : header);
  if (parsed.success) return parsed.data;
  const status = header === undefined ? "missing_parameters" : "invalid_data";
  throw new AppError(status, { messageKey: "errors.api_idempotency_key_missing" });
}

/**
 * What a key is bound to: the method, the full URL as sent (path parameters and query
 * included) and the body with its keys sorted, so `{a,b}` and `{b,a}` are the same request.
 */
export function requestFingerprint(request: Pick<FastifyRequest, "method" | "url" | "body">): string {
  return sha256(JSON.stringify([request.method, request.url, canonical(request.body ?? null)]));
}

function replay<T>(reply: FastifyReply, stored: StoredAnswer): T {
  reply.header("idempotent-replayed", "true");
  if (stored.kind === "error")
    throw new AppError(stored.code as ConstructorParameters<typeof AppError>[0], {
      status: stored.status,
      messageKey: stored.messageKey,
      params: stored.params,
    });
  reply.code(stored.status);
  return stored.body as T;
}

/** Runs `handler` at most once per (user, Idempotency-Key); see the module comment. */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  keyField: string | null,
  handler: (key: string) => Promise<IdempotentAnswer<T>>,
): Promise<T> {
  const key = idempotencyKeyOf(request, keyField);
  const userId = request.user.id;
  const requestHash = requestFingerprint(request);
  const now = nowIso();
  const claimed = await db
    .insertInto("idempotency_keys")
    .values({
      id: newId(),
      user_id: userId,
      key,
      request_hash: requestHash,
      status: "in_progress",
      response_status: null,
      response_body: null,
      created_at: now,
      locked_at: now,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing())
    .returning("id")
    .executeTakeFirst();

  let rowId = claimed?.id;
  if (!rowId) {
    const existing = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .executeTakeFirst();
    if (!existing)
      throw new AppError("action_not_available", {
        status: 409,
        messageKey: "errors.api_request_in_progress",
        headers: { "retry-after": "1" },
      });
    if (existing.request_hash !== requestHash)
      throw new AppError("invalid_data", { messageKey: "errors.api_idempotency_key_reused" });
    if (existing.status === "completed" && existing.response_body)
      return replay<T>(reply, JSON.parse(existing.response_body) as StoredAnswer);
    const takenOver =
      existing.locked_at < isoBefore(STALE_IN_PROGRESS_SECONDS)
        ? await db
            .updateTable("idempotency_keys")
            .set({ locked_at: now })
            .where("id", "=", existing.id)
            .where("status", "=", "in_progress")
            .where("locked_at", "=", existing.locked_at)
            .returning("id")
            .executeTakeFirst()
        : undefined;
    if (!takenOver)
      throw new AppError("action_not_available", {
        status: 409,
        messageKey: "errors.api_request_in_progress",
        headers: { "retry-after": "1" },
      });
    rowId = takenOver.id;
  }

  const complete = (stored: StoredAnswer) =>
    db
      .updateTable("idempotency_keys")
      .set({ status: "completed", response_status: stored.status, response_body: JSON.stringify(stored) })
      .where("id", "=", rowId)
      .execute();
  try {
    const answer = await handler(key);
    const status = answer.status ?? 200;
    await complete({ kind: "success", status, body: answer.body });
    reply.code(status);
    return answer.body;
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 429) {
      await complete({
        kind: "error",
        status: error.status,
        code: error.code,
        messageKey: error.messageKey,
        params: error.params,
      });
    } else {
      await db.deleteFrom("idempotency_keys").where("id", "=", rowId).execute();
    }
    throw error;
  }
}

/** Drops keys past their retention (run by the worker). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("created_at", "<", isoBefore(IDEMPOTENCY_RETENTION_SECONDS)).execute();
}
