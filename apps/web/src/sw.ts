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
