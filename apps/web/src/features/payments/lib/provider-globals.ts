import type { CollectCard } from "./frame-messages.ts";

/** The parts of the providers' browser libraries the card forms use (ecosystem.md §1.2, §2.2). */
export interface ConektaCheckoutComponents {
  Card(options: {
    config: { locale: "es" | "en"; publicKey: string; targetIFrame: string; checkoutRequestId?: string };
    callbacks: {
      onCreateTokenSucceeded: (token: string | { id?: string }) => void;
      onCreateTokenError: (error: { details?: { message?: string }[] }) => void;
      onGetInfoSuccess?: (info: unknown) => void;
    };
    options?: { colorPrimary?: string; autoResize?: boolean; inputType?: string; backgroundMode?: string };
  }): void;
}

export interface CollectJsResponse {
  token: string;
  card: CollectCard;
}

/**
 * A wallet's answer (docs/decisions/0343): the `payment_token` in `token`, which wallet in
 * `tokenType` ("googlePay" or "applePay"), the masked card in `card`, and what the wallet told of
 * its card in `wallet` (Google Pay's `cardDetails` is the last four, `cardNetwork` the brand).
 */
export interface CollectJsWalletResponse extends CollectJsResponse {
  tokenType?: string;
  wallet?: { cardDetails?: string; cardNetwork?: string };
}

/** `fields.googlePay`: where Collect.js draws Google's button (none where the device cannot pay). */
export interface CollectJsGooglePayField {
  selector: string;
  /** The button's language ("en", "es"); Google's own otherwise. */
  buttonLocale?: string;
}

/** `fields.applePay`: where Collect.js draws Apple's button (none where Safari cannot pay). */
export interface CollectJsApplePayField {
  selector: string;
  /** The label of the sheet's total line: the business the driver pays. */
  totalLabel?: string;
}

type CollectCardFields = Record<
  "ccnumber" | "ccexp" | "cvv",
  { selector: string; title?: string; placeholder?: string }
>;

/** `CollectJS.configure()`'s options, by the names NMI documents (docs/decisions/0343). */
export interface CollectJsOptions {
  variant: "inline";
  fields: Partial<CollectCardFields> & { googlePay?: CollectJsGooglePayField; applePay?: CollectJsApplePayField };
  /** The wallet sheets' total ("12.50"), currency ("USD") and merchant country ("US"). */
  price?: string;
  currency?: string;
  country?: string;
  callback: (response: CollectJsWalletResponse) => void;
  validationCallback?: (field: string, valid: boolean, message: string) => void;
  timeoutDuration?: number;
  timeoutCallback?: () => void;
  fieldsAvailableCallback?: () => void;
}

export interface CollectJs {
  configure(options: CollectJsOptions): void;
  startPaymentRequest(): void;
}

interface ProviderWindow {
  ConektaCheckoutComponents?: ConektaCheckoutComponents;
  CollectJS?: CollectJs;
}

export const providerGlobals = (): ProviderWindow => window as unknown as ProviderWindow;
