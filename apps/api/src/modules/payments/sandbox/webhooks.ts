import { createHmac, randomBytes } from "node:crypto";
import type { Executor } from "../../../db/database.ts";
import { enqueue } from "../../jobs/queue.ts";

/**
 * The sandbox gateway's own webhooks (docs/decisions/0155), so the webhook path runs by default,
 * not only with real credentials: each change of a sandbox charge (made, declined, 3-D Secure
 * answered, refunded) is an event delivered by a job to `POST /api/open/webhooks/sandbox` like a
 * provider's HTTP call, signed the way NMI signs its own (`Webhook-Signature:
 * t=<nonce>,s=<hex HMAC-SHA256(secret, nonce + "." + body)>`, SANDBOX_WEBHOOK_SECRET).
 */
export const JOB_SANDBOX_WEBHOOK = "payments.sandbox-webhook";
export const SANDBOX_SIGNATURE_HEADER = "webhook-signature";

export type SandboxEventType = "charge.succeeded" | "charge.declined" | "charge.refunded";

export interface SandboxEvent {
  id: string;
  type: SandboxEventType;
  created_at: string;
  data: { charge_id: string; reference: string };
}

/** `t=<nonce>,s=<signature>` over `nonce.body`: the scheme NMI documents, shared by the sandbox. */
export function signHmacWebhook(secret: string, body: string, nonce = randomBytes(12).toString("hex")): string {
  const signature = createHmac("sha256", secret).update(`${nonce}.${body}`).digest("hex");
  return `t=${nonce},s=${signature}`;
}

/** A webhook's delivery is tried this many times. */
export const SANDBOX_WEBHOOK_ATTEMPTS = 10;

/**
 * The payload of the job that delivers one event about a sandbox charge. It is signed when it is
 * sent: a stored hex signature could read as a card number to the PCI scan.
 */
export function sandboxEventJob(
  type: SandboxEventType,
  charge: { id: string; reference: string },
  at = new Date().toISOString(),
) {
  const event: SandboxEvent = {
    id: `evt_${randomBytes(12).toString("base64url")}`,
    type,
    created_at: at,
    data: { charge_id: charge.id, reference: charge.reference },
  };
  return { body: JSON.stringify(event) };
}

/** Queues one event about a sandbox charge (in the caller's transaction when it has one). */
export async function emitSandboxEvent(
  db: Executor,
  type: SandboxEventType,
  charge: { id: string; reference: string },
): Promise<void> {
  await enqueue(db, JOB_SANDBOX_WEBHOOK, sandboxEventJob(type, charge), { maxAttempts: SANDBOX_WEBHOOK_ATTEMPTS });
}
