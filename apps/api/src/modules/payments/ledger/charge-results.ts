import type { ErrorCode } from "@estaciona/contracts";
import { AppError } from "../../../lib/errors.ts";
import type { DeclineReason } from "../gateway.ts";
import type { PaymentRow } from "../repository.ts";

/** What a charge attempt came to, and how a route answers it (docs/product/money.md). */

export type ChargeResult =
  | { status: "succeeded"; payment: PaymentRow }
  | { status: "requires_action"; payment: PaymentRow; redirectUrl: string }
  | { status: "failed"; payment: PaymentRow; failureCode: ErrorCode }
  | { status: "pending"; payment: PaymentRow };

/** Decline reason → catalogue code (docs/product/calls-and-errors.md). */
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

/** The fallback decline code of a purpose (a failed card verification is `invalid_verification_payment`). */
export const declineFallbackOf = (payment: PaymentRow): ErrorCode =>
  payment.purpose === "card_verification" ? "invalid_verification_payment" : "invalid_payment";
