import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { deletePushSubscription, readPushKey, savePushSubscription } from "../api/reminders.ts";

/**
 * Whether this browser can take Web Push: a service worker, the Push API and a notification
 * permission it can still ask for (docs/decisions/0290). Elsewhere push is not offered at all.
 */
export const pushSupported = (): boolean =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
};

/** The service worker's push registration, when the app's service worker runs (a built app). */
const pushManager = async (): Promise<PushManager | null> =>
  (await navigator.serviceWorker.getRegistration())?.pushManager ?? null;

type State = "checking" | "off" | "on" | "denied" | "failed" | "unavailable";

/**
 * Turns this device's notifications on or off (docs/product/reminders.md): asks the browser's
 * permission on a tap (never on load), subscribes with the deployment's VAPID key and keeps the
 * subscription for the driver; off unsubscribes and forgets it. The state is announced.
 */
export function PushDevice({ onChange }: { onChange: (on: boolean) => void }) {
  const { t } = useTranslation("reminders");
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const manager = await pushManager();
      const subscription = await manager?.getSubscription();
      const next: State =
        Notification.permission === "denied"
          ? "denied"
          : manager && subscription
            ? "on"
            : manager
              ? "off"
              : "unavailable";
      if (live) setState(next);
      if (live) onChange(next === "on");
    })();
    return () => {
      live = false;
    };
  }, [onChange]);

  const settle = (next: State) => {
    setState(next);
    onChange(next === "on");
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return settle(permission === "denied" ? "denied" : "off");
      const [manager, key] = await Promise.all([pushManager(), readPushKey()]);
      if (!manager || !key.public_key) return settle("unavailable");
      const subscription = await manager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.public_key),
      });
      const { endpoint, keys } = subscription.toJSON();
      await savePushSubscription({
        endpoint: endpoint ?? "",
        keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
      });
      settle("on");
    } catch {
      settle("failed");
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await (await pushManager())?.getSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      settle("off");
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  };

  if (state === "checking") return null;
  return (
    <div className="push-device">
      <p className="muted">{t("push_intro")}</p>
      <p role="status" aria-live="polite" className={state === "on" ? undefined : "muted"}>
        {state === "on" && t("push_enabled")}
        {state === "denied" && t("push_denied")}
        {state === "failed" && t("push_failed")}
        {state === "unavailable" && t("push_unavailable")}
      </p>
      {state === "on" ? (
        <button type="button" className="button" disabled={busy} onClick={() => void turnOff()}>
          {t("push_disable")}
        </button>
      ) : (
        state !== "unavailable" && (
          <button type="button" className="button" disabled={busy} onClick={() => void turnOn()}>
            {t("push_enable")}
          </button>
        )
      )}
    </div>
  );
}
