import type { WalletPaymentBody, WalletPaymentMethod } from "@estaciona/contracts/schemas/wallet";
import { isUniqueViolation } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { walletTokenSpent } from "./ledger/wallet-token.ts";
import type { LedgerDeps } from "./ledger.ts";
import { insertCard } from "./repository.ts";

/**
 * Wallet payments (docs/product/money.md "Wallets", docs/decisions/0284): the single-use token an
 * Apple Pay or Google Pay sheet gave becomes a one-off payment method of the country's gateway,
 * which the pay call names like a card. It is never listed, never the default and never charged
 * twice (ledger/charge.ts); no gateway we speak to documents keeping a wallet's token for later.
 */

/** A wallet's card has no expiry we are told: the one-off method never expires by our checks (the token's life is the gateway's). */
const NO_EXPIRY = { exp_month: 12, exp_year: 9999 } as const;
/** The brand kept when the wallet named a network we do not list: receipts call it "Card". */
const OTHER_NETWORK = "other";

export async function createWalletPayment(
  deps: LedgerDeps,
  user: Row<"users">,
  body: WalletPaymentBody,
): Promise<WalletPaymentMethod> {
  const gateway = deps.providers.payments[body.country];
  if (!gateway.wallets?.includes(body.wallet))
    throw new AppError("no_payment_method", { detail: `${gateway.name} takes no ${body.wallet}` });
  const now = nowIso();
  const method = {
    id: newId(),
    user_id: user.id,
    gateway: gateway.name,
    country: body.country,
    customer_ref: "",
    card_ref: body.token,
    brand: body.brand ?? OTHER_NETWORK,
    last4: body.last4,
    ...NO_EXPIRY,
    holder_name: null,
    funding: body.funding ?? null,
    wallet: body.wallet,
    is_default: 0,
    free_flow: 0,
    // The wallet authenticated its card (a passcode, a fingerprint): there is no verification charge.
    verified_at: now,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  } as const;
  try {
    await insertCard(deps.db, method);
  } catch (error) {
    if (isUniqueViolation(error)) throw walletTokenSpent();
    throw error;
  }
  return { uuid: method.id, wallet: method.wallet, brand: method.brand, last4: method.last4 };
}
