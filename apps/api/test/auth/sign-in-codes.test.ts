import { SIGN_IN_LIMITS, TOKEN_LIFETIMES } from "@estaciona/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sha256 } from "../../src/lib/crypto.ts";
import { pauseSecondsAfter } from "../../src/modules/auth/service.ts";
import { createSignedInUser, createTestApp, signIn, type TestApp, testEngine, testPhone } from "../support/helpers.ts";
import { CLIENT, freshAddress, signInCalls } from "../support/sign-in-calls.ts";

/** Sign-in codes: sending, checking, expiry, tries, pauses (docs/product/sign-in-and-sessions.md). */
describe(`sign-in and sessions (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const { register, codeFor, smsGrant, refreshGrant, wrongCode, authenticateWith, userByPhone } = signInCalls(
    () => app,
  );

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

  it("the sandbox's undeliverable phones keep their SMS code back and say so; WhatsApp delivers (decision 0295)", async () => {
    const phone = "+528100000942";
    const ip = freshAddress();
    const ask = (channel?: string) =>
      app.inject({
        method: "POST",
        url: "/api/open/user",
        remoteAddress: ip,
        payload: { phone_number: phone, domain: "estaciona", ...(channel ? { channel } : {}) },
      });
    const bySms = await ask();
    expect(bySms.statusCode).toBe(200);
    expect(bySms.json().data).toBeNull();
    const delivery = await app.inject({
      method: "POST",
      url: "/api/open/user/code-delivery",
      remoteAddress: ip,
      payload: { phone_number: phone },
    });
    expect(delivery.json().data).toEqual({ state: "undelivered", channels: ["sms", "whatsapp"] });
    const byWhatsapp = await ask("whatsapp");
    expect(byWhatsapp.statusCode).toBe(200);
    expect(byWhatsapp.json().data).toMatch(/^\d{6}$/);
    expect((await smsGrant(phone, byWhatsapp.json().data)).statusCode).toBe(200);
  });
});
