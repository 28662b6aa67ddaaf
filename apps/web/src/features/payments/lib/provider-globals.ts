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

export interface CollectJs {
  configure(options: {
    variant: "inline";
    fields: Record<"ccnumber" | "ccexp" | "cvv", { selector: string; title?: string; placeholder?: string }>;
    callback: (response: CollectJsResponse) => void;
    validationCallback?: (field: string, valid: boolean, message: string) => void;
    timeoutDuration?: number;
    timeoutCallback?: () => void;
    fieldsAvailableCallback?: () => void;
  }): void;
  startPaymentRequest(): void;
}

interface ProviderWindow {
  ConektaCheckoutComponents?: ConektaCheckoutComponents;
  CollectJS?: CollectJs;
}

export const providerGlobals = (): ProviderWindow => window as unknown as ProviderWindow;
