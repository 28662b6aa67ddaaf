/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/**
 * The service worker (docs/offline.md, docs/decisions/0190). It keeps the built files of this
 * build, so the app opens with no connection, and the page the server last sent for this host
 * (the host's configuration is in it). It never touches `/api`: every call, and every payment,
 * goes to the network or fails; nothing is queued to be sent later.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// A new build takes over at once; the next navigation loads its page (never stuck on old code).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Every route of the SPA is the same page: one cached copy, the newest the server answered. */
const SHELL_KEY = "/";
const SHELL_CACHE = "estaciona-shell";

// The host's page is kept from the start, so even the first visit opens offline afterwards.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_KEY, { cache: "reload" })))
      .catch(() => {}),
  );
});

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: SHELL_CACHE,
      // One bar of signal: after a few seconds the kept page opens, and the app says it is offline.
      networkTimeoutSeconds: 6,
      plugins: [{ cacheKeyWillBeUsed: async () => new URL(SHELL_KEY, self.location.origin).href }],
    }),
    // The API, the sandbox's hosted card pages and the manifest are never answered from a cache.
    { denylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/manifest\.webmanifest$/] },
  ),
);

/**
 * A reminder by Web Push (docs/decisions/0290): the server encrypts it to this device (RFC 8291),
 * so its words and the path it opens reach no one else; the path is never shown.
 */
interface PushNotice {
  title: string;
  body: string;
  path: string;
  tag: string;
}

self.addEventListener("push", (event) => {
  const notice = event.data?.json() as PushNotice | undefined;
  if (!notice?.title) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { path: notice.path },
    }),
  );
});

/** Only a path of this app opens: a notice never sends the driver to another site. */
const appUrl = (path: unknown): string =>
  new URL(typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? path : "/", self.location.origin)
    .href;

// A tap opens the app where the reminder leads (the extend screen), in an open window when there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { path?: unknown } | null)?.path);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
