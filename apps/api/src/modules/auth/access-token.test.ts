import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccessTokens } from "./access-token.ts";

const key = new Uint8Array(32).fill(7);

describe("access tokens", () => {
  afterEach(() => vi.useRealTimers());

  it("verifies its own tokens, again from memory, and refuses them once expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const tokens = createAccessTokens(key);
    const token = await tokens.issue("user-1", "session-1");
    expect(await tokens.verify(token)).toEqual({ userId: "user-1", sessionId: "session-1" });
    expect(await tokens.verify(token)).toEqual({ userId: "user-1", sessionId: "session-1" });
    vi.setSystemTime(Date.now() + 601_000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it("refuses a token signed with another key or altered, even after the genuine one was remembered", async () => {
    const tokens = createAccessTokens(key);
    const other = createAccessTokens(new Uint8Array(32).fill(8));
    const token = await tokens.issue("user-1", "session-1");
    await tokens.verify(token);
    expect(await tokens.verify(await other.issue("user-1", "session-1"))).toBeUndefined();
    const [header, payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "user-2" }),
    ).toString("base64url");
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });
});
