import { OFFLINE_STORAGE_KEY } from "./key.ts";

/**
 * The driver's own things, kept on the device so they can be read with no connection
 * (docs/offline.md): only what a driver shows at a gate, to an officer or a valet, never
 * anything that pays. One copy per device, bound to one driver: a copy of another driver is
 * never answered and is wiped when another driver's copy is written.
 */

export interface OfflineMeterSession {
  uuid: string;
  zone_code: string;
  zone_name: string;
  time_zone: string;
  plate: string;
  ends_at: string;
}

export interface OfflinePass {
  uuid: string;
  plan: string;
  location: string;
  plate: string;
  /** The last day it covers (a calendar date on the lot's clock). */
  valid_until: string;
}

export interface OfflineEventPass {
  uuid: string;
  event: string;
  location: string;
  time_zone: string;
  starts_at: string;
  plate: string;
  /** The signed pass the gate scans (drawn as a QR). */
  pass: string;
}

export interface OfflineValetTicket {
  uuid: string;
  number: string;
  location: string;
  plate: string | null;
  car_status: string;
}

export interface OfflineReceipt {
  payment_uuid: string;
  number: string;
  title: string;
  total: number;
  currency: string;
  issued_at: string;
}

export interface OfflineContent {
  meters: OfflineMeterSession[];
  passes: OfflinePass[];
  events: OfflineEventPass[];
  valet: OfflineValetTicket[];
  receipts: OfflineReceipt[];
}

export interface OfflineSnapshot extends OfflineContent {
  version: 1;
  /** The driver whose things these are. */
  user_uuid: string;
  /** When the copy was taken: shown as "as of". */
  saved_at: string;
}

/** How many of each kind are kept: a phone's storage is the driver's, not ours. */
export const OFFLINE_LIMITS = { meters: 5, passes: 10, events: 10, valet: 5, receipts: 10 } as const;

export const emptyOfflineContent = (): OfflineContent => ({
  meters: [],
  passes: [],
  events: [],
  valet: [],
  receipts: [],
});

function readRaw(storage: Storage): OfflineSnapshot | null {
  try {
    const text = storage.getItem(OFFLINE_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<OfflineSnapshot> | null;
    if (parsed?.version !== 1 || typeof parsed.user_uuid !== "string" || typeof parsed.saved_at !== "string")
      return null;
    const content = emptyOfflineContent();
    for (const kind of Object.keys(content) as (keyof OfflineContent)[]) if (!Array.isArray(parsed[kind])) return null;
    return parsed as OfflineSnapshot;
  } catch {
    return null;
  }
}

/**
 * The kept copy of `userUuid`, or null: none kept, unreadable, or another driver's. Without a
 * user (offline, the session could not be checked) the copy is answered as it is: the stored
 * tokens and the copy are removed together, on every log-out.
 */
export function readOffline(userUuid?: string | null, storage: Storage = localStorage): OfflineSnapshot | null {
  const snapshot = readRaw(storage);
  if (!snapshot) return null;
  if (userUuid && snapshot.user_uuid !== userUuid) return null;
  return snapshot;
}

/** Keeps the driver's things as of `now`, replacing whatever copy was there (another driver's included). */
export function saveOffline(
  userUuid: string,
  content: OfflineContent,
  now: Date = new Date(),
  storage: Storage = localStorage,
): OfflineSnapshot {
  const snapshot: OfflineSnapshot = {
    version: 1,
    user_uuid: userUuid,
    saved_at: now.toISOString(),
    meters: content.meters.slice(0, OFFLINE_LIMITS.meters),
    passes: content.passes.slice(0, OFFLINE_LIMITS.passes),
    events: content.events.slice(0, OFFLINE_LIMITS.events),
    valet: content.valet.slice(0, OFFLINE_LIMITS.valet),
    receipts: content.receipts.slice(0, OFFLINE_LIMITS.receipts),
  };
  try {
    storage.setItem(OFFLINE_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: no copy rather than half of one.
    storage.removeItem(OFFLINE_STORAGE_KEY);
  }
  return snapshot;
}

/** Removes a copy that belongs to anyone but `userUuid` (a change of user on this device). */
export function forgetOtherDrivers(userUuid: string, storage: Storage = localStorage): void {
  const snapshot = readRaw(storage);
  if (snapshot && snapshot.user_uuid !== userUuid) storage.removeItem(OFFLINE_STORAGE_KEY);
}

/** True when the copy has something to show. */
export const hasOfflineContent = (snapshot: OfflineContent): boolean =>
  Object.values(snapshot).some((items) => Array.isArray(items) && items.length > 0);

/** Drops what is over by `now`: a meter session past its end, an event pass long after its start. */
export function stillCurrent(snapshot: OfflineSnapshot, now: Date = new Date()): OfflineSnapshot {
  const time = now.getTime();
  const EVENT_GRACE_MS = 24 * 60 * 60 * 1000;
  return {
    ...snapshot,
    meters: snapshot.meters.filter((session) => Date.parse(session.ends_at) > time),
    events: snapshot.events.filter((event) => Date.parse(event.starts_at) + EVENT_GRACE_MS > time),
  };
}
