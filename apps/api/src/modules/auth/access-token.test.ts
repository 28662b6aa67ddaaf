import { createSecretKey } from "node:crypto";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyring } from "../../lib/keyring.ts";
import { createAccessTokens } from "./access-token.ts";

const oldSecret = "an-old-secret-an-old-secret-an-old-secret";
const key = keyring({ secret: "a-test-secret-a-test-secret-a-test-secret" }, "access-token");

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
    const other = createAccessTokens(keyring({ secret: oldSecret }, "access-token"));
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

  it("accepts a token of the replaced secret during its window only, and one without a key id as the current key's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = createAccessTokens(keyring({ secret: oldSecret }, "access-token"));
    const token = await before.issue("user-1", "session-1");
    const until = new Date(Date.now() + 300_000);
    const rotatingKeys = () =>
      keyring(
        { secret: "the-new-secret-the-new-secret-the-new", previousSecret: { secret: oldSecret, until } },
        "access-token",
      );
    const rotating = (): ReturnType<typeof createAccessTokens> => createAccessTokens(rotatingKeys());
    expect(await rotating().verify(token)).toEqual({ userId: "user-1", sessionId: "session-1" });
    const fresh = await rotating().issue("user-1", "session-1");
    expect(JSON.parse(Buffer.from(fresh.split(".")[0] ?? "", "base64url").toString()).kid).toBe(
      keyring({ secret: "the-new-secret-the-new-secret-the-new" }, "access-token").current.kid,
    );
    vi.setSystemTime(until.getTime() + 1000);
    expect(await rotating().verify(token)).toBeUndefined();

    const [, payload, signature] = fresh.split(".");
    const withoutKid = Buffer.from(JSON.stringify({ alg: "HS256", typ: "at+jwt" })).toString("base64url");
    expect(await rotating().verify(`${withoutKid}.${payload}.${signature}`)).toBeUndefined();
    const legacy = await new SignJWT({ sid: "session-1" })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("user-1")
      .setIssuer("estaciona")
      .setAudience("estaciona-api")
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(createSecretKey(rotatingKeys().current.key));
    expect(await rotating().verify(legacy)).toEqual({ userId: "user-1", sessionId: "session-1" });
  });
});
