import { idempotencyKey } from "@estaciona/contracts/schemas/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Db, Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso } from "../../lib/time.ts";

/**
 * The HTTP side of idempotency for money routes (docs/product/money.md, research PAY-1), after Stripe's:
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
 * - 429, 5xx, refusals with `Retry-After` and unexpected failures are not recorded: the key is
 *   released so the client can retry,
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

function replay<Body>(reply: FastifyReply, stored: StoredAnswer): Body {
  reply.header("idempotent-replayed", "true");
  if (stored.kind === "error")
    throw new AppError(stored.code as ConstructorParameters<typeof AppError>[0], {
      status: stored.status,
      messageKey: stored.messageKey,
      params: stored.params,
    });
  reply.code(stored.status);
  return stored.body as Body;
}

const inProgress = () =>
  new AppError("action_not_available", {
    status: 409,
    messageKey: "errors.api_request_in_progress",
    headers: { "retry-after": "1" },
  });

/**
 * Whether a refusal is kept for replays. 429, 5xx, unexpected failures and any refusal that says
 * when to come back (`Retry-After`: a refund already in flight, a transaction that kept meeting
 * another) release the key instead: the same request sent again later is answered afresh.
 */
const kept = (error: unknown): error is AppError =>
  error instanceof AppError && error.status < 500 && error.status !== 429 && !("retry-after" in error.headers);

/** Every money call looks its key up first: compiled once (db/compiled-once.ts). */
const recordOfKey = compiledOnce((db, userId: string, key: string) =>
  db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key),
);

/** A key's record as a request first writes it: `state` says whether it holds the key or its answer. */
const keyRecord = (
  id: string,
  userId: string,
  key: string,
  requestHash: string,
  now: string,
  state: Pick<KeyRow, "status" | "response_status" | "response_body">,
): KeyRow => ({ id, user_id: userId, key, request_hash: requestHash, ...state, created_at: now, locked_at: now });

/** A request's claim of its key: its record `in_progress`, unless the key is held already (no row answered). */
const claimKey = compiledOnce((db, id: string, userId: string, key: string, requestHash: string, now: string) =>
  db
    .insertInto("idempotency_keys")
    .values(
      keyRecord(id, userId, key, requestHash, now, {
        status: "in_progress",
        response_status: null,
        response_body: null,
      }),
    )
    .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing())
    .returning("id"),
);

/**
 * A request's answer under its key: over the record it claimed (`claimedId`), or as a new
 * completed record when it holds none; another request's record is left alone (no row answered).
 */
const keepAnswerUnderKey = compiledOnce(
  (
    db,
    id: string,
    userId: string,
    key: string,
    requestHash: string,
    responseStatus: number,
    responseBody: string,
    now: string,
    claimedId: string,
  ) =>
    db
      .insertInto("idempotency_keys")
      .values(
        keyRecord(id, userId, key, requestHash, now, {
          status: "completed",
          response_status: responseStatus,
          response_body: responseBody,
        }),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["user_id", "key"])
          .doUpdateSet({ status: "completed", response_status: responseStatus, response_body: responseBody })
          .where("idempotency_keys.id", "=", claimedId),
      )
      .returning("id"),
);

/** Another request holds the key: this one is answered from that request's record. */
class KeyHeldElsewhere extends Error {}

type KeyRow = Row<"idempotency_keys">;

/**
 * One request's record under its key. On most money routes the wrapper claims it (`in_progress`)
 * before the handler runs and keeps the answer after. A route registered with
 * `claimsIdempotencyKey` hands the record to its handler, which claims it in its first write
 * transaction and keeps its answer in its last, so both commit with the handler's own writes
 * instead of in commits of their own (the pay path, docs/decisions/0046); what the handler leaves
 * undone (an answer given before any write, a replayed charge) the wrapper does after it.
 */
export class IdempotencyRecord<Data> {
  /** The row this request wrote or took over, once it did. */
  #claimedId: string | null = null;
  #answerKept = false;

  constructor(
    readonly key: string,
    private readonly userId: string,
    private readonly requestHash: string,
    private readonly answerOf: (data: Data) => IdempotentAnswer<unknown>,
  ) {}

  get answerKept(): boolean {
    return this.#answerKept;
  }

  /** Whether this request holds the key (claimed or taken over; a claim rolled back still counts). */
  get claimed(): boolean {
    return this.#claimedId !== null;
  }

  /** Holds the key for this request; throws `KeyHeldElsewhere` when another request has it. */
  async claim(executor: Executor): Promise<void> {
    if (this.#claimedId) return;
    const claimed = await claimKey.first(executor, newId(), this.userId, this.key, this.requestHash, nowIso());
    if (!claimed) throw new KeyHeldElsewhere();
    this.#claimedId = claimed.id;
  }

  /** Keeps the handler's answer for replays. */
  keepAnswer(executor: Executor, data: Data): Promise<void> {
    const answer = this.answerOf(data);
    return this.#keep(executor, { kind: "success", status: answer.status ?? 200, body: answer.body });
  }

  /** Keeps the refusal the handler answers, when it is one kept for replays (not a 429 or a 5xx). */
  async keepRefusal(executor: Executor, error: AppError): Promise<void> {
    if (!kept(error)) return;
    await this.#keep(executor, {
      kind: "error",
      status: error.status,
      code: error.code,
      messageKey: error.messageKey,
      params: error.params,
    });
  }

  /** Gives the key back (an answer not kept): the client may send the request again. */
  async release(executor: Executor): Promise<void> {
    if (this.#claimedId && !this.#answerKept)
      await executor.deleteFrom("idempotency_keys").where("id", "=", this.#claimedId).execute();
  }

  /** The record under this driver's key, whichever request wrote it. */
  find(executor: Executor): Promise<KeyRow | undefined> {
    return recordOfKey.first(executor, this.userId, this.key);
  }

  /**
   * What an earlier record under the key means for this request: another request's (422), a kept
   * answer (replayed), or a request still running (409). An in-progress record older than two
   * minutes belonged to a crashed request: with `mayTakeOver` this request takes it over and
   * answers `undefined` (run the handler).
   */
  async answerFrom<Body>(
    executor: Executor,
    earlier: KeyRow,
    reply: FastifyReply,
    { mayTakeOver }: { mayTakeOver: boolean },
  ): Promise<{ replayed: Body } | undefined> {
    if (earlier.request_hash !== this.requestHash)
      throw new AppError("invalid_data", { messageKey: "errors.api_idempotency_key_reused" });
    if (earlier.status === "completed" && earlier.response_body)
      return { replayed: replay<Body>(reply, JSON.parse(earlier.response_body) as StoredAnswer) };
    if (!mayTakeOver || earlier.locked_at >= isoBefore(STALE_IN_PROGRESS_SECONDS)) throw inProgress();
    const takenOver = await executor
      .updateTable("idempotency_keys")
      .set({ locked_at: nowIso() })
      .where("id", "=", earlier.id)
      .where("status", "=", "in_progress")
      .where("locked_at", "=", earlier.locked_at)
      .returning("id")
      .executeTakeFirst();
    if (!takenOver) throw inProgress();
    this.#claimedId = takenOver.id;
    return undefined;
  }

  /**
   * Writes the answer: over this request's own claim, or as a new completed record when it never
   * claimed (or its claim was rolled back with the handler's transaction). A record of another
   * request under the key is left alone (`KeyHeldElsewhere`).
   */
  async #keep(executor: Executor, stored: StoredAnswer): Promise<void> {
    const written = await keepAnswerUnderKey.first(
      executor,
      newId(),
      this.userId,
      this.key,
      this.requestHash,
      stored.status,
      JSON.stringify(stored),
      nowIso(),
      this.#claimedId ?? "",
    );
    if (!written) throw new KeyHeldElsewhere();
    this.#answerKept = true;
  }
}

/** How a route uses its key (route() in plugins/endpoints.ts). */
export interface IdempotentRoute<Data, Body> {
  /** A body field that stands in for a missing header (`idempotencyKeyField`), or null. */
  keyField: string | null;
  /** The handler claims the key and keeps its answer in its own transactions (`IdempotencyRecord`). */
  claimsKey: boolean;
  /** The status and body answered for the handler's data. */
  answerOf: (data: Data) => IdempotentAnswer<Body>;
}

/** Runs `handler` at most once per (user, Idempotency-Key); see the module comment. */
export async function idempotent<Data, Body>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  route: IdempotentRoute<Data, Body>,
  handler: (record: IdempotencyRecord<Data>) => Promise<Data>,
): Promise<Body> {
  const record = new IdempotencyRecord(
    idempotencyKeyOf(request, route.keyField),
    request.user.id,
    requestFingerprint(request),
    route.answerOf,
  );
  /**
   * The answer of the request that holds the key (when this one found it held). A route whose
   * handler claims the key meets the record only there: a crashed request's record is then taken
   * over and the handler runs again, holding the key (once: this request holds it after).
   */
  const answerFromHolder = async (found?: KeyRow): Promise<Body> => {
    const holder = found ?? (await record.find(db));
    if (!holder) throw inProgress();
    const mayTakeOver = route.claimsKey && !record.claimed;
    const answer = await record.answerFrom<Body>(db, holder, reply, { mayTakeOver });
    // No answer: the crashed request's record was taken over.
    return answer ? answer.replayed : run();
  };

  const run = async (): Promise<Body> => {
    try {
      const data = await handler(record);
      if (!record.answerKept) await record.keepAnswer(db, data);
      const answer = route.answerOf(data);
      reply.code(answer.status ?? 200);
      return answer.body;
    } catch (error) {
      if (error instanceof KeyHeldElsewhere) return answerFromHolder();
      if (!kept(error)) {
        await record.release(db);
        // A failure met without the key (the handler never claimed it) may be another request's
        // attempt seen from outside, still running: that request's record answers.
        const holder = record.claimed ? undefined : await record.find(db);
        if (holder) return answerFromHolder(holder);
        throw error;
      }
      if (!record.answerKept)
        try {
          await record.keepRefusal(db, error);
        } catch (keeping) {
          if (keeping instanceof KeyHeldElsewhere) return answerFromHolder();
          throw keeping;
        }
      throw error;
    }
  };

  // A route whose handler claims the key is not looked up first: its claim, in the handler's first
  // transaction, meets a record under the key (decision 0348). Any other route claims the key here,
  // and a request recorded before under it is answered from its record before the handler runs.
  if (!route.claimsKey) {
    let earlier: KeyRow | undefined;
    try {
      await record.claim(db);
    } catch (error) {
      if (!(error instanceof KeyHeldElsewhere)) throw error;
      earlier = await record.find(db);
      if (!earlier) throw inProgress();
    }
    if (earlier) {
      const answer = await record.answerFrom<Body>(db, earlier, reply, { mayTakeOver: true });
      if (answer) return answer.replayed;
    }
  }
  return run();
}

/** Drops keys past their retention (run by the worker). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("created_at", "<", isoBefore(IDEMPOTENCY_RETENTION_SECONDS)).execute();
}
