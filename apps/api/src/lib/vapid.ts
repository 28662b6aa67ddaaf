import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Outside production, missing VAPID keys (RFC 8292) are generated once and kept in the data folder
 * beside APP_SECRET (lib/keyring.ts), so the browsers' subscriptions outlive a restart; a test run
 * (no folder) gets a fresh pair.
 */
export function localVapidKeys(dataDir: string | null): VapidKeys {
  if (dataDir === null) return webpush.generateVAPIDKeys();
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The push services of the browsers drivers use: Chrome's (FCM), Firefox's, Safari's, Edge's. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  "fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com";

/**
 * Web Push's settings (docs/decisions/0290): the VAPID keys — set, or outside production generated
 * once and kept in the data folder like APP_SECRET; none in production without them (push is not
 * offered) — the subject push services may contact, and the hosts a subscription may point at.
 */
export function pushConfig(
  e: {
    NODE_ENV: string;
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
    PUSH_SERVICE_HOSTS: string;
    EMAIL_FROM: string;
  },
  where: { production: boolean; dataDir: string; publicUrl: string },
) {
  const vapid: VapidKeys | null =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : where.production
        ? null
        : localVapidKeys(e.NODE_ENV === "test" ? null : where.dataDir);
  const mailbox = /<([^>]+)>/.exec(e.EMAIL_FROM)?.[1] ?? e.EMAIL_FROM;
  return {
    vapid,
    subject: e.VAPID_SUBJECT ?? (where.publicUrl.startsWith("https:") ? where.publicUrl : `mailto:${mailbox}`),
    serviceHosts: e.PUSH_SERVICE_HOSTS.split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
