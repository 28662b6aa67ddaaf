import { Writable } from "node:stream";
import { SIGN_IN_LIMITS, TOKEN_LIFETIMES } from "@estaciona/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { sha256 } from "../../src/lib/crypto.ts";
import { pauseSecondsAfter } from "../../src/modules/auth/service.ts";
import type { SmsProvider, TextMessage } from "../../src/modules/messaging/providers.ts";
import {
  createSignedInUser,
  createTestApp,
  openTestDatabase,
  signIn,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";

const CLIENT = { client_id: "estaciona-web", client_secret: "estaciona-web-public" } as const;

/** A code that is not the right one: the right one with its last digit changed. */
const wrongCodeOf = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

let addressCounter = 0;
/** A fresh client address per call, so the per-IP cap only bites where a test means it to. */
const freshAddress = () => `192.0.2.${++addressCounter % 250}`;

describe(`sign-in and sessions (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const register = (phone: string, remoteAddress = freshAddress(), headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      remoteAddress,
      headers,
    });

  const codeFor = async (phone: string): Promise<string> => {
    const response = await register(phone);
    expect(response.statusCode).toBe(200);
    const code: unknown = response.json().data;
    if (typeof code !== "string") throw new Error(`no code in ${response.body}`);
    return code;
  };

  const smsGrant = (phone: string, code: string) =>
    app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "sms", ...CLIENT, phone_number: phone, code, domain: "estaciona" },
    });

  const refreshGrant = (refreshToken: string) =>
    app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "refresh_token", ...CLIENT, refresh_token: refreshToken },
    });

  const wrongCode = wrongCodeOf;

  /** `GET user/view` with the token: the user's id, or the error code the API refused it with. */
  const authenticateWith = async (accessToken: string): Promise<string> => {
    const response = await app.inject({
      method: "GET",
      url: "/api/user/view",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return response.statusCode === 200 ? response.json().data.uuid : response.json().error;
  };

  const userByPhone = (phone: string) =>
    app.db
      .selectFrom("users")
      .selectAll()
      .where("phone", "=", phone)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();

  it("registers a phone, signs in with the code and the access token authenticates", async () => {
    const phone = testPhone();
    const registered = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "freeflow" },
      remoteAddress: freshAddress(),
    });
    expect(registered.statusCode).toBe(200);
    const code = registered.json().data as string;
    expect(code).toMatch(/^\d{6}$/);
    const user = await userByPhone(phone);
    expect(user.registered_domain).toBe("freeflow");

    const stored = await app.db.selectFrom("login_codes").selectAll().where("phone", "=", phone).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hmac).not.toContain(code);

    const token = await smsGrant(phone, code);
    expect(token.statusCode).toBe(200);
    expect(token.headers["cache-control"]).toBe("no-store");
    const body = token.json();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: TOKEN_LIFETIMES.accessTokenSeconds });
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(43);

    const claims = await app.accessTokens.verify(body.access_token);
    expect(claims?.userId).toBe(user.id);
    const session = await app.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", claims?.sessionId ?? "")
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(user.id);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(
      TOKEN_LIFETIMES.refreshFamilySeconds * 1000,
    );
    const refreshRow = await app.db
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("session_id", "=", session.id)
      .executeTakeFirstOrThrow();
    expect(refreshRow.token_hash).toBe(sha256(body.refresh_token));
    expect(await authenticateWith(body.access_token)).toBe(user.id);
  });

  it("accepts the token request form-encoded (RFC 6749)", async () => {
    const phone = testPhone();
    const code = await codeFor(phone);
    const response = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ grant_type: "sms", ...CLIENT, phone_number: phone, code }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().token_type).toBe("Bearer");
  });

  it("takes a phone as people write it: +52 81 1234 5678 signs in to the account of +528112345678", async () => {
    const phone = testPhone();
    const written = `${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5, 9)}-${phone.slice(9)}`;
    const registered = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: written, domain: "estaciona" },
      remoteAddress: freshAddress(),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = await smsGrant(written, registered.json().data as string);
    expect(token.statusCode, token.body).toBe(200);
    const claims = await app.accessTokens.verify(token.json().access_token);
    expect(claims?.userId).toBe((await userByPhone(phone)).id);
  });

  it("the signIn test helper goes through the real flow", async () => {
    const { accessToken, refreshToken, phone } = await signIn(app);
    expect(await authenticateWith(accessToken)).toBe((await userByPhone(phone)).id);
    expect((await refreshGrant(refreshToken)).statusCode).toBe(200);
  });

  it("accepts a code 599 s after sending and refuses it 601 s after", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-22T12:00:00.000Z");
    vi.setSystemTime(start);
    const early = testPhone();
    const late = testPhone();
    const earlyCode = await codeFor(early);
    const lateCode = await codeFor(late);

    vi.setSystemTime(start + 599_000);
    expect((await smsGrant(early, earlyCode)).statusCode).toBe(200);

    vi.setSystemTime(start + 601_000);
    const expired = await smsGrant(late, lateCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      error: "invalid_grant",
      error_description: "El código es inválido o ha expirado.",
    });
  });

  it("kills a code after 5 wrong tries: the 6th try fails even with the right code", async () => {
    const phone = testPhone();
    const code = await codeFor(phone);
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.maxWrongTriesPerCode; attempt++) {
      const wrong = await smsGrant(phone, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe("invalid_grant");
    }
    const sixth = await smsGrant(phone, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error).toBe("invalid_grant");
  });

  it("accepts a code once: a replay is refused", async () => {
    const phone = testPhone();
    const code = await codeFor(phone);
    expect((await smsGrant(phone, code)).statusCode).toBe(200);
    const replay = await smsGrant(phone, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe("invalid_grant");
  });

  it("only the newest code works: a resend replaces the earlier code", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-22T13:00:00.000Z");
    vi.setSystemTime(start);
    const phone = testPhone();
    const first = await codeFor(phone);
    vi.setSystemTime(start + 61_000);
    const second = await codeFor(phone);
    if (first !== second) expect((await smsGrant(phone, first)).statusCode).toBe(400);
    expect((await smsGrant(phone, second)).statusCode).toBe(200);
  });

  it("refuses a resend within 60 s with 429 and Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-22T14:00:00.000Z");
    vi.setSystemTime(start);
    const phone = testPhone();
    await codeFor(phone);
    vi.setSystemTime(start + 45_000);
    const again = await register(phone, freshAddress(), { "accept-language": "en" });
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("15");
    expect(again.json()).toEqual({
      error: "action_not_available",
      error_description: "Too many attempts. Please wait 15 seconds and try again.",
    });
    vi.setSystemTime(start + 60_000);
    expect((await register(phone)).statusCode).toBe(200);
  });

  it("refuses the 6th send to one phone within 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-22T15:00:00.000Z");
    const phone = testPhone();
    for (let send = 0; send < SIGN_IN_LIMITS.maxSendsPerPhone; send++) {
      vi.setSystemTime(start + send * 61_000);
      expect((await register(phone)).statusCode).toBe(200);
    }
    vi.setSystemTime(start + 5 * 61_000);
    const sixth = await register(phone);
    expect(sixth.statusCode).toBe(429);
    // The first send leaves the 10-minute window at start + 600 s: 295 s from now.
    expect(sixth.headers["retry-after"]).toBe("295");
    // Five minutes are told as minutes, not as 295 seconds.
    expect(sixth.json().error_description).toBe("Demasiados intentos. Espera 5 min e inténtalo de nuevo.");
    vi.setSystemTime(start + 600_001);
    expect((await register(phone)).statusCode).toBe(200);
  });

  it("pauses a phone after 10 failures in a row, doubling the pause, and a success resets it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = Date.parse("2026-11-22T16:00:00.000Z");
    vi.setSystemTime(now);
    const phone = testPhone();
    let code = await codeFor(phone);
    // 5 wrong tries kill a code; a resend gives a new one but does not reset the counter.
    for (let failure = 1; failure <= SIGN_IN_LIMITS.failuresBeforePause; failure++) {
      if (failure === 6) {
        now += 61_000;
        vi.setSystemTime(now);
        code = await codeFor(phone);
      }
      expect((await smsGrant(phone, wrongCode(code))).statusCode).toBe(400);
    }
    expect((await userByPhone(phone)).sign_in_failures).toBe(10);

    const paused = await smsGrant(phone, code);
    expect(paused.statusCode).toBe(429);
    expect(paused.headers["retry-after"]).toBe("30");

    // After the 30 s pause (and the 60 s resend cooldown), one more failure pauses for 60 s.
    now += 61_000;
    vi.setSystemTime(now);
    code = await codeFor(phone);
    expect((await smsGrant(phone, wrongCode(code))).statusCode).toBe(400);
    const longer = await smsGrant(phone, code);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers["retry-after"]).toBe("60");

    now += 61_000;
    vi.setSystemTime(now);
    expect((await smsGrant(phone, code)).statusCode).toBe(200);
    const reset = await userByPhone(phone);
    expect(reset.sign_in_failures).toBe(0);
    expect(reset.sign_in_paused_until).toBeNull();
  });

  it("grows the pause from 30 s doubling up to 1 h", () => {
    expect(pauseSecondsAfter(9)).toBeNull();
    expect([10, 11, 12, 13, 16, 17, 18, 100].map(pauseSecondsAfter)).toEqual([
      30, 60, 120, 240, 1920, 3600, 3600, 3600,
    ]);
  });

  it("answers the same for known, unknown and suspended phones", async () => {
    const known = testPhone();
    await codeFor(known);
    const suspended = await createSignedInUser(app, { status: "suspended" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    const answers = await Promise.all([register(known), register(testPhone()), register(suspended.user.phone)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(Object.keys(answer.json())).toEqual(["data"]);
      expect(answer.json().data).toMatch(/^\d{6}$/);
    }
  });

  it("refuses a suspended driver at the token step and on refresh", async () => {
    const { user } = await createSignedInUser(app, { status: "suspended" });
    const code = await codeFor(user.phone);
    const refused = await smsGrant(user.phone, code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("user_suspended");

    const active = await signIn(app);
    await app.db.updateTable("users").set({ status: "suspended" }).where("phone", "=", active.phone).execute();
    const refresh = await refreshGrant(active.refreshToken);
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().error).toBe("user_suspended");
  });

  it("registers a new account for the phone of a deleted one", async () => {
    const { user } = await createSignedInUser(app, { deleted_at: new Date().toISOString() });
    const code = await codeFor(user.phone);
    expect((await smsGrant(user.phone, code)).statusCode).toBe(200);
    const accounts = await app.db
      .selectFrom("users")
      .select(["id", "deleted_at"])
      .where("phone", "=", user.phone)
      .execute();
    expect(accounts).toHaveLength(2);
    expect((await userByPhone(user.phone)).id).not.toBe(user.id);
  });

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

/** A stand-in for the SMS operator: records what would have been sent, like a real provider returns nothing. */
function recordingSms(): SmsProvider & { sent: TextMessage[] } {
  const sent: TextMessage[] = [];
  return {
    name: "recording",
    returnsCodeToCaller: false,
    sent,
    async send(message) {
      sent.push(message);
      return { providerRef: `SM${sent.length}` };
    },
  };
}

describe(`sign-in limits with a real-style SMS provider (${testEngine})`, () => {
  const sms = recordingSms();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ providers: { sms }, env: { SIGN_IN_IP_MAX_PER_HOUR: "3" } });
  });
  afterAll(async () => app.close());

  it("sends the code in the request's language and answers null to the caller", async () => {
    const phone = testPhone();
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      headers: { "accept-language": "en-US" },
      remoteAddress: "198.51.100.1",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    const message = sms.sent.at(-1);
    expect(message).toMatchObject({ to: phone, channel: "sms" });
    const code = message?.body.match(/\d{6}/)?.[0] ?? "";
    expect(message?.body).toBe(`${code} is your Estaciona code. It expires in 10 minutes. Do not share it.`);
    expect(message?.sensitive).toBe(code);

    const spanish = testPhone();
    await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: spanish, domain: "estaciona" },
      remoteAddress: "198.51.100.1",
    });
    expect(sms.sent.at(-1)?.body).toMatch(/^\d{6} es tu código de Estaciona\. Vence en 10 minutos\./);
  });

  it("lets only one of several simultaneous first requests for a new phone send a code", async () => {
    const phone = testPhone();
    const before = sms.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        app.inject({
          method: "POST",
          url: "/api/open/user",
          payload: { phone_number: phone, domain: "estaciona" },
          remoteAddress: `198.51.100.${50 + index}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(sms.sent.length - before).toBe(1);
    const accounts = await app.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
    expect(accounts).toHaveLength(1);
  });

  it("refuses a +44 number before any provider call", async () => {
    const before = sms.sent.length;
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: "+447700900123", domain: "estaciona" },
      remoteAddress: "198.51.100.2",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe("invalid_data");
    expect(sms.sent.length).toBe(before);
    const stored = await app.db.selectFrom("users").select("id").where("phone", "=", "+447700900123").execute();
    expect(stored).toHaveLength(0);
  });

  it("refuses numbers that cannot receive a text, in the driver's language, before any code is made or sent", async () => {
    const before = sms.sent.length;
    const refused = {
      "+18095550142": "Dominican Republic",
      "+14165550142": "Canada (Toronto)",
      "+15125550142": "a fictional US line (555-01xx)",
      "+520001234567": "an impossible Mexican number",
    };
    for (const [phone, what] of Object.entries(refused)) {
      for (const [language, message] of [
        ["en", "Enter a Mexican or US mobile number: this one cannot receive our codes."],
        ["es", "Escribe un número celular de México o de Estados Unidos: este no puede recibir nuestros códigos."],
      ]) {
        const response = await app.inject({
          method: "POST",
          url: "/api/open/user",
          payload: { phone_number: phone, domain: "estaciona" },
          headers: { "accept-language": language as string },
          remoteAddress: "198.51.100.4",
        });
        expect(response.statusCode, what).toBe(422);
        expect(response.json(), what).toEqual({ error: "invalid_data", error_description: message });
      }
      const stored = await app.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
      expect(stored, what).toHaveLength(0);
    }
    expect(sms.sent.length).toBe(before);
    const codes = await app.db.selectFrom("login_codes").select("phone").where("ip", "=", "198.51.100.4").execute();
    expect(codes).toHaveLength(0);
  });

  it("caps sends per IP per hour, counted in the database, with no provider call over the cap", async () => {
    const address = "198.51.100.3";
    for (let send = 0; send < 3; send++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/open/user",
        payload: { phone_number: testPhone(), domain: "estaciona" },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(200);
    }
    const before = sms.sent.length;
    const over = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: testPhone(), domain: "estaciona" },
      remoteAddress: address,
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe("action_not_available");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
    expect(sms.sent.length).toBe(before);
    const elsewhere = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: testPhone(), domain: "estaciona" },
      remoteAddress: "198.51.100.4",
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe(`sign-in logs (${testEngine})`, () => {
  it("logs sign-in outcomes without ever writing the code", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const database = await openTestDatabase();
    const sms = recordingSms();
    const app = await buildApp({
      config: testConfig(),
      database,
      providers: { sms },
      logger: { level: "info", stream },
    });
    try {
      const phone = testPhone();
      await app.inject({ method: "POST", url: "/api/open/user", payload: { phone_number: phone } });
      const code = sms.sent.at(-1)?.body.match(/\d{6}/)?.[0] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const payload = { grant_type: "sms", ...CLIENT, phone_number: phone };
      await app.inject({
        method: "POST",
        url: "/api/oauth/v2/token",
        payload: { ...payload, code: wrongCodeOf(code) },
      });
      await app.inject({ method: "POST", url: "/api/oauth/v2/token", payload: { ...payload, code } });
      const log = lines.join("");
      expect(log).toContain("sign-in code sent");
      expect(log).toContain("sign-in failed");
      expect(log).toContain("sign-in succeeded");
      expect(log).not.toContain(code);
      expect(log).not.toContain(phone);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
