import type { PushSubscriptionBody } from "@estaciona/contracts/schemas/reminders";
import type { FastifyBaseLogger } from "fastify";
import webpush, { WebPushError } from "web-push";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import type { VapidKeys } from "../../lib/vapid.ts";
import { deletePushSubscriptions, listPushSubscriptions, upsertPushSubscription } from "./repository.ts";

/** Web Push's settings (config.ts `push`): the VAPID keys and subject, and the push services' hosts. */
export interface PushConfig {
  vapid: VapidKeys | null;
  subject: string;
  serviceHosts: string[];
}

export interface PushDeps {
  db: Executor;
  config: { push: PushConfig };
  log: FastifyBaseLogger;
}

/** What the service worker shows (apps/web/src/sw.ts): no link in the words; `path` is opened in the app on a tap. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path on the app's own origin, e.g. the extend screen; never shown, and encrypted to the device (RFC 8291). */
  path: string;
  /** One notice per reminder: a repeat replaces it on the device instead of stacking. */
  tag: string;
}

/** A reminder is worth delivering for this long; a push service drops it after (RFC 8030 TTL). */
const PUSH_TTL_SECONDS = 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

const hostAllowed = (host: string, patterns: string[]) =>
  patterns.some((pattern) => (pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern));

/**
 * `POST user/push-subscriptions`: keeps this device's subscription for the driver, bound to the
 * sign-in session (its log-out removes it). The endpoint must be one of the push services'
 * (PUSH_SERVICE_HOSTS) over HTTPS: the server posts to it, so it must never be an address the
 * driver picks (invalid_data).
 */
export async function savePushSubscription(
  deps: PushDeps,
  owner: { userId: string; sessionId: string },
  body: PushSubscriptionBody,
) {
  if (!deps.config.push.vapid) throw new AppError("action_not_available", { messageKey: "reminders.push_unavailable" });
  const endpoint = new URL(body.endpoint);
  if (endpoint.protocol !== "https:" || !hostAllowed(endpoint.hostname.toLowerCase(), deps.config.push.serviceHosts))
    throw new AppError("invalid_data", { messageKey: "reminders.push_endpoint_refused" });
  const saved = await upsertPushSubscription(deps.db, {
    id: newId(),
    user_id: owner.userId,
    session_id: owner.sessionId,
    endpoint: endpoint.href,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    created_at: nowIso(),
  });
  return { uuid: saved.id, created_at: saved.created_at };
}

/** `DELETE user/push-subscriptions`: the driver turned push off on this device. */
export async function removePushSubscription(db: Executor, userId: string, endpoint: string): Promise<null> {
  await deletePushSubscriptions(db, { userId, endpoint: URL.canParse(endpoint) ? new URL(endpoint).href : endpoint });
  return null;
}

/** Suspension and account deletion: none of the driver's devices gets a push any more. */
export const removePushSubscriptionsOfUser = (db: Executor, userId: string): Promise<number> =>
  deletePushSubscriptions(db, { userId });

/** Log-out: the device of that sign-in stops getting the driver's pushes. */
export const removePushSubscriptionsOfSession = (db: Executor, sessionId: string): Promise<number> =>
  deletePushSubscriptions(db, { sessionId });

/** The driver's devices for the personal-data export: the push service's host and when, never the keys. */
export async function pushDevicesOf(db: Executor, userId: string) {
  const rows = await listPushSubscriptions(db, userId);
  return rows.map((row) => ({ push_service: new URL(row.endpoint).host, created_at: row.created_at }));
}

/**
 * Sends one notice to each of the driver's devices with the `web-push` library (RFC 8030 delivery,
 * RFC 8291 aes128gcm encryption, RFC 8292 VAPID). A subscription the push service answers 404 or
 * 410 to is gone (the browser revoked it) and is dropped. Answers how many devices took it.
 */
export async function pushToDevices(deps: PushDeps, userId: string, notice: PushNotice): Promise<number> {
  const vapid = deps.config.push.vapid;
  if (!vapid) return 0;
  let delivered = 0;
  for (const device of await listPushSubscriptions(deps.db, userId)) {
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(notice),
        {
          vapidDetails: { subject: deps.config.push.subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          urgency: "high",
          timeout: PUSH_TIMEOUT_MS,
        },
      );
      delivered += 1;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await deletePushSubscriptions(deps.db, { id: device.id });
        deps.log.info({ subscriptionId: device.id }, "a push subscription was gone; dropped");
      } else deps.log.warn({ err: error, subscriptionId: device.id }, "a push was not taken");
    }
  }
  return delivered;
}
