import type { Executor } from "../../db/database.ts";
import { nowIso } from "../../lib/time.ts";
import { claimsOfKey, findOutboxByProviderRef, setDeliveryStatus } from "./repository.ts";

/**
 * What became of a message after the provider accepted it (docs/decisions/0244). Twilio's status
 * callbacks (`MessageStatus`, twilio-oai `message_enum_status`) arrive in any order and more than
 * once, so a status only replaces one that comes before it in a message's life: a late `sent`
 * never hides `delivered`, and the first final status stays.
 */
const STAGE: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
  partially_delivered: 4,
  read: 5,
};

/** Statuses that tell the driver the code will not arrive: another channel is offered. */
const NOT_DELIVERED = new Set(["undelivered", "failed", "canceled"]);

export type DeliveryResult = "applied" | "ignored" | "unmatched";

export async function recordDeliveryStatus(
  db: Executor,
  update: { provider: string; providerRef: string; status: string; errorCode: string | null },
): Promise<DeliveryResult> {
  const stage = STAGE[update.status];
  // Inbound statuses (`receiving`, `received`) and anything unknown are no word on our messages.
  if (stage === undefined) return "ignored";
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const message = await findOutboxByProviderRef(db, update.provider, update.providerRef);
    if (!message) return "unmatched";
    const current = message.delivery_status;
    if (current !== null && (STAGE[current] ?? 0) >= stage) return "ignored";
    const written = await setDeliveryStatus(db, message.id, current, {
      delivery_status: update.status,
      delivery_error: NOT_DELIVERED.has(update.status) ? update.errorCode : null,
      delivery_updated_at: nowIso(),
    });
    if (written) return "applied";
  }
  return "ignored";
}

/**
 * The delivery state of the message sent under `key` (its newest channel): `sending` until the
 * provider accepted it, then `sent` until the provider says more, `delivered`, or `undelivered`
 * (refused, failed, or the send's outcome unknown is not counted: it may have left).
 */
export type DeliveryState = "sending" | "sent" | "delivered" | "undelivered";

export async function deliveryStateOf(db: Executor, key: string): Promise<DeliveryState> {
  const [claim] = await claimsOfKey(db, key);
  if (!claim || claim.status === "claimed") return "sending";
  if (claim.status === "failed") return "undelivered";
  if (claim.status === "unknown" || !claim.provider_ref) return "sent";
  const message = await findOutboxByProviderRef(db, claim.provider, claim.provider_ref);
  const status = message?.delivery_status ?? null;
  if (status && NOT_DELIVERED.has(status)) return "undelivered";
  if (status === "delivered" || status === "read") return "delivered";
  return "sent";
}
