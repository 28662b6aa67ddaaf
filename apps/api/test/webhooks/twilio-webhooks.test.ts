import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SID, AUTH_TOKEN, startFakeTwilio } from "../support/fakes/twilio-server.ts";
import { createTestApp, type TestApp, testEngine, testPhone } from "../support/helpers.ts";

/**
 * Twilio's message status callbacks (docs/decisions/0244): form fields signed with the account's auth
 * token over the URL Twilio called, stored once per (message, status), recorded on our outbound
 * message in the order of a message's life; an undelivered sign-in code is told to the app that asked.
 */
const PUBLIC_URL = "https://estaciona.example";
const CALLBACK_URL = `${PUBLIC_URL}/api/open/webhooks/twilio`;

/** Twilio's scheme, written out here on its own: base64 HMAC-SHA1 of the URL and the sorted name+value pairs. */
function twilioSignature(token: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac("sha1", token).update(data).digest("base64");
}

describe(`Twilio status callbacks (${testEngine})`, () => {
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let app: TestApp;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    app = await createTestApp({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: "+15005550006",
        TWILIO_WHATSAPP_FROM: "+14155238886",
        TWILIO_API_BASE: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  const callback = (fields: Record<string, string>, signature?: string | null, body?: string) =>
    app.inject({
      method: "POST",
      url: "/api/open/webhooks/twilio",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature === null
          ? {}
          : { "x-twilio-signature": signature ?? twilioSignature(AUTH_TOKEN, CALLBACK_URL, fields) }),
      },
      payload: body ?? new URLSearchParams(fields).toString(),
    });
  const statusFields = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: ACCOUNT_SID,
    ApiVersion: "2010-04-01",
    From: "+15005550006",
    To: "+5218112345678",
    MessageSid: sid,
    SmsSid: sid,
    SmsStatus: status,
    MessageStatus: status,
    ...extra,
  });
  const eventsOf = (sid: string) =>
    app.db
      .selectFrom("provider_events")
      .selectAll()
      .where("provider", "=", "twilio")
      .where("event_id", "like", `${sid}:%`)
      .execute();
  const messageOf = (sid: string) =>
    app.db.selectFrom("outbox_messages").selectAll().where("provider_ref", "=", sid).executeTakeFirstOrThrow();
  const requestCode = (phone: string, options: { ip?: string; channel?: string } = {}) =>
    app.inject({
      method: "POST",
      url: "/api/open/user",
      remoteAddress: options.ip ?? "203.0.113.7",
      payload: { phone_number: phone, domain: "estaciona", ...(options.channel ? { channel: options.channel } : {}) },
    });
  const deliveryOf = (phone: string, ip = "203.0.113.7") =>
    app.inject({
      method: "POST",
      url: "/api/open/user/code-delivery",
      remoteAddress: ip,
      payload: { phone_number: phone },
    });
  /** A sign-in code sent through the fake Twilio: its MessageSid. */
  async function sentCode(phone: string) {
    expect((await requestCode(phone)).statusCode).toBe(200);
    const sid = (
      await app.db
        .selectFrom("outbox_messages")
        .select("provider_ref")
        .where("recipient", "=", phone)
        .executeTakeFirstOrThrow()
    ).provider_ref;
    return sid ?? "";
  }

  it("asks Twilio for status callbacks at our public URL with every message", async () => {
    await sentCode(testPhone());
    expect(twilio.lastRequest()?.form.get("StatusCallback")).toBe(CALLBACK_URL);
  });

  it("refuses unsigned, forged, wrongly keyed and altered callbacks with 401 and stores nothing", async () => {
    const sid = await sentCode(testPhone());
    const fields = statusFields(sid, "delivered");
    expect((await callback(fields, null)).statusCode).toBe(401);
    expect((await callback(fields, twilioSignature("another-token", CALLBACK_URL, fields))).statusCode).toBe(401);
    // Signed for another address (a request replayed against another host is not ours).
    expect(
      (await callback(fields, twilioSignature(AUTH_TOKEN, "https://elsewhere.example/hook", fields))).statusCode,
    ).toBe(401);
    const altered = new URLSearchParams({ ...fields, MessageStatus: "undelivered" }).toString();
    expect((await callback(fields, undefined, altered)).statusCode).toBe(401);
    expect((await callback(fields, "not-base64")).statusCode).toBe(401);
    expect(await eventsOf(sid)).toHaveLength(0);
    expect((await messageOf(sid)).delivery_status).toBeNull();
  });

  it("records the status on our message once; a replay applies nothing and an older status never hides a newer one", async () => {
    const sid = await sentCode(testPhone());
    const delivered = await callback(statusFields(sid, "delivered"));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data).toEqual({ received: true, duplicate: false });
    expect((await messageOf(sid)).delivery_status).toBe("delivered");

    const replay = await callback(statusFields(sid, "delivered"));
    expect(replay.json().data).toEqual({ received: true, duplicate: true });
    // Out of order: `sent` arrives after `delivered`; stored, ignored.
    expect((await callback(statusFields(sid, "sent"))).statusCode).toBe(200);
    expect((await messageOf(sid)).delivery_status).toBe("delivered");
    expect((await eventsOf(sid)).map((event) => [event.type, event.outcome]).sort()).toEqual([
      ["message.delivered", "applied"],
      ["message.sent", "ignored"],
    ]);
  });

  it("stores a callback about no message of ours as unmatched, an unknown status as ignored, and one without a sid as 422", async () => {
    const stranger = `SM${"f".repeat(32)}`;
    expect((await callback(statusFields(stranger, "delivered"))).statusCode).toBe(200);
    expect((await eventsOf(stranger)).map((event) => event.outcome)).toEqual(["unmatched"]);
    const sid = await sentCode(testPhone());
    expect((await callback(statusFields(sid, "received"))).statusCode).toBe(200);
    expect((await eventsOf(sid)).map((event) => event.outcome)).toEqual(["ignored"]);
    expect((await callback({ AccountSid: ACCOUNT_SID, MessageStatus: "sent" })).statusCode).toBe(422);
  });

  it("tells the app an undelivered code, only to the address that asked, and lets it go by WhatsApp at once, counted", async () => {
    const phone = testPhone();
    const sid = await sentCode(phone);
    expect((await deliveryOf(phone)).json().data).toEqual({ state: "sent", channels: ["sms", "whatsapp"] });
    // A second code at once is refused while the first one may still arrive.
    expect((await requestCode(phone, { channel: "whatsapp" })).statusCode).toBe(429);

    await callback(statusFields(sid, "undelivered", { ErrorCode: "30003" }));
    expect(await messageOf(sid)).toMatchObject({ delivery_status: "undelivered", delivery_error: "30003" });
    expect((await deliveryOf(phone)).json().data.state).toBe("undelivered");
    expect((await deliveryOf(phone, "198.51.100.9")).json().data.state).toBe("sent");

    const fallback = await requestCode(phone, { channel: "whatsapp" });
    expect(fallback.statusCode).toBe(200);
    expect(twilio.lastRequest()?.form.get("To")).toBe(`whatsapp:${phone}`);
    const codes = await app.db.selectFrom("login_codes").select("id").where("phone", "=", phone).execute();
    expect(codes).toHaveLength(2);
    expect((await deliveryOf(phone)).json().data.state).toBe("sent");
    // Delivered now: the cooldown holds again.
    expect((await requestCode(phone, { channel: "sms" })).statusCode).toBe(429);
  });
});
