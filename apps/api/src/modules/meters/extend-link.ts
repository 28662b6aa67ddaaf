import { meterEnd } from "@estaciona/contracts/meters";
import type { MeterPurchaseAnswer } from "@estaciona/contracts/schemas/meters";
import type { ConfirmExtendLinkBody, ExtendLinkView } from "@estaciona/contracts/schemas/reminders";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { findCardOfUser } from "../payments/service.ts";
import { claimLink, type ExtendLink, openExtendLink, releaseLink } from "../reminders/index.ts";
import { extendSession, type MeterDeps } from "./purchase.ts";
import { findDriverOfLink, findSession } from "./repository.ts";
import { presentSession } from "./sessions.ts";
import { getZone } from "./zones.ts";

/**
 * A reminder's extend link (docs/product/reminders.md, docs/decisions/0196): opened without
 * signing in, it reaches one thing — the extend screen of its session, charged to its card, up to
 * the time it allows. Reading it never charges; the confirm makes at most one extension.
 */

const revoked = () => new AppError("invalid_code", { messageKey: "reminders.link_revoked" });

/** What the link is bound to, still as it was: the driver active, the card theirs, the session running and theirs. */
async function boundTo(db: Executor, link: ExtendLink) {
  const [user, session, card] = await Promise.all([
    findDriverOfLink(db, link.user_id),
    findSession(db, link.session_id),
    findCardOfUser(db, link.user_id, link.payment_method_id, { verified: true }),
  ]);
  if (!session || session.user_id !== link.user_id)
    throw new AppError("forbidden_access", { messageKey: "reminders.link_other_session" });
  if (user?.status !== "active" || !card) throw revoked();
  if (session.status !== "active" || session.ends_at <= nowIso())
    throw new AppError("invalid_code", { messageKey: "reminders.link_expired" });
  return { user, session, card };
}

/** `GET open/meter-extend/{token}`: the extend screen's data; charges nothing, uses nothing. */
export async function viewExtendLink(db: Executor, token: string): Promise<ExtendLinkView> {
  const link = await openExtendLink(db, token);
  const { session, card } = await boundTo(db, link);
  return {
    session: await presentSession(db, session),
    zone: await getZone(db, session.location_id),
    card: { brand: card.brand, last4: card.last4 },
    allowed_until: link.allowed_until,
    expires_at: link.expires_at,
  };
}

/**
 * `POST open/meter-extend/{token}`: the confirm tap. The link is claimed for this key before the
 * charge (two taps at once: one extension, the other refused as used); the same key again replays
 * the extension it made. A confirm that made no extension (a declined card, a changed price) gives
 * the link back.
 */
export async function confirmExtendLink(
  deps: MeterDeps,
  token: string,
  body: ConfirmExtendLinkBody,
  returnOrigin: string,
): Promise<MeterPurchaseAnswer> {
  const link = await openExtendLink(deps.db, token, body.idempotency_key);
  const replay = link.used_at !== null;
  const { user, session } = replay
    ? { user: await findDriverOfLink(deps.db, link.user_id), session: null }
    : await boundTo(deps.db, link);
  if (!user) throw revoked();
  if (session && meterEnd(Date.parse(session.ends_at), body.minutes) > Date.parse(link.allowed_until))
    throw new AppError("location_not_available", { messageKey: "meters.at_maximum" });
  const claimed = !replay && (await claimLink(deps.db, link, body.idempotency_key));
  // Another confirm took it first: the same key is that confirm repeated, any other is refused.
  if (!replay && !claimed) await openExtendLink(deps.db, token, body.idempotency_key);
  const request = {
    minutes: body.minutes,
    expected_total: body.expected_total,
    payment_method_uuid: link.payment_method_id,
  };
  try {
    return await extendSession(deps, user, link.session_id, request, body.idempotency_key, returnOrigin);
  } catch (error) {
    if (claimed) await releaseLink(deps.db, link, body.idempotency_key);
    throw error;
  }
}
