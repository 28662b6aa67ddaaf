import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rotateTokens, sessionStore, startSession, storedTokens } from "./session.ts";

const tokenAnswer = (access: string, refresh: string) =>
  new Response(
    JSON.stringify({ access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: 600 }),
    {
      status: 200,
      headers: { "Content-Type": "application/json" },
    },
  );

describe("rotateTokens (docs/product/entities-and-states.md, one refresh across tabs)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal("fetch", fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("exchanges the stored refresh token and stores the new pair", async () => {
    storedTokens.save({ access_token: "a1", refresh_token: "r1" });
    fetchMock.mockResolvedValue(tokenAnswer("a2", "r2"));
    await expect(rotateTokens()).resolves.toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      grant_type: "refresh_token",
      refresh_token: "r1",
      client_secret: "estaciona-web-public",
    });
    expect(storedTokens.access()).toBe("a2");
    expect(storedTokens.refresh()).toBe("r2");
  });

  it("uses the fresh tokens another tab stored while this one waited for the lock", async () => {
    storedTokens.save({ access_token: "a1", refresh_token: "r1" });
    const request = vi.fn(async (_name: string, callback: () => Promise<boolean>) => {
      // Another tab held the lock and rotated the tokens meanwhile.
      storedTokens.save({ access_token: "a9", refresh_token: "r9" });
      return callback();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    await expect(rotateTokens()).resolves.toBe(true);
    expect(request).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storedTokens.refresh()).toBe("r9");
  });

  it("fails without a stored refresh token or when the server refuses", async () => {
    await expect(rotateTokens()).resolves.toBe(false);
    storedTokens.save({ access_token: "a1", refresh_token: "r1" });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: "invalid_grant" }), { status: 400 }));
    await expect(rotateTokens()).resolves.toBe(false);
  });

  it("answers offline and keeps the tokens when no answer comes: no connection is not a log-out (docs/offline.md)", async () => {
    storedTokens.save({ access_token: "a1", refresh_token: "r1" });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(rotateTokens()).resolves.toBe("offline");
    expect(storedTokens.refresh()).toBe("r1");
  });

  it("opens the offline screen on a start with no connection, the session kept", async () => {
    storedTokens.save({ access_token: "a1", refresh_token: "r1" });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await startSession();
    expect(sessionStore.get()).toMatchObject({ offline: true, restoring: false, authenticated: false });
    expect(storedTokens.refresh()).toBe("r1");
    sessionStore.set({ restoring: false, authenticated: false, user: null });
  });
});
