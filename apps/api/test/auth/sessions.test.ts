import { TOKEN_LIFETIMES } from "@estaciona/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, signIn, type TestApp, testEngine, testPhone } from "../support/helpers.ts";
import { CLIENT, signInCalls } from "../support/sign-in-calls.ts";

/** Sessions: refresh-token rotation and reuse, the 30-day end, logging out, OAuth refusals (docs/product/sign-in-and-sessions.md). */
describe(`sign-in and sessions (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const { codeFor, smsGrant, refreshGrant, authenticateWith, userByPhone } = signInCalls(() => app);
  it("rotates refresh tokens: each works once and the session stays the same", async () => {
    const first = await signIn(app);
    const firstSession = (await app.accessTokens.verify(first.accessToken))?.sessionId;
    const rotated = await refreshGrant(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers["cache-control"]).toBe("no-store");
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refreshToken);
    expect((await app.accessTokens.verify(second.access_token))?.sessionId).toBe(firstSession);
    expect(await authenticateWith(second.access_token)).toBe((await userByPhone(first.phone)).id);
    expect((await refreshGrant(second.refresh_token)).statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated refresh token is reused", async () => {
    const first = await signIn(app);
    const second = (await refreshGrant(first.refreshToken)).json();
    const reuse = await refreshGrant(first.refreshToken);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe("invalid_grant");
    expect((await refreshGrant(second.refresh_token)).statusCode).toBe(400);
    expect(await authenticateWith(second.access_token)).toBe("authentication_error");
    const sessionId = (await app.accessTokens.verify(first.accessToken))?.sessionId ?? "";
    const session = await app.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe("reuse");
  });

  it("ends a session 30 days after sign-in however often it was refreshed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-22T18:00:00.000Z");
    vi.setSystemTime(start);
    let { refreshToken } = await signIn(app);
    for (const day of [10, 20, 29]) {
      vi.setSystemTime(start + day * 86_400_000);
      const refreshed = await refreshGrant(refreshToken);
      expect(refreshed.statusCode).toBe(200);
      refreshToken = refreshed.json().refresh_token;
    }
    vi.setSystemTime(start + TOKEN_LIFETIMES.refreshFamilySeconds * 1000 + 1000);
    const expired = await refreshGrant(refreshToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe("invalid_grant");
  });

  it("logs out: the refresh and the access token of the session stop working", async () => {
    const session = await signIn(app);
    expect(await authenticateWith(session.accessToken)).toBe((await userByPhone(session.phone)).id);
    const revoked = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/revoke",
      payload: { token: session.refreshToken, client_id: CLIENT.client_id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({});
    expect(await authenticateWith(session.accessToken)).toBe("authentication_error");
    expect((await refreshGrant(session.refreshToken)).statusCode).toBe(400);

    const unknown = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/revoke",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "token=not-a-token",
    });
    expect(unknown.statusCode).toBe(200);
  });

  it("logs out with the access token too", async () => {
    const session = await signIn(app);
    const revoked = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/revoke",
      payload: { token: session.accessToken },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await authenticateWith(session.accessToken)).toBe("authentication_error");
    expect((await refreshGrant(session.refreshToken)).statusCode).toBe(400);
  });

  it("refuses unknown clients, unknown grants and malformed requests with OAuth codes", async () => {
    const phone = testPhone();
    const code = await codeFor(phone);
    const unknownClient = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "sms", client_id: "someone-else", phone_number: phone, code },
    });
    expect(unknownClient.statusCode).toBe(401);
    expect(unknownClient.json().error).toBe("invalid_client");

    const password = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "password", ...CLIENT, username: phone, password: code },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe("unsupported_grant_type");

    for (const payload of [
      { ...CLIENT, phone_number: phone, code },
      { grant_type: "sms", ...CLIENT, phone_number: phone },
      { grant_type: "sms", ...CLIENT, phone_number: "+447700900123", code },
      { grant_type: "refresh_token", ...CLIENT },
    ]) {
      const response = await app.inject({ method: "POST", url: "/api/oauth/v2/token", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_request");
    }
    // None of these touched the code: it still signs in.
    expect((await smsGrant(phone, code)).statusCode).toBe(200);
  });

  it("refuses a refresh token presented by another client", async () => {
    await app.db
      .insertInto("oauth_clients")
      .values({
        client_id: "partner-app",
        client_secret: "partner-secret",
        is_public: 0,
        name: "Partner",
        created_at: new Date().toISOString(),
      })
      .execute();
    const session = await signIn(app);
    const wrongSecret = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "refresh_token", client_id: "partner-app", client_secret: "guess", refresh_token: "x" },
    });
    expect(wrongSecret.statusCode).toBe(401);
    const otherClient = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: {
        grant_type: "refresh_token",
        client_id: "partner-app",
        client_secret: "partner-secret",
        refresh_token: session.refreshToken,
      },
    });
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().error).toBe("invalid_grant");
    expect((await refreshGrant(session.refreshToken)).statusCode).toBe(200);
  });
});
