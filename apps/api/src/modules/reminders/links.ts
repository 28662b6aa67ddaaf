import type { Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { newOpaqueToken, sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import {
  claimExtendLink,
  findExtendLinkByHash,
  insertExtendLink,
  releaseExtendLink,
  revokeLinks,
} from "./repository.ts";

/**
 * A reminder's single-purpose extend link (docs/decisions/0196): 32 random bytes, kept only as
 * their SHA-256, bound to the driver, the meter session, the card and the end the session may be
 * paid up to; it works until the session's end, makes at most one extension, creates no session
 * and reaches nothing else. Revoked on log-out, suspension, card removal and account deletion.
 */
export type ExtendLink = Row<"extend_links">;

export async function issueExtendLink(
  db: Executor,
  binding: { userId: string; sessionId: string; paymentMethodId: string; allowedUntil: string; expiresAt: string },
): Promise<string> {
  const token = newOpaqueToken();
  await insertExtendLink(db, {
    id: newId(),
    token_hash: sha256(token),
    user_id: binding.userId,
    session_id: binding.sessionId,
    payment_method_id: binding.paymentMethodId,
    allowed_until: binding.allowedUntil,
    expires_at: binding.expiresAt,
    used_at: null,
    used_key: null,
    revoked_at: null,
    created_at: nowIso(),
  });
  return token;
}

const refused = (messageKey: string) => new AppError("invalid_code", { messageKey });

/**
 * The live link of a token. Forged: `object_not_found`; revoked or past its session's end:
 * `invalid_code`; used: `invalid_code` too, unless `replayKey` is the key of the confirm that used
 * it (a repeated tap: the caller replays that extension).
 */
export async function openExtendLink(db: Executor, token: string, replayKey?: string): Promise<ExtendLink> {
  const link = await findExtendLinkByHash(db, sha256(token));
  if (!link) throw new AppError("object_not_found", { messageKey: "reminders.link_unknown" });
  if (link.revoked_at) throw refused("reminders.link_revoked");
  if (link.used_at && (replayKey === undefined || link.used_key !== replayKey)) throw refused("reminders.link_used");
  if (link.expires_at <= nowIso() && !(link.used_at && link.used_key === replayKey))
    throw refused("reminders.link_expired");
  return link;
}

/** Takes the link for one confirm: false when another confirm took it first. */
export const claimLink = (db: Executor, link: ExtendLink, key: string): Promise<boolean> =>
  claimExtendLink(db, link.id, key, nowIso());

/** Gives the link back when its confirm made no extension. */
export const releaseLink = (db: Executor, link: ExtendLink, key: string): Promise<void> =>
  releaseExtendLink(db, link.id, key);

/** Log-out, suspension, account deletion: every live link of the driver stops working. */
export const revokeExtendLinksOfUser = (db: Executor, userId: string): Promise<number> =>
  revokeLinks(db, { userId }, nowIso());

/** A removed card: the links that would charge it stop working. */
export const revokeExtendLinksOfCard = (db: Executor, paymentMethodId: string): Promise<number> =>
  revokeLinks(db, { paymentMethodId }, nowIso());
