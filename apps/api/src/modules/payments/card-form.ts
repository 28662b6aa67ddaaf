import type { Country } from "@estaciona/contracts";
import type { CardFormConfig as CardFormConfigAnswer, CardFormConfigQuery } from "@estaciona/contracts/schemas/payment";
import { AppError } from "../../lib/errors.ts";
import type { PaymentGateways } from "./gateway.ts";

/** The card form each gateway asks the SPA to show, and the origins its scripts and frames need. */

/** Which gateway slot a card call uses: Mexico's default, the USA's, or NetPay (Mexico). */
export type GatewaySlot = keyof PaymentGateways;
export const COUNTRY_OF_SLOT: Record<GatewaySlot, Country> = { mx: "mx", us: "us", netpay: "mx" };
const FORM_OF: Record<GatewaySlot, CardFormConfigAnswer["form"]> = { mx: "conekta", us: "nmi", netpay: "netpay" };

/** `GET user/payment/config`: the form of a country's gateway, or of NetPay (Mexico only). */
export function cardFormConfigFor(gateways: PaymentGateways, query: CardFormConfigQuery): CardFormConfigAnswer {
  if (query.gateway === "netpay" && query.country !== "mx") throw new AppError("invalid_data");
  return cardFormConfig(gateways, query.gateway === "netpay" ? "netpay" : query.country);
}

/** `GET user/conekta/token`: a checkout request of the Mexican gateway, when it works that way. */
export async function createCheckoutRequest(gateways: PaymentGateways): Promise<string> {
  const gateway = gateways.mx;
  if (!gateway.createCheckoutRequest) throw new AppError("action_not_available", { status: 422 });
  return gateway.createCheckoutRequest();
}

export function cardFormConfig(gateways: PaymentGateways, slot: GatewaySlot): CardFormConfigAnswer {
  const config = gateways[slot].cardFormConfig();
  return {
    country: COUNTRY_OF_SLOT[slot],
    provider: config.provider,
    form: FORM_OF[slot],
    public_key: config.publicKey,
    script_url: config.scriptUrl,
    frame_url: config.frameUrl,
    wallets: [...(gateways[slot].wallets ?? [])],
  };
}

/** Origins the CSP must allow for the configured gateways' scripts and frames (the sandbox is 'self'). */
export function gatewayOrigins(gateways: PaymentGateways): string[] {
  const origins = new Set<string>();
  for (const gateway of Object.values(gateways)) {
    const config = gateway.cardFormConfig();
    for (const url of [config.scriptUrl, config.frameUrl]) {
      if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}
