import { getEventVisit, listEventVisits } from "@estaciona/contracts/endpoints/events";
import { listMeterSessions } from "@estaciona/contracts/endpoints/meters";
import { listReceipts } from "@estaciona/contracts/endpoints/receipts";
import { listSubscriptions } from "@estaciona/contracts/endpoints/subscriptions";
import { listValetTickets } from "@estaciona/contracts/endpoints/valet";
import { callEndpoint } from "../endpoint-client.ts";
import { queryClient } from "../query-client.ts";
import { hasRefreshToken, sessionStore } from "../session.ts";
import {
  emptyOfflineContent,
  forgetOtherDrivers,
  OFFLINE_LIMITS,
  type OfflineContent,
  type OfflineReceipt,
  saveOffline,
} from "./store.ts";

/**
 * Keeps the offline copy fresh while the driver is signed in and online (docs/offline.md): on
 * start, after each answer that changes what the driver holds (a purchase invalidates those
 * lists), and every few minutes. Only reads: nothing here pays or changes anything.
 */

const quiet = { handleErrors: false } as const;
const REFRESH_EVERY_MS = 5 * 60_000;
/** Lists whose answers mean the copy may be out of date. */
const WATCHED_PATHS: ReadonlySet<string> = new Set(
  [listMeterSessions, listSubscriptions, listEventVisits, getEventVisit, listValetTickets].map((e) => e.path),
);

/** Everything the driver may need to show with no connection, read from the API. */
export async function fetchOfflineContent(): Promise<OfflineContent> {
  const content = emptyOfflineContent();
  const [meters, passes, eventVisits, valet] = await Promise.all([
    callEndpoint(listMeterSessions, { query: { status: "active" } }, quiet),
    callEndpoint(listSubscriptions, { query: { status: "current" } }, quiet),
    callEndpoint(listEventVisits, { query: { page: 1, limit: 20 } }, quiet),
    callEndpoint(listValetTickets, { query: { page: 1, limit: 10 } }, quiet),
  ]);
  content.meters = meters
    .filter((session) => session.status === "active")
    .map((session) => ({
      uuid: session.uuid,
      zone_code: session.zone.zone_code,
      zone_name: session.zone.name,
      time_zone: session.zone.time_zone,
      plate: session.vehicle.plate,
      ends_at: session.ends_at,
    }));
  content.passes = passes.map((pass) => ({
    uuid: pass.uuid,
    plan: pass.plan.name,
    location: pass.location.name,
    plate: pass.vehicle.plate,
    valid_until: pass.ends_on ?? pass.current_last_day,
  }));
  // A pass the gate still admits: paid, not yet used, its event not over.
  const upcoming = eventVisits.items
    .filter((visit) => visit.paid_at && visit.status === "inactive" && visit.event.status !== "cancelled")
    .slice(0, OFFLINE_LIMITS.events);
  const details = await Promise.all(
    upcoming.map((visit) => callEndpoint(getEventVisit, { params: { uuid: visit.uuid } }, quiet)),
  );
  content.events = details.flatMap((visit) =>
    visit.pass
      ? [
          {
            uuid: visit.uuid,
            event: visit.event.name,
            location: visit.event.location.name,
            time_zone: visit.event.location.time_zone,
            starts_at: visit.event.starts_at,
            plate: visit.vehicle.plate,
            pass: visit.pass,
          },
        ]
      : [],
  );
  content.valet = valet.items
    .filter((ticket) => ticket.status !== "finished")
    .map((ticket) => ({
      uuid: ticket.uuid,
      number: ticket.number,
      location: ticket.location.name,
      plate: ticket.plate,
      car_status: ticket.car_status,
    }));
  // Recent receipts: those of what is kept, newest first.
  const products = [...content.meters, ...content.events, ...content.passes, ...content.valet].slice(0, 6);
  const receiptLists = await Promise.all(
    products.map((product) =>
      callEndpoint(listReceipts, { query: { product_uuid: product.uuid } }, quiet).catch(() => []),
    ),
  );
  content.receipts = receiptLists
    .flat()
    .map(
      (receipt): OfflineReceipt => ({
        payment_uuid: receipt.payment_uuid,
        number: receipt.number,
        title: receipt.title,
        total: receipt.amounts.total,
        currency: receipt.amounts.currency,
        issued_at: receipt.issued_at,
      }),
    )
    .sort((a, b) => b.issued_at.localeCompare(a.issued_at));
  return content;
}

let running: Promise<void> | null = null;
let again = false;

/** Reads and keeps the copy for the signed-in driver; a failure keeps the previous copy. */
export function refreshOfflineCopy(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        const user = sessionStore.get().user;
        if (!user || !navigator.onLine) return;
        forgetOtherDrivers(user.uuid);
        const content = await fetchOfflineContent();
        // Signed out or another driver signed in meanwhile: this copy is not theirs to keep. A
        // log-out removes the tokens (and the copy) before the page reloads, while the user is
        // still in the store: a read that finishes in between must not write the copy back.
        if (sessionStore.get().user?.uuid !== user.uuid || !hasRefreshToken()) return;
        saveOffline(user.uuid, content);
      } while (again);
    } catch {
      // No connection or a refusal: the copy kept before stays.
    } finally {
      running = null;
    }
  })();
  return running;
}

let started = false;

/** Starts keeping the copy: when a driver is signed in, after a watched answer, and on a timer. */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  let lastUser = sessionStore.get().user?.uuid ?? null;
  if (lastUser) void refreshOfflineCopy();
  sessionStore.subscribe(() => {
    const user = sessionStore.get().user?.uuid ?? null;
    if (user === lastUser) return;
    lastUser = user;
    if (user) void refreshOfflineCopy();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const path = event.query.queryKey[0];
    if (typeof path !== "string" || !WATCHED_PATHS.has(path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refreshOfflineCopy(), 1_000);
  });
  setInterval(() => void refreshOfflineCopy(), REFRESH_EVERY_MS);
  window.addEventListener("online", () => void refreshOfflineCopy());
}
