/**
 * Why the bank refused a card at 3-D Secure while the sign-up wizard was saving it
 * (docs/decisions/0252): /3ds (payments) leaves it here and sends the driver back, and the wizard
 * (auth) opens its card step with it instead of going on as if a card were saved. Shared here, not
 * through the payments entry, so the sign-in screen's first download stays without the card forms.
 */
const REFUSAL_KEY = "estaciona.payments.card_refused";

export function rememberCardRefusal(reason: string): void {
  try {
    sessionStorage.setItem(REFUSAL_KEY, reason);
  } catch {
    // Storage may be disabled; the wizard then goes on without the card, as it would have.
  }
}

export function cardRefusal(): string | null {
  try {
    return sessionStorage.getItem(REFUSAL_KEY);
  } catch {
    return null;
  }
}

export function forgetCardRefusal(): void {
  try {
    sessionStorage.removeItem(REFUSAL_KEY);
  } catch {
    // Nothing was stored.
  }
}
