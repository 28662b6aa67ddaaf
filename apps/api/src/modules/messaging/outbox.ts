import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso } from "../../lib/time.ts";
import {
  type EmailMessage,
  type EmailProvider,
  ProviderError,
  type SmsProvider,
  type TextMessage,
} from "./providers.ts";
import { claimMessageKey, claimsOfKey, markAbandonedClaimsUnknown, settleMessageClaim } from "./repository.ts";

/** Whether a message key went out, or may have, on any channel (a claim that certainly sent nothing does not count). */
export async function isMessageKeyClaimed(db: Executor, key: string): Promise<boolean> {
  return (await claimsOfKey(db, key)).some((claim) => claim.status !== "failed");
}

/** What sending a message needs; a FastifyInstance satisfies it. `db` must not be an open transaction. */
export interface OutboxDeps {
  db: Executor;
  providers: { email: EmailProvider; sms: SmsProvider };
  log: FastifyBaseLogger;
}

export type OutgoingMessage = ({ channel: "email" } & EmailMessage) | TextMessage;

/**
 * A claim still `claimed` this long after it was made belongs to a sender that died mid-send: the
 * providers give up after 10 s per step (smtp.ts, twilio.ts), so a live send is long over.
 */
export const ABANDONED_CLAIM_SECONDS = 120;

/**
 * The key of one message: what it is about and which message it is, e.g.
 * `messageKey("visit_receipt", visitId)`. `sendOnce` adds the channel.
 */
export const messageKey = (kind: string, ...about: (string | number)[]): string => [kind, ...about].join(":");

/**
 * Sends a message at most once per key and channel (docs/decisions/0120): the only way anything
 * reaches a provider. The key is claimed under a unique index before the provider is called, so a
 * job run twice, a job re-run after its worker died, or two workers at once send it once; the
 * claim then records `sent`, `failed` (the provider certainly sent nothing: a later run may claim
 * the key again) or `unknown` (it may have gone out: it is never sent again automatically).
 * Answers whether this call sent it. A provider's error is rethrown after it is recorded, so
 * callers keep their own handling (a job's retry, a 503).
 */
export async function sendOnce(deps: OutboxDeps, key: string, message: OutgoingMessage): Promise<boolean> {
  const provider = message.channel === "email" ? deps.providers.email : deps.providers.sms;
  const messageKeyWithChannel = `${key}:${message.channel}`;
  const claimId = await claimMessageKey(deps.db, {
    id: newId(),
    message_key: messageKeyWithChannel,
    channel: message.channel,
    provider: provider.name,
    claimed_at: nowIso(),
  });
  if (!claimId) return false;
  let providerRef: string | null;
  try {
    ({ providerRef } =
      message.channel === "email" ? await deps.providers.email.send(message) : await deps.providers.sms.send(message));
  } catch (error) {
    const notSent = error instanceof ProviderError && error.options.notSent === true;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await settleMessageClaim(deps.db, claimId, { status: notSent ? "failed" : "unknown", last_error: lastError });
    if (!notSent)
      deps.log.error(
        { err: error, messageKey: messageKeyWithChannel },
        "a message's send ended without an answer; it may have left and is not sent again",
      );
    throw error;
  }
  await settleMessageClaim(deps.db, claimId, { status: "sent", provider_ref: providerRef });
  return true;
}

/**
 * The worker's sweep for sends cut off by a crash: their claims become `unknown` (never resent;
 * `estaciona_messages_unknown` counts them) and each is logged as an error for an operator to check
 * with the provider.
 */
export async function reportAbandonedClaims(deps: Pick<OutboxDeps, "db" | "log">): Promise<number> {
  const abandoned = await markAbandonedClaimsUnknown(deps.db, isoBefore(ABANDONED_CLAIM_SECONDS));
  for (const claim of abandoned)
    deps.log.error(
      { messageKey: claim.message_key, provider: claim.provider, claimedAt: claim.claimed_at },
      "a message's sender stopped mid-send; it may have left and is not sent again",
    );
  return abandoned.length;
}
