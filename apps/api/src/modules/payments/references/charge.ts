import type { Currency, PayableType } from "@estaciona/contracts";
import { inTransaction, isUniqueViolation, type Tx } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import type { ReferenceRail } from "../gateway.ts";
import { insertChargeAttempt, scheduleReconciliation } from "../ledger/attempt.ts";
import { settleCharge } from "../ledger/charge.ts";
import type { ChargeResult } from "../ledger/charge-results.ts";
import type { AmountBreakdown, LedgerDeps, PaymentPurpose } from "../ledger/payables.ts";
import type { PaymentRow } from "../repository.ts";
import { countAwaitingReferencesOf, insertReference, recordIssuedReference } from "./repository.ts";

/**
 * A charge paid later by reference (docs/decisions/0280): the ledger's three steps with the gateway's
 * reference in place of a card charge. Step 1 inserts the charge `pending` with its reference row and
 * schedules its reconciliation; step 2 asks the gateway for an OXXO reference or a CLABE; step 3
 * records the charge `requires_action` until `expiresAt`. The gateway's webhook (or the
 * reconciliation's lookup) then settles it like any charge: paid, or expired (failed), exactly once.
 */

/** Unpaid references a driver may hold at once (decision 0282). */
export const MAX_AWAITING_REFERENCES = 2;
/** The longest a reference stays payable (decision 0282): a day, never past what it pays for. */
export const REFERENCE_LIFETIME_SECONDS = 24 * 3600;
/**
 * The shortest time a reference is issued for (docs/decisions/0314): less than this before an
 * event starts, a store payment could not be confirmed in time, so the rail is not offered.
 */
export const REFERENCE_MIN_LIFETIME_SECONDS = 3600;

/**
 * How many of a scarce thing's places unpaid references may hold at once (docs/decisions/0314): a
 * quarter of them, at least one, so a few unpaid references never sell an event or a plan out.
 */
export const referenceHoldsCap = (places: number): number => Math.max(1, Math.floor(places / 4));

/** Who pays a reference, as the gateway's order names them: the driver's name, else their phone. */
export const referencePayer = (user: Pick<Row<"users">, "first_name" | "last_name" | "email" | "phone">) => ({
  name: [user.first_name, user.last_name].filter(Boolean).join(" ") || user.phone,
  email: user.email,
  phone: user.phone,
});

/** The answer when a pass or event has as many places held by unpaid references as it allows. */
export const referenceHoldsFull = (): AppError =>
  new AppError("action_not_available", { status: 409, messageKey: "payments.reference_holds_full" });

export interface ReferenceChargeInput {
  userId: string;
  purpose: PaymentPurpose;
  payable: { type: PayableType; id: string; locationId: string | null; vehicleId: string | null };
  breakdown: AmountBreakdown;
  currency: Currency;
  rail: ReferenceRail;
  idempotencyKey: string;
  description: string;
  payer: { name: string; email: string | null; phone: string };
  /** When the reference stops being payable: at most a day after now. */
  expiresAt: string;
  /** First in step 1: the payable's own lock and checks, the driver's row first (the lock order). */
  lockPayable: (tx: Tx) => Promise<void>;
  /** The driver's host: where the reference's screen is (`/reference/<payment>`). */
  returnOrigin: string;
  /**
   * True for a pass's renewal: the reference asks for a place the driver already holds, so the cap on
   * unpaid references (decision 0282, there against holding new places) does not refuse it
   * (docs/decisions/0313). It still counts against the cap for the driver's next purchase.
   */
  holdsNoNewPlace?: boolean;
}

export async function chargeByReference(deps: LedgerDeps, input: ReferenceChargeInput): Promise<ChargeResult> {
  const gateway = deps.providers.payments.mx;
  if (input.currency !== "mxn" || !gateway.createReference)
    throw new AppError("invalid_payment_method", { messageKey: "payments.reference_not_available" });
  const expiresAt = new Date(
    Math.min(Date.parse(input.expiresAt), Date.now() + REFERENCE_LIFETIME_SECONDS * 1000),
  ).toISOString();
  if (Date.parse(expiresAt) - Date.now() < REFERENCE_MIN_LIFETIME_SECONDS * 1000)
    throw new AppError("invalid_payment_method", { messageKey: "payments.reference_too_late" });
  const paymentId = newId();
  let payment: PaymentRow;
  try {
    payment = await inTransaction(deps.db, async (tx) => {
      await input.lockPayable(tx);
      if (!input.holdsNoNewPlace && (await countAwaitingReferencesOf(tx, input.userId)) >= MAX_AWAITING_REFERENCES)
        throw new AppError("action_not_available", {
          status: 409,
          messageKey: "payments.references_cap_reached",
          params: { count: MAX_AWAITING_REFERENCES },
        });
      const row = await insertChargeAttempt(tx, {
        ...input,
        id: paymentId,
        gateway: gateway.name,
        paymentMethodId: null,
      });
      await insertReference(tx, {
        payment_id: paymentId,
        rail: input.rail,
        number: null,
        barcode_url: null,
        bank: null,
        expires_at: expiresAt,
        created_at: row.created_at,
      });
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("invalid_payment", { status: 409, messageKey: "errors.api_payment_in_progress" });
  }

  let issued: Awaited<ReturnType<NonNullable<typeof gateway.createReference>>>;
  try {
    issued = await gateway.createReference({
      reference: paymentId,
      rail: input.rail,
      amount: payment.amount,
      currency: input.currency,
      description: payment.description,
      expiresAt,
      payer: input.payer,
    });
  } catch (error) {
    // Unknown: the reconciliation asks the gateway by our reference (and fails it if never made).
    deps.log.warn({ err: error, paymentId }, "reference not issued; left pending for reconciliation");
    await scheduleReconciliation(deps.db, payment);
    return { status: "pending", payment };
  }
  const redirectUrl = `${input.returnOrigin}/reference/${paymentId}`;
  const settled = await settleCharge(
    deps,
    paymentId,
    { status: "requires_action", providerRef: issued.providerRef, redirectUrl, waitUntil: issued.expiresAt },
    "invalid_payment",
    (tx) => recordIssuedReference(tx, paymentId, issued),
    input.payable,
  );
  if (settled.status === "requires_action") return { status: "requires_action", payment: settled, redirectUrl };
  return settled.status === "succeeded"
    ? { status: "succeeded", payment: settled }
    : { status: "pending", payment: settled };
}
