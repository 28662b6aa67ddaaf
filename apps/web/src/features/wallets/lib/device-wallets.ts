import type { CardFormConfig } from "@estaciona/contracts/schemas/payment";
import type { WalletKind } from "@estaciona/contracts/wallets";

/** Apple Pay on the web (Safari): `ApplePaySession.canMakePayments()`. */
interface ApplePayWindow {
  ApplePaySession?: { canMakePayments?: () => boolean };
}

const hasApplePay = (): boolean => {
  try {
    return (window as ApplePayWindow).ApplePaySession?.canMakePayments?.() === true;
  } catch {
    // Safari throws outside a secure context: no Apple Pay there.
    return false;
  }
};

/**
 * The wallets a pay panel offers (docs/decisions/0284, 0285): those the country's gateway takes and
 * this device has. Apple Pay only where Safari says it can pay. Google Pay with the sandbox in any
 * browser (its sheet stands in for Google's, whose web API runs in every browser). With NMI,
 * Collect.js draws each button and leaves out the one this device cannot pay with
 * (docs/decisions/0339); Conekta's wallet button is not wired, so Mexico's live gateway offers none.
 */
export function walletsOnThisDevice(config: CardFormConfig | undefined): WalletKind[] {
  if (!config || (config.provider !== "sandbox" && config.provider !== "nmi")) return [];
  return config.wallets.filter((wallet) => (wallet === "apple_pay" ? hasApplePay() : true));
}
