import type { Currency, ErrorCode } from "@estaciona/contracts";
import type { FastifyBaseLogger } from "fastify";
import { type Db, type Engine, isUniqueViolation, type Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoAfter, nowIso } from "../../lib/time.ts";
import { enqueue } from "../jobs/queue.ts";
import { JobRetryLater, type JobRunner } from "../jobs/worker.ts";
import {
  type ChargeOutcome,
  type DeclineReason,
  GatewayUnavailableError,
  gatewayFor,
  type PaymentGateways,
} from "./gateway.ts";

/**
 * THE LEDGER (DESIGN §5): the one module every feature uses to take and give back money.
 *
 * Charging is three steps, never merged:
 *   1. one transaction: the caller's `lockPayable(tx)` locks and checks the thing paid for, then
 *      the attempt is inserted `pending` (a partial unique index refuses a second live or
 *      successful charge for the same payable) and a reconciliation job is enqueued with it;
 *   2. the gateway is called with our payment id as its reference, outside any transaction;
 *   3. one transaction records the outcome and, on success, runs the payable type's
 *      `onSucceeded(tx, payment)` (registered once with `registerPayable`) to move the payable.
 * A timeout or 5xx in step 2 leaves the attempt `pending`; the reconciliation job asks the
 * gateway (`findCharge`) 30 s later and settles it. Nothing is ever retried blindly.
 *
 * Usage from a feature (e.g. parking):
 *
 *   registerPayable("visit", {
 *     onSucceeded: (tx, payment) => markVisitPaid(tx, payment.payable_id, payment.id),
 *   });
 *   const result = await chargePayable(app, {
 *     userId, purpose: "visit", payable: { type: "visit", id: visitId },
 *     breakdown: { subtotal, convenience_fee, processing_fee, tax, total }, currency: "mxn",
 *     paymentMethodId, idempotencyKey, description: "Estacionamiento Centro",
 *     lockPayable: async (tx) => { ...select the visit FOR UPDATE, throw AppError if not payable... },
 *     conflictCode: "visit_already_paid",
 *   });
 *   // result.status: "succeeded" | "requires_action" (send the driver to result.redirectUrl)
 *   //               | "failed" (result.failureCode is a catalogue code) | "pending" (unknown yet)
 *   // or throw chargeFailure(result) to answer the catalogue error.
 */

export type PaymentRow = Row<"payments">;

/** What a ledger call needs from the app; a FastifyInstance satisfies it. */
export interface LedgerDeps {
  db: Db;
  dbEngine: Engine;
  providers: { payments: PaymentGateways };
  config: { publicUrl: string };
  log: FastifyBaseLogger;
}

/** Amount breakdown of DESIGN §5, integer minor units; `total` must equal the sum. */
export interface AmountBreakdown {
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
}

export type PaymentPurpose = "card_verification" | "visit" | "event" | "meter" | "valet" | "subscription" | "refund";

export interface ChargePayableInput {
  userId: string;
  purpose: PaymentPurpose;
  /** The thing paid for; its type must have been registered with `registerPayable`. */
  payable: { type: string; id: string };
  breakdown: AmountBreakdown;
  currency: Currency;
  paymentMethodId: string;
  /** The request's Idempotency-Key: a second call with it answers the first attempt's state. */
  idempotencyKey: string | null;
  /** Shown on the driver's statement / the provider's dashboard. */
  description: string;
  /** Inside step 1's transaction: lock the payable (`FOR UPDATE` on PostgreSQL) and throw an AppError if it cannot be paid. */
  lockPayable?: (tx: Tx) => Promise<void>;
  /** The code answered when the payable already has a live or successful charge (409). Default `invalid_payment`. */
  conflictCode?: ErrorCode;
  /** The code a generic decline maps to. Default `invalid_payment`. */
  declineCode?: ErrorCode;
  /** Where a 3-D Secure challenge returns; default `${PUBLIC_URL}/3ds?payment=<id>`. */
  returnUrl?: string;
}

export type ChargeResult =
  | { status: "succeeded"; payment: PaymentRow }
  | { status: "requires_action"; payment: PaymentRow; redirectUrl: string }
  | { status: "failed"; payment: PaymentRow; failureCode: ErrorCode }
  | { status: "pending"; payment: PaymentRow };

export interface PayableHandlers {
  /** In the transaction that records the success: move the payable (mark the visit paid, …). */
  onSucceeded(tx: Tx, payment: PaymentRow): Promise<void>;
  /** In the transaction that records a decline or an abandoned attempt. */
  onFailed?(tx: Tx, payment: PaymentRow): Promise<void>;
  /** In the transaction that records a successful refund of this payable's charge. */
  onRefunded?(tx: Tx, refund: PaymentRow, charge: PaymentRow): Promise<void>;
}

const payableHandlers = new Map<string, PayableHandlers>();

/**
 * What happens to a payable type when its charge settles. Register at module load: settling
 * also happens later, from a 3-D Secure return or the reconciliation job, where no caller's
 * closure exists any more.
 */
export function registerPayable(type: string, handlers: PayableHandlers): void {
  payableHandlers.set(type, handlers);
}

/** Seconds after which an unsettled attempt is asked about (DESIGN §5). */
export const RECONCILE_AFTER_SECONDS = 30;
/** An unanswered 3-D Secure challenge is abandoned after this long. */
export const ACTION_TIMEOUT_SECONDS = 30 * 60;

export const JOB_RECONCILE = "payments.reconcile";
export const JOB_REFUND = "payments.refund";

/** Decline reason → catalogue code (spec §8). */
export function declineToCode(reason: DeclineReason, fallback: ErrorCode = "invalid_payment"): ErrorCode {
  switch (reason) {
    case "card_expired":
      return "card_expired";
    case "cvc_invalid":
      return "cvc_invalid";
    case "invalid_token":
      return "invalid_payment_method";
    default:
      return fallback;
  }
}

/** The AppError a route answers for a result that is not a success (null for succeeded / requires_action). */
export function chargeFailure(result: ChargeResult): AppError | null {
  if (result.status === "failed") return new AppError(result.failureCode);
  if (result.status === "pending") return providerUnavailable();
  return null;
}

/** The provider did not answer: 503 with a message that says the outcome will be known shortly. */
export function providerUnavailable(cause?: unknown): AppError {
  return new AppError("invalid_payment", {
    status: 503,
    messageKey: "errors.api_payment_provider_unavailable",
    cause,
    detail: "payment provider unavailable",
  });
}

function checkBreakdown(breakdown: AmountBreakdown): void {
  const parts = [breakdown.subtotal, breakdown.convenience_fee, breakdown.processing_fee, breakdown.tax];
  const valid =
    [...parts, breakdown.total].every((value) => Number.isSafeInteger(value) && value >= 0) &&
    breakdown.total > 0 &&
    parts.reduce((sum, value) => sum + value, 0) === breakdown.total;
  if (!valid) throw new AppError("invalid_data", { detail: `bad breakdown ${JSON.stringify(breakdown)}` });
}

const COUNTRY_OF: Record<Currency, "mx" | "us"> = { mxn: "mx", usd: "us" };

function resultOf(payment: PaymentRow, declineFallback: ErrorCode = "invalid_payment"): ChargeResult {
  switch (payment.status) {
    case "succeeded":
    case "refunded":
      return { status: "succeeded", payment };
    case "requires_action":
      return { status: "requires_action", payment, redirectUrl: payment.action_url ?? "" };
    case "failed":
      return {
        status: "failed",
        payment,
        failureCode: (payment.failure_code as ErrorCode | null) ?? declineFallback,
      };
    default:
      return { status: "pending", payment };
  }
}

/** The charge a driver already made with an Idempotency-Key, if any (replayed instead of charging again). */
export async function findChargeByIdempotencyKey(db: Db | Tx, userId: string, key: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .where("kind", "=", "charge")
    .executeTakeFirst();
}

/** Charges a payable once (see the module comment). Throws AppError for rule violations; declines are results. */
export async function chargePayable(deps: LedgerDeps, input: ChargePayableInput): Promise<ChargeResult> {
  checkBreakdown(input.breakdown);
  if (!payableHandlers.has(input.payable.type))
    throw new Error(`payable type ${input.payable.type} is not registered with the ledger`);
  const declineFallback = input.declineCode ?? "invalid_payment";

  if (input.idempotencyKey) {
    const earlier = await findChargeByIdempotencyKey(deps.db, input.userId, input.idempotencyKey);
    if (earlier) return replayCharge(earlier, input, declineFallback);
  }

  // Step 1: lock, check, insert the attempt as pending, schedule its reconciliation (all or nothing).
  const paymentId = newId();
  let payment: PaymentRow;
  let method: Row<"payment_methods">;
  try {
    ({ payment, method } = await deps.db.transaction().execute(async (tx) => {
      await input.lockPayable?.(tx);
      const card = await tx
        .selectFrom("payment_methods")
        .selectAll()
        .where("id", "=", input.paymentMethodId)
        .where("user_id", "=", input.userId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      const usable =
        card &&
        card.country === COUNTRY_OF[input.currency] &&
        (card.verified_at || input.purpose === "card_verification");
      if (!card || !usable) throw new AppError("no_payment_method");
      const now = nowIso();
      const row = await tx
        .insertInto("payments")
        .values({
          id: paymentId,
          user_id: input.userId,
          purpose: input.purpose,
          payable_type: input.payable.type,
          payable_id: input.payable.id,
          kind: "charge",
          parent_payment_id: null,
          gateway: card.gateway,
          payment_method_id: card.id,
          currency: input.currency,
          subtotal: input.breakdown.subtotal,
          convenience_fee: input.breakdown.convenience_fee,
          processing_fee: input.breakdown.processing_fee,
          tax: input.breakdown.tax,
          amount: input.breakdown.total,
          status: "pending",
          provider_ref: null,
          action_url: null,
          failure_code: null,
          idempotency_key: input.idempotencyKey,
          description: input.description.slice(0, 250),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueue(
        tx,
        JOB_RECONCILE,
        { paymentId },
        {
          runAt: isoAfter(RECONCILE_AFTER_SECONDS),
          dedupeKey: `reconcile:${paymentId}`,
          maxAttempts: 20,
        },
      );
      return { payment: row, method: card };
    }));
  } catch (error) {
    // A concurrent request with the same key got there first (its insert, or the payable it already moved): answer it.
    if (input.idempotencyKey && (isUniqueViolation(error) || error instanceof AppError)) {
      const earlier = await findChargeByIdempotencyKey(deps.db, input.userId, input.idempotencyKey);
      if (earlier) return replayCharge(earlier, input, declineFallback);
    }
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(input.conflictCode ?? "invalid_payment", {
      status: 409,
      messageKey: input.conflictCode ? undefined : "errors.api_payment_in_progress",
      detail: `${input.payable.type} ${input.payable.id} already has a live or successful charge`,
    });
  }

  // Step 2: the provider, with our payment id as the reference. No transaction is open here.
  let outcome: ChargeOutcome;
  try {
    const gateway = gatewayFor(deps.providers.payments, method.gateway, input.currency);
    outcome = await gateway.charge({
      reference: payment.id,
      amount: payment.amount,
      currency: input.currency,
      customerRef: method.customer_ref,
      cardRef: method.card_ref,
      description: payment.description,
      returnUrl: input.returnUrl ?? `${deps.config.publicUrl}/3ds?payment=${payment.id}`,
    });
  } catch (error) {
    // Unknown outcome: the attempt stays pending and the reconciliation job already scheduled settles it.
    deps.log.warn(
      { err: error, paymentId: payment.id, unavailable: error instanceof GatewayUnavailableError },
      "charge outcome unknown; left pending for reconciliation",
    );
    return { status: "pending", payment };
  }

  // Step 3: record the outcome and move the payable, in one transaction.
  const settled = await settleCharge(deps, payment.id, outcome, declineFallback);
  return resultOf(settled, declineFallback);
}

function replayCharge(earlier: PaymentRow, input: ChargePayableInput, declineFallback: ErrorCode): ChargeResult {
  const same =
    earlier.payable_type === input.payable.type &&
    earlier.payable_id === input.payable.id &&
    earlier.amount === input.breakdown.total &&
    earlier.payment_method_id === input.paymentMethodId;
  if (!same)
    throw new AppError("invalid_data", {
      messageKey: "errors.api_idempotency_key_reused",
      detail: "idempotency key reused for another charge",
    });
  return resultOf(earlier, declineFallback);
}

async function lockPayment(tx: Tx, engine: Engine, paymentId: string): Promise<PaymentRow | undefined> {
  let query = tx.selectFrom("payments").selectAll().where("id", "=", paymentId);
  if (engine === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Step 3, shared by the charge call, the 3-D Secure return and reconciliation: records what the
 * provider says about an unsettled charge. `null` means the provider never saw it (failed).
 * Settling twice is harmless: only a `pending` or `requires_action` attempt changes.
 */
export async function settleCharge(
  deps: LedgerDeps,
  paymentId: string,
  outcome: ChargeOutcome | null,
  declineFallback: ErrorCode = "invalid_payment",
): Promise<PaymentRow> {
  return deps.db.transaction().execute(async (tx) => {
    const payment = await lockPayment(tx, deps.dbEngine, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const handlers = payableHandlers.get(payment.payable_type);
    const now = nowIso();
    if (payment.status !== "pending" && payment.status !== "requires_action") {
      if (payment.status === "failed" && outcome?.status === "succeeded") {
        // The provider took the money after we gave the attempt up: give it back, loudly.
        deps.log.error({ paymentId }, "charge succeeded at the provider after it was marked failed; refunding");
        await tx
          .updateTable("payments")
          .set({ provider_ref: outcome.providerRef, updated_at: now })
          .where("id", "=", paymentId)
          .execute();
        await enqueue(
          tx,
          JOB_REFUND,
          { paymentId, reason: "orphan_charge" },
          { dedupeKey: `refund:${paymentId}`, maxAttempts: 20 },
        );
      }
      return payment;
    }
    if (outcome?.status === "succeeded") {
      const changes = {
        status: "succeeded",
        provider_ref: outcome.providerRef,
        action_url: null,
        updated_at: now,
      } as const;
      // The payable moves before the payment row changes. Step 1 of a competing attempt locks the
      // payable and then inserts into the unique index; on PostgreSQL that insert would wait for
      // this transaction if the row were already updated here, while this one waited for the
      // payable: a deadlock. In this order the competitor fails its unique check at once.
      await handlers?.onSucceeded(tx, { ...payment, ...changes });
      return tx
        .updateTable("payments")
        .set(changes)
        .where("id", "=", paymentId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (outcome?.status === "requires_action") {
      return tx
        .updateTable("payments")
        .set({
          status: "requires_action",
          provider_ref: outcome.providerRef,
          action_url: outcome.redirectUrl,
          updated_at: now,
        })
        .where("id", "=", paymentId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const failureCode = outcome ? declineToCode(outcome.reason, declineFallback) : declineFallback;
    const updated = await tx
      .updateTable("payments")
      .set({
        status: "failed",
        provider_ref: outcome?.providerRef ?? payment.provider_ref,
        action_url: null,
        failure_code: failureCode,
        updated_at: now,
      })
      .where("id", "=", paymentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await handlers?.onFailed?.(tx, updated);
    return updated;
  });
}

/** The fallback decline code of a purpose (a failed card verification is `invalid_verification_payment`). */
const declineFallbackOf = (payment: PaymentRow): ErrorCode =>
  payment.purpose === "card_verification" ? "invalid_verification_payment" : "invalid_payment";

/**
 * After a 3-D Secure challenge (or any time): asks the gateway about an unsettled charge of this
 * user and records the answer. The redirect's own status is never trusted.
 */
export async function refreshCharge(deps: LedgerDeps, userId: string, paymentId: string): Promise<ChargeResult> {
  const payment = await deps.db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", paymentId)
    .where("user_id", "=", userId)
    .where("kind", "=", "charge")
    .executeTakeFirst();
  if (!payment) throw new AppError("object_not_found");
  const fallback = declineFallbackOf(payment);
  if (payment.status !== "pending" && payment.status !== "requires_action") return resultOf(payment, fallback);
  let outcome: ChargeOutcome | null;
  try {
    outcome = await gatewayFor(deps.providers.payments, payment.gateway, payment.currency).findCharge(
      payment.id,
      payment.provider_ref,
    );
  } catch (error) {
    throw providerUnavailable(error);
  }
  // A pending attempt the provider has not seen may still be in flight: leave it to reconciliation.
  if (!outcome) return resultOf(payment, fallback);
  return resultOf(await settleCharge(deps, payment.id, outcome, fallback), fallback);
}

export type RefundResult =
  | { status: "succeeded"; refund: PaymentRow }
  | { status: "failed"; refund: PaymentRow }
  | { status: "pending"; refund: PaymentRow };

export interface RefundPaymentInput {
  /** The charge to refund. */
  paymentId: string;
  /** Minor units; default: what is left to refund. */
  amount?: number;
  reason: string;
  idempotencyKey?: string | null;
}

/**
 * Refunds a successful charge (all or part). Same three steps as a charge: a `pending` refund row
 * (at most one in flight per charge; a retry reuses it and its reference), the gateway call, the
 * outcome. Fully refunded charges become `refunded` and the payable's `onRefunded` runs.
 */
export async function refundPayment(deps: LedgerDeps, input: RefundPaymentInput): Promise<RefundResult> {
  const { refund, charge } = await deps.db.transaction().execute(async (tx) => {
    const parent = await lockPayment(tx, deps.dbEngine, input.paymentId);
    const orphan = parent?.status === "failed" && parent.provider_ref !== null;
    if (parent?.kind !== "charge" || !(parent.status === "succeeded" || orphan) || !parent.provider_ref)
      throw new AppError("invalid_refund", { detail: `payment ${input.paymentId} cannot be refunded` });
    const inFlight = await tx
      .selectFrom("payments")
      .selectAll()
      .where("parent_payment_id", "=", parent.id)
      .where("kind", "=", "refund")
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (inFlight) return { refund: inFlight, charge: parent };
    const refunded = await tx
      .selectFrom("payments")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
      .where("parent_payment_id", "=", parent.id)
      .where("kind", "=", "refund")
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    const remaining = parent.amount - Number(refunded.total);
    const amount = input.amount ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
      throw new AppError("invalid_refund", { detail: `refund ${amount} of ${remaining} left` });
    const full = amount === parent.amount;
    const now = nowIso();
    const row = await tx
      .insertInto("payments")
      .values({
        id: newId(),
        user_id: parent.user_id,
        purpose: "refund",
        payable_type: parent.payable_type,
        payable_id: parent.payable_id,
        kind: "refund",
        parent_payment_id: parent.id,
        gateway: parent.gateway,
        payment_method_id: parent.payment_method_id,
        currency: parent.currency,
        // A full refund mirrors the charge's breakdown; a partial one is all subtotal.
        subtotal: full ? parent.subtotal : amount,
        convenience_fee: full ? parent.convenience_fee : 0,
        processing_fee: full ? parent.processing_fee : 0,
        tax: full ? parent.tax : 0,
        amount,
        status: "pending",
        provider_ref: null,
        action_url: null,
        failure_code: null,
        idempotency_key: input.idempotencyKey ?? null,
        description: input.reason.slice(0, 250),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { refund: row, charge: parent };
  });

  let outcome: Awaited<ReturnType<ReturnType<typeof gatewayFor>["refund"]>>;
  try {
    outcome = await gatewayFor(deps.providers.payments, charge.gateway, charge.currency).refund({
      reference: refund.id,
      providerChargeRef: charge.provider_ref ?? "",
      amount: refund.amount,
      currency: charge.currency,
      reason: input.reason,
    });
  } catch (error) {
    deps.log.warn({ err: error, refundId: refund.id }, "refund outcome unknown; left pending");
    return { status: "pending", refund };
  }

  return deps.db.transaction().execute(async (tx) => {
    const current = await lockPayment(tx, deps.dbEngine, refund.id);
    if (current?.status !== "pending")
      return {
        status: current?.status === "succeeded" ? "succeeded" : "failed",
        refund: current ?? refund,
      } as RefundResult;
    const now = nowIso();
    if (outcome.status === "failed") {
      const failed = await tx
        .updateTable("payments")
        .set({ status: "failed", provider_ref: outcome.providerRef, failure_code: "invalid_refund", updated_at: now })
        .where("id", "=", refund.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { status: "failed", refund: failed };
    }
    const succeeded = await tx
      .updateTable("payments")
      .set({ status: "succeeded", provider_ref: outcome.providerRef, updated_at: now })
      .where("id", "=", refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const parent = await lockPayment(tx, deps.dbEngine, charge.id);
    const total = await tx
      .selectFrom("payments")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
      .where("parent_payment_id", "=", charge.id)
      .where("kind", "=", "refund")
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    if (parent && parent.status === "succeeded" && Number(total.total) >= parent.amount) {
      const refundedCharge = await tx
        .updateTable("payments")
        .set({ status: "refunded", updated_at: now })
        .where("id", "=", charge.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await payableHandlers.get(charge.payable_type)?.onRefunded?.(tx, succeeded, refundedCharge);
    }
    return { status: "succeeded", refund: succeeded };
  });
}

/**
 * The ledger's jobs: reconciliation of unsettled charges and recoverable refunds (a refund job
 * retries with backoff; once it gives up the worker logs it as an error, never silently).
 */
export function registerLedgerJobs(deps: LedgerDeps, jobs: JobRunner): void {
  jobs.register(JOB_RECONCILE, async (payload) => {
    const { paymentId } = payload as { paymentId: string };
    const payment = await deps.db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
    if (!payment || (payment.status !== "pending" && payment.status !== "requires_action")) return;
    const ageSeconds = (Date.now() - Date.parse(payment.created_at)) / 1000;
    if (ageSeconds < RECONCILE_AFTER_SECONDS) throw new JobRetryLater(Math.ceil(RECONCILE_AFTER_SECONDS - ageSeconds));
    const gateway = gatewayFor(deps.providers.payments, payment.gateway, payment.currency);
    const outcome = await gateway.findCharge(payment.id, payment.provider_ref);
    if (outcome?.status === "requires_action") {
      if (ageSeconds < ACTION_TIMEOUT_SECONDS) throw new JobRetryLater(60);
      await settleCharge(deps, payment.id, null, declineFallbackOf(payment));
      return;
    }
    await settleCharge(deps, payment.id, outcome, declineFallbackOf(payment));
  });

  jobs.register(JOB_REFUND, async (payload) => {
    const { paymentId, reason } = payload as { paymentId: string; reason: string };
    const charge = await deps.db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
    if (!charge || charge.status === "refunded") return;
    const alreadyRefunded = await deps.db
      .selectFrom("payments")
      .select("id")
      .where("parent_payment_id", "=", paymentId)
      .where("kind", "=", "refund")
      .where("status", "=", "succeeded")
      .executeTakeFirst();
    if (alreadyRefunded) return;
    const result = await refundPayment(deps, { paymentId, reason });
    if (result.status !== "succeeded") throw new Error(`refund of ${paymentId} ${result.status}`);
  });
}

/** A verification charge still unrefunded after this long is reported (research PAY-5). */
export const UNREFUNDED_VERIFICATION_ALERT_SECONDS = 24 * 3600;

/**
 * The safety net behind the jobs (run periodically by the worker): any unsettled charge older
 * than five minutes gets a reconciliation job again, and any verification charge still not
 * refunded gets its refund job again — both deduplicated, so a live job is not doubled. Old
 * unrefunded verifications are logged as errors: retried and reported, never forgotten.
 */
export async function sweepPayments(deps: LedgerDeps): Promise<{ unsettled: number; unrefunded: number }> {
  const unsettled = await deps.db
    .selectFrom("payments")
    .select("id")
    .where("kind", "=", "charge")
    .where("status", "in", ["pending", "requires_action"])
    .where("created_at", "<", isoAfter(-300))
    .limit(500)
    .execute();
  for (const { id } of unsettled)
    await enqueue(deps.db, JOB_RECONCILE, { paymentId: id }, { dedupeKey: `reconcile:${id}`, maxAttempts: 20 });
  const unrefunded = await deps.db
    .selectFrom("payments")
    .select(["id", "created_at"])
    .where("kind", "=", "charge")
    .where("purpose", "=", "card_verification")
    .where("status", "=", "succeeded")
    .where("updated_at", "<", isoAfter(-300))
    .limit(500)
    .execute();
  for (const { id, created_at } of unrefunded) {
    await enqueue(
      deps.db,
      JOB_REFUND,
      { paymentId: id, reason: "card_verification" },
      { dedupeKey: `refund:${id}`, maxAttempts: 20 },
    );
    if (Date.parse(created_at) < Date.now() - UNREFUNDED_VERIFICATION_ALERT_SECONDS * 1000)
      deps.log.error({ paymentId: id }, "card verification charge still unrefunded after 24 h");
  }
  return { unsettled: unsettled.length, unrefunded: unrefunded.length };
}
