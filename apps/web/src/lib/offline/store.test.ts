import { afterEach, describe, expect, it } from "vitest";
import { storedTokens } from "../session.ts";
import { OFFLINE_STORAGE_KEY } from "./key.ts";
import {
  emptyOfflineContent,
  forgetOtherDrivers,
  hasOfflineContent,
  OFFLINE_LIMITS,
  type OfflineContent,
  readOffline,
  saveOffline,
  stillCurrent,
} from "./store.ts";

const ANA = "11111111-1111-4111-8111-111111111111";
const BETO = "22222222-2222-4222-8222-222222222222";
const NOW = new Date("2026-11-28T18:00:00Z");

function content(): OfflineContent {
  return {
    ...emptyOfflineContent(),
    meters: [
      {
        uuid: "m1",
        zone_code: "101",
        zone_name: "Zona 101",
        time_zone: "America/Monterrey",
        plate: "ABC123A",
        ends_at: "2026-11-28T18:30:00Z",
      },
    ],
    events: [
      {
        uuid: "e1",
        event: "Festival Península · Día 1",
        location: "Parque Fundidora",
        time_zone: "America/Monterrey",
        starts_at: "2026-11-29T02:00:00Z",
        plate: "ABC123A",
        pass: "eyJhbGciOi.pass.signature",
      },
    ],
  };
}

afterEach(() => localStorage.clear());

describe("the offline copy", () => {
  it("keeps the driver's things with the time they were read, and answers them to that driver", () => {
    saveOffline(ANA, content(), NOW);
    const kept = readOffline(ANA);
    expect(kept?.user_uuid).toBe(ANA);
    expect(kept?.saved_at).toBe(NOW.toISOString());
    expect(kept?.meters[0]?.ends_at).toBe("2026-11-28T18:30:00Z");
    expect(kept?.events[0]?.pass).toBe("eyJhbGciOi.pass.signature");
    expect(hasOfflineContent(kept!)).toBe(true);
  });

  it("never answers another driver's copy", () => {
    saveOffline(ANA, content(), NOW);
    expect(readOffline(BETO)).toBeNull();
  });

  it("is wiped when another driver signs in on the device, and kept for the same driver", () => {
    saveOffline(ANA, content(), NOW);
    forgetOtherDrivers(ANA);
    expect(readOffline(ANA)).not.toBeNull();
    forgetOtherDrivers(BETO);
    expect(localStorage.getItem(OFFLINE_STORAGE_KEY)).toBeNull();
    expect(readOffline()).toBeNull();
  });

  it("replaces another driver's copy when it is written", () => {
    saveOffline(ANA, content(), NOW);
    saveOffline(BETO, emptyOfflineContent(), NOW);
    expect(readOffline(ANA)).toBeNull();
    expect(readOffline(BETO)?.meters).toEqual([]);
  });

  it("goes with the tokens on every log-out", () => {
    storedTokens.save({ access_token: "a", refresh_token: "r" });
    saveOffline(ANA, content(), NOW);
    storedTokens.clear();
    expect(localStorage.getItem(OFFLINE_STORAGE_KEY)).toBeNull();
    expect(readOffline()).toBeNull();
  });

  it("ignores what it cannot read: not JSON, another version, a missing list", () => {
    localStorage.setItem(OFFLINE_STORAGE_KEY, "{not json");
    expect(readOffline()).toBeNull();
    localStorage.setItem(OFFLINE_STORAGE_KEY, JSON.stringify({ version: 2, user_uuid: ANA, saved_at: NOW }));
    expect(readOffline()).toBeNull();
    const { meters: _meters, ...withoutMeters } = saveOffline(ANA, content(), NOW);
    localStorage.setItem(OFFLINE_STORAGE_KEY, JSON.stringify(withoutMeters));
    expect(readOffline(ANA)).toBeNull();
  });

  it("keeps at most a few of each kind", () => {
    const many = content();
    many.receipts = Array.from({ length: 30 }, (_, index) => ({
      payment_uuid: `p${index}`,
      number: `R-${index}`,
      title: "Parquímetro",
      total: 1313,
      currency: "mxn",
      issued_at: NOW.toISOString(),
    }));
    expect(saveOffline(ANA, many, NOW).receipts).toHaveLength(OFFLINE_LIMITS.receipts);
  });

  it("drops a meter session past its end and an event pass a day after it started", () => {
    const kept = saveOffline(ANA, content(), NOW);
    expect(stillCurrent(kept, NOW).meters).toHaveLength(1);
    expect(stillCurrent(kept, new Date("2026-11-28T18:31:00Z")).meters).toHaveLength(0);
    expect(stillCurrent(kept, new Date("2026-11-29T01:59:00Z")).events).toHaveLength(1);
    expect(stillCurrent(kept, new Date("2026-11-30T02:01:00Z")).events).toHaveLength(0);
  });

  it("has nothing to show when every list is empty", () => {
    expect(hasOfflineContent(emptyOfflineContent())).toBe(false);
  });
});
