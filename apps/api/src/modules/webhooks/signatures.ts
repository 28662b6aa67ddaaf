import { createHmac, timingSafeEqual, verify } from "node:crypto";
import type { WebhookProvider } from "@estaciona/contracts/schemas/webhooks";
import type { Config } from "../../config.ts";

/**
 * Each provider's webhook signature, checked on the raw bytes of the body before anything is read
 * (docs/decisions/0155):
 * - Conekta (developers.conekta.com/docs/autenticación-webhooks; `resources/webhook_keys` of
 *   conekta/openapi 82ce68e7): the `Digest` header is the body's SHA-256 signed with the company's
 *   webhook key (RSA, base64); verified with that key's public key.
 * - NMI (Merchant Portal webhooks; the scheme as NMI's integration guides document it) and the
 *   sandbox: `Webhook-Signature: t=<nonce>,s=<hex HMAC-SHA256(signing key, nonce + "." + body)>`,
 *   compared in constant time.
 * - Facturapi (docs/decisions/0208): `Facturapi-Signature` = hex HMAC-SHA256(webhook secret, raw body), as
 *   its SDKs check it (FacturAPI/facturapi-java 021e2fcc `WebhooksResource.validateSignature`; the OpenAPI
 *   v2 document's `validateWebhookSignature` names the header).
 * - Twilio (docs/decisions/0244): `X-Twilio-Signature` = base64 HMAC-SHA1(auth token, the full URL Twilio
 *   called + every POST field's name and value, sorted by name), as twilio-oai and Twilio's SDKs'
 *   `validateRequest` compute it; the URL is ours (PUBLIC_URL), never read from the request's Host.
 * - NetPay (docs/decisions/0245) documents no signature: its events are taken as hints only, and the
 *   transaction is read back from NetPay before anything is applied, so a forged one can change nothing.
 * No key configured for a provider: nothing it sends can be verified, so everything is refused.
 */
export type WebhookKeys = Config["payments"]["webhooks"];

const header = (headers: Record<string, unknown>, name: string): string | null => {
  const value = headers[name];
  return typeof value === "string" && value.length > 0 && value.length <= 4096 ? value : null;
};

export function verifyWebhook(
  provider: WebhookProvider,
  raw: Buffer,
  headers: Record<string, unknown>,
  keys: WebhookKeys,
): boolean {
  switch (provider) {
    case "conekta":
      return verifyRsaDigest(raw, header(headers, "digest"), keys.conektaPublicKey);
    case "nmi":
      return verifyHmacSignature(raw, header(headers, "webhook-signature"), keys.nmiSigningKey);
    case "sandbox":
      return verifyHmacSignature(raw, header(headers, "webhook-signature"), keys.sandboxSecret);
    case "facturapi":
      return verifyHexHmac(raw, header(headers, "facturapi-signature"), keys.facturapiSecret);
    case "twilio":
      return verifyTwilioSignature(raw, header(headers, "x-twilio-signature"), keys.twilioAuthToken, keys.twilioUrl);
    case "netpay":
      return true;
  }
}

/** Facturapi: `Facturapi-Signature` is the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function verifyHexHmac(raw: Buffer, signature: string | null, secret: string | null): boolean {
  if (!signature || !secret || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(createHmac("sha256", secret).update(raw).digest(), Buffer.from(signature, "hex"));
}

function verifyRsaDigest(raw: Buffer, digest: string | null, publicKey: string | null): boolean {
  if (!digest || !publicKey) return false;
  try {
    return verify("sha256", raw, publicKey, Buffer.from(digest, "base64"));
  } catch {
    // A malformed key or signature verifies nothing.
    return false;
  }
}

/** `t=<nonce>,s=<hex>` (either order); the HMAC of `nonce.body` compared in constant time. */
export function verifyHmacSignature(raw: Buffer, signatureHeader: string | null, key: string | null): boolean {
  if (!signatureHeader || !key) return false;
  const parts = new Map(
    signatureHeader.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const nonce = parts.get("t");
  const given = parts.get("s");
  if (!nonce || !given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(`${nonce}.`), raw]))
    .digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** What Twilio signs: the URL, then each field's name and value, fields sorted by name (a name's values in order). */
export function twilioSignedText(url: string, raw: Buffer): string {
  const fields = [...new URLSearchParams(raw.toString("utf8"))];
  fields.sort(([a, aValue], [b, bValue]) => (a === b ? (aValue < bValue ? -1 : 1) : a < b ? -1 : 1));
  return url + fields.map(([name, value]) => name + value).join("");
}

export function verifyTwilioSignature(raw: Buffer, signature: string | null, authToken: string | null, url: string) {
  if (!signature || !authToken || !/^[A-Za-z0-9+/]{27}=$/.test(signature)) return false;
  const expected = createHmac("sha1", authToken).update(twilioSignedText(url, raw)).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "base64"));
}
