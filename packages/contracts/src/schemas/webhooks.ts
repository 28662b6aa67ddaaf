import { z } from "zod";

/**
 * Gateways' webhooks (docs/decisions/0155, NetPay's 0245), Facturapi's (0208) and Twilio's status callbacks (0244).
 * The body is the provider's own format (JSON, or Twilio's form fields), verified on its raw bytes before it is read,
 * so the schema only asks for an object.
 */
export const WEBHOOK_PROVIDERS = ["conekta", "nmi", "sandbox", "facturapi", "netpay", "twilio"] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export const webhookParams = z.object({ provider: z.enum(WEBHOOK_PROVIDERS) });
export const webhookBody = z.looseObject({});
/** `duplicate`: the provider's event id was received before; nothing was applied again. */
export const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
