import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import type { WalletKind } from "@estaciona/contracts/wallets";
import { BALANCE_GATEWAY } from "./ledger/balance.ts";

/**
 * A charge's rail (docs/decisions/0323), decided once, when the charge is written, and kept on the
 * row (`payments.rail`; its refunds copy it): the balance's gateway, else the paying method's
 * wallet, else a card. A reference charge names its own rail (references/charge.ts). The console's
 * list, filter and revenue and the data export read the column, so the revenue needs no join to
 * the charge or the card (docs/decisions/0346).
 */
export function railOfCharge(paid: { gateway: string; wallet: WalletKind | null }): PaymentRail {
  if (paid.gateway === BALANCE_GATEWAY) return "balance";
  return paid.wallet ?? "card";
}
