import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Gateways' webhooks (docs/decisions/0155): verified, stored once by the provider's event id, applied by a job. */

const webhooks = () => import("../schemas/webhooks.ts");

export const receiveWebhook = defineEndpoint({
  method: "POST",
  path: "/open/webhooks/:provider",
  auth: "none",
  // Unsigned or forged (or no key configured to verify it with): 401, nothing stored; signed
  // but without the provider's event id or type: 422.
  errors: ["authentication_error", "invalid_data"],
  tag: "webhooks",
  summary: "A provider's event (Conekta, NMI, NetPay, the sandbox, Facturapi, Twilio), verified as it documents",
  schemas: schemasOf(webhooks, (s) => ({ params: s.webhookParams, body: s.webhookBody, response: s.webhookAnswer })),
});
