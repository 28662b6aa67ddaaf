import { AppError } from "../../../lib/errors.ts";

/**
 * A wallet's token pays once (docs/decisions/0284): naming it again — the same token registered
 * twice, or its one-off method in a second pay call — is refused before any gateway is asked.
 */
export const walletTokenSpent = (): AppError =>
  new AppError("invalid_payment_method", {
    messageKey: "wallets.token_used",
    detail: "wallet token already used",
  });
