import type { Currency, ErrorCode, PayableType } from "@estaciona/contracts";
import { inTransaction, isUniqueViolation, type Tx } from "../../../db/database.ts";
import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import { nowIso } from "../../../lib/time.ts";
import { type ChargeOutcome, GatewayUnavailableError, gatewayFor, type StoredCredential } from "../gateway.ts";
import { railOfCharge } from "../rail-of-charge.ts";
import { noticeIfReferencePaid } from "../references/paid-notice.ts";
import {
  findCardCheckRef,
  findCardOfUser,
  findChargeByIdempotencyKey,
  findChargeOfUser,
  findPaymentById,
  lockPayment,
  type PaymentMethodRow,
  type PaymentRow,
  recordProviderRef,
} from "../repository.ts";
import { hasChargeWithMethod } from "../wallet-repository.ts";
import { insertChargeAttempt, scheduleReconciliation } from "./attempt.ts";
import { BALANCE_GATEWAY, debitForCharge, isBalanceSource, lockDriverForSpend, paymentSourceOf } from "./balance.ts";
import { type ChargeResult, declineFallbackOf, declineToCode, providerUnavailable } from "./charge-results.ts";
import { recordLateOutcome } from "./late-outcome.ts";
import {
  type AmountBreakdown,
  handlersOf,
  type LedgerDeps,
  type PayableKnown,
  type PaymentPurpose,
} from "./payables.ts";
import { updateLedgerRow } from "./revenue-days.ts";
import { walletTokenSpent } from "./wallet-token.ts";

/** Charging a payable: the three steps of ledger.ts, the 3-D Secure refresh, and what a result means. */

export interface ChargePayableInput {
  userId: string;
  purpose: PaymentPurpose;
  /**
   * The thing paid for (its type registered with `registerPayable`), with the location it belongs
   * to and the vehicle it parks, recorded on the charge for the console (docs/decisions/0105).
   */
  payable: {
    type: PayableType;
    id: string;
    locationId: string | null;
    vehicleId: string | null;
    /** Handed to the payable's handlers when step 3 settles it (PayableKnown). */
    known?: PayableKnown;
  };
  breakdown: AmountBreakdown;
  currency: Currency;
  paymentMethodId: string;
  /** That card, when the caller has just read it (one of the driver's verified cards): step 1 does not read it again. */
  card?: PaymentMethodRow;
  /** The request's Idempotency-Key: a second call with it answers the first attempt's state. */
  idempotencyKey: string | null;
  /**
   * The charge already made with this key, when the caller has just looked it up
   * (`findChargeByIdempotencyKey`; null: none). Left out, the ledger looks it up itself.
   */
  earlierCharge?: PaymentRow | null;
  /** Shown on the driver's statement / the provider's dashboard. */
  description: string;
  /**
   * Who starts the charge (docs/decisions/0206): `merchant` when the driver is not there (renewals,
   * freeflow exits), told to the gateway as a stored-credential charge. Default `customer`.
   */
  initiatedBy?: "customer" | "merchant";
  /**
   * First in step 1's transaction, before the payable is locked: what the caller writes with the
   * attempt (the pay call claims the request's Idempotency-Key, payments/idempotency.ts).
   */
  beforeAttempt?: (tx: Tx) => Promise<void>;
  /** Inside step 1's transaction: lock the payable (`forUpdate`, db/database.ts) and throw an AppError if it cannot be paid. */
  lockPayable?: (tx: Tx) => Promise<void>;
  /**
   * Last in step 3's transaction, once the outcome is recorded: what the caller keeps with it (the
   * pay call keeps its answer to the request). Not called when the outcome is unknown (no step 3).
   */
  afterOutcome?: (tx: Tx, result: ChargeResult) => Promise<void>;
  /** The code answered when the payable already has a live or successful charge (409). Default `invalid_payment`. */
  conflictCode?: ErrorCode;
  /** The code a generic decline maps to. Default `invalid_payment`. */
  declineCode?: ErrorCode;
  /**
   * The origin a 3-D Secure challenge returns to (`<origin>/3ds?payment=<id>`): the driver's host
   * (`driverOrigin`, modules/hosts); default PUBLIC_URL (renewals and jobs have no browser).
   */
  returnOrigin?: string;
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

/** Charges a payable once (see ledger.ts). Throws AppError for rule violations; declines are results. */
export async function chargePayable(deps: LedgerDeps, input: ChargePayableInput): Promise<ChargeResult> {
  checkBreakdown(input.breakdown);
  if (!handlersOf(input.payable.type))
    throw new Error(`payable type ${input.payable.type} is not registered with the ledger`);
  const declineFallback = input.declineCode ?? "invalid_payment";

  if (input.idempotencyKey) {
    const earlier =
      input.earlierCharge === undefined
        ? await findChargeByIdempotencyKey(deps.db, input.userId, input.idempotencyKey)
        : input.earlierCharge;
    if (earlier) return replayCharge(earlier, input, declineFallback);
  }

  // Step 1: lock, check, insert the attempt as pending (all or nothing).
  const paymentId = newId();
  let payment: PaymentRow;
  let method: PaymentMethodRow | null;
  const fromBalance = isBalanceSource(input.paymentMethodId);
  try {
    ({ payment, method } = await inTransaction(deps.db, async (tx) => {
      // A balance spend takes the driver's row first (level 0), its balance last (ledger/balance.ts).
      if (fromBalance) await lockDriverForSpend(tx, input.userId);
      await input.beforeAttempt?.(tx);
      await input.lockPayable?.(tx);
      const card = fromBalance
        ? null
        : (input.card ?? (await findCardOfUser(tx, input.userId, input.paymentMethodId)) ?? null);
      const usable =
        fromBalance ||
        (card &&
          card.country === COUNTRY_OF[input.currency] &&
          (card.verified_at || input.purpose === "card_verification"));
      if (!usable) throw new AppError("no_payment_method");
      if (card?.wallet && (await hasChargeWithMethod(tx, card.id))) throw walletTokenSpent();
      const row = await insertChargeAttempt(tx, {
        ...input,
        id: paymentId,
        gateway: card?.gateway ?? BALANCE_GATEWAY,
        paymentMethodId: card?.id ?? null,
        rail: railOfCharge({ gateway: card?.gateway ?? BALANCE_GATEWAY, wallet: card?.wallet ?? null }),
      });
      if (!card) await debitForCharge(tx, row);
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

  // Step 2: the provider, with our payment id as the reference. No transaction is open here. A balance
  // spend asks no one: its money was taken with the charge row in step 1.
  let outcome: ChargeOutcome = { status: "succeeded", providerRef: `balance_${payment.id}` };
  if (method) {
    const initiatedBy = input.initiatedBy ?? "customer";
    const storedCredential: StoredCredential = {
      initiatedBy,
      first: input.purpose === "card_verification",
      initialChargeRef: initiatedBy === "merchant" ? await findCardCheckRef(deps.db, method.id) : null,
    };
    try {
      outcome = await gatewayFor(deps.providers.payments, method.gateway, input.currency).charge({
        reference: payment.id,
        amount: payment.amount,
        currency: input.currency,
        customerRef: method.customer_ref,
        cardRef: method.card_ref,
        description: payment.description,
        returnUrl: `${input.returnOrigin ?? deps.config.publicUrl}/3ds?payment=${payment.id}`,
        // A wallet's token is no stored credential: it pays this charge only.
        storedCredential: method.wallet ? undefined : storedCredential,
        wallet: method.wallet ?? undefined,
      });
    } catch (error) {
      return unknownOutcome(deps, payment, error);
    }
  }

  // Step 3: record the outcome and move the payable, in one transaction.
  const { afterOutcome } = input;
  const settled = await settleCharge(
    deps,
    payment.id,
    outcome,
    declineFallback,
    afterOutcome && ((tx, recorded) => afterOutcome(tx, resultOf(recorded, declineFallback))),
    input.payable,
  );
  return resultOf(settled, declineFallback);
}

/**
 * Step 2 threw: the outcome is unknown, the attempt stays pending and its reconciliation job
 * settles it (the sweep's, should this process stop first). The provider's id, when it answered
 * one, is kept at once: the lookup then asks by it (decision 0156).
 */
async function unknownOutcome(deps: LedgerDeps, payment: PaymentRow, error: unknown): Promise<ChargeResult> {
  if (error instanceof GatewayUnavailableError && error.providerRef)
    await recordProviderRef(deps.db, payment.id, error.providerRef, nowIso());
  await scheduleReconciliation(deps.db, payment);
  deps.log.warn(
    { err: error, paymentId: payment.id, unavailable: error instanceof GatewayUnavailableError },
    "charge outcome unknown; left pending for reconciliation",
  );
  return { status: "pending", payment };
}

function replayCharge(earlier: PaymentRow, input: ChargePayableInput, declineFallback: ErrorCode): ChargeResult {
  const same =
    earlier.payable_type === input.payable.type &&
    earlier.payable_id === input.payable.id &&
    earlier.amount === input.breakdown.total &&
    paymentSourceOf(earlier) === input.paymentMethodId;
  if (!same)
    throw new AppError("invalid_data", {
      messageKey: "errors.api_idempotency_key_reused",
      detail: "idempotency key reused for another charge",
    });
  return resultOf(earlier, declineFallback);
}

/**
 * Step 3, shared by the charge call, the 3-D Secure return and reconciliation: records what the
 * provider says about an unsettled charge. `null` means the provider never saw it (failed).
 * Settling twice is harmless: only a `pending` or `requires_action` attempt changes.
 * `andThen` runs last in the transaction, with the payment as recorded (or as it already was).
 * `payable`: the payment's payable when the caller knows it (the pay call): not read again, and
 * what the caller knows of it handed to its handlers.
 */
export async function settleCharge(
  deps: LedgerDeps,
  paymentId: string,
  outcome: ChargeOutcome | null,
  declineFallback: ErrorCode = "invalid_payment",
  andThen?: (tx: Tx, payment: PaymentRow) => Promise<void>,
  payable?: KnownPayable,
): Promise<PaymentRow> {
  const settled = await inTransaction(deps.db, async (tx) => {
    const result = await recordOutcome(deps, tx, paymentId, outcome, declineFallback, payable);
    await andThen?.(tx, result.payment);
    return result;
  });
  // Counted once committed, and only by the call that recorded the outcome (settling twice counts once).
  if (settled.recorded) deps.metrics.charges.inc({ purpose: settled.payment.purpose, outcome: settled.payment.status });
  return settled.payment;
}

/** A payment's payable as the call that charged it knows it. */
type KnownPayable = { type: PayableType; id: string; known?: PayableKnown };

/**
 * The lock order (ARCHITECTURE.md): a payable whose type takes locks of its own (`lockPayable`,
 * a meter purchase's session) takes them before the payment row is locked.
 */
async function lockPayableOf(tx: Tx, paymentId: string, known?: { type: PayableType; id: string }): Promise<void> {
  const payment = known ? undefined : await findPaymentById(tx, paymentId);
  const payable = known ?? (payment && { type: payment.payable_type, id: payment.payable_id });
  if (payable) await handlersOf(payable.type)?.lockPayable?.(tx, payable.id);
}

/** Step 3's writes: the outcome on the payment row and the payable moved (`recorded`: this call changed them). */
async function recordOutcome(
  deps: LedgerDeps,
  tx: Tx,
  paymentId: string,
  outcome: ChargeOutcome | null,
  declineFallback: ErrorCode,
  payable?: KnownPayable,
): Promise<{ payment: PaymentRow; recorded: boolean }> {
  await lockPayableOf(tx, paymentId, payable);
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  const handlers = handlersOf(payment.payable_type);
  const now = nowIso();
  if (payment.status !== "pending" && payment.status !== "requires_action")
    return recordLateOutcome(deps, tx, payment, outcome, handlers);
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
    await handlers?.onSucceeded(tx, { ...payment, ...changes }, payable?.known);
    const paid = await updateLedgerRow(tx, payment, changes);
    // A reference paid: the driver is told once, by a job of this transaction (docs/decisions/0342).
    await noticeIfReferencePaid(tx, { ...payment, ...changes });
    return { payment: paid, recorded: true };
  }
  if (outcome?.status === "requires_action") {
    const waiting = await updateLedgerRow(tx, payment, {
      status: "requires_action",
      provider_ref: outcome.providerRef,
      action_url: outcome.redirectUrl,
      updated_at: now,
    });
    // Asked about until the driver answers or the reference is paid (reconcileCharge's "waiting").
    await scheduleReconciliation(tx, payment);
    return { payment: waiting, recorded: false };
  }
  const failureCode = outcome ? declineToCode(outcome.reason, declineFallback) : declineFallback;
  const updated = await updateLedgerRow(tx, payment, {
    status: "failed",
    provider_ref: outcome?.providerRef ?? payment.provider_ref,
    action_url: null,
    failure_code: failureCode,
    updated_at: now,
  });
  await handlers?.onFailed?.(tx, updated, { reachedProvider: outcome !== null || payment.provider_ref !== null });
  return { payment: updated, recorded: true };
}

/**
 * After a 3-D Secure challenge (or any time): asks the gateway about an unsettled charge of this
 * user and records the answer. The redirect's own status is never trusted.
 */
export async function refreshCharge(deps: LedgerDeps, userId: string, paymentId: string): Promise<ChargeResult> {
  const payment = await findChargeOfUser(deps.db, userId, paymentId);
  if (!payment) throw new AppError("object_not_found");
  const fallback = declineFallbackOf(payment);
  if (payment.status !== "pending" && payment.status !== "requires_action") return resultOf(payment, fallback);
  let outcome: ChargeOutcome | null;
  try {
    outcome = await gatewayFor(deps.providers.payments, payment.gateway, payment.currency).findCharge(
      payment.id,
      payment.provider_ref,
      payment.created_at,
    );
  } catch (error) {
    throw providerUnavailable(error);
  }
  // A pending attempt the provider has not seen may still be in flight: leave it to reconciliation.
  if (!outcome) return resultOf(payment, fallback);
  return resultOf(await settleCharge(deps, payment.id, outcome, fallback), fallback);
}
