import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { ProviderError } from "../../src/modules/messaging/providers.ts";
import { createTwilioSms } from "../../src/modules/messaging/twilio.ts";
import { checkAnswer, checkRequest, loadSpec } from "../support/contract/openapi-check.ts";
import { ACCOUNT_SID, AUTH_TOKEN, startFakeTwilio } from "../support/fakes/twilio-server.ts";

const twilioSpec = loadSpec("twilio");

import { createTestApp, type TestApp, testEngine, testPhone } from "../support/helpers.ts";

const sid = (prefix: string, n: number) => `${prefix}${String(n).padStart(32, "0")}`;
const TEMPLATES = {
  sign_in_code: { es: sid("HX", 1), en: sid("HX", 2) },
  meter_reminder: { es: sid("HX", 3), en: sid("HX", 4) },
  meter_expired: { es: sid("HX", 5), en: sid("HX", 6) },
};
const SERVICE = sid("MG", 7);

describe(`WhatsApp through approved templates (${testEngine})`, () => {
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let app: TestApp;
  beforeAll(async () => {
    // A Twilio that, like the real one, refuses WhatsApp free text outside a session (63016).
    twilio = await startFakeTwilio({ freeForm: false });
    app = await createTestApp({
      env: {
        SMS_PROVIDER: "twilio",
        SMS_CHANNEL: "whatsapp",
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: "+15005550006",
        TWILIO_WHATSAPP_FROM: "+14155238886",
        TWILIO_WHATSAPP_TEMPLATES: JSON.stringify(TEMPLATES),
        TWILIO_API_BASE: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  it("sends the sign-in code as the driver's-language template with the code as its variable, and it signs in", async () => {
    const phone = testPhone();
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(200);
    const request = twilio.lastRequest();
    expect(request?.form.get("To")).toBe(`whatsapp:${phone}`);
    expect(request?.form.get("From")).toBe("whatsapp:+14155238886");
    expect(request?.form.get("ContentSid")).toBe(TEMPLATES.sign_in_code.en);
    expect(request?.form.has("Body")).toBe(false);
    const code = JSON.parse(request?.form.get("ContentVariables") ?? "{}")["1"] as string;
    expect(code).toMatch(/^\d{6}$/);

    const outbox = await app.db.selectFrom("outbox_messages").selectAll().where("recipient", "=", phone).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: "whatsapp", provider: "twilio" });
    expect(outbox[0]?.body).not.toContain(code);

    const token = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "sms", client_id: "estaciona-web", phone_number: phone, code },
    });
    expect(token.statusCode).toBe(200);
  });

  it("sends the same code by SMS when WhatsApp refuses the number, and records the SMS", async () => {
    const phone = "+525512341111"; // the fake's WhatsApp refusal (63016)
    const before = twilio.requests.length;
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
    });
    expect(response.statusCode).toBe(200);
    const [whatsapp, sms] = twilio.requests.slice(before).map((request) => new URLSearchParams(request.body));
    expect(whatsapp?.get("To")).toBe(`whatsapp:${phone}`);
    expect(sms?.get("To")).toBe(phone);
    expect(sms?.get("From")).toBe("+15005550006");
    const code = JSON.parse(whatsapp?.get("ContentVariables") ?? "{}")["1"] as string;
    expect(sms?.get("Body")).toContain(code);
    const outbox = await app.db.selectFrom("outbox_messages").selectAll().where("recipient", "=", phone).execute();
    expect(outbox.map((row) => row.channel)).toEqual(["sms"]);
  });

  it("sends a meter reminder's four values in the template's order", async () => {
    const whatsapp = createTwilioSms(app.config.sms.twilio, app.db, app.log);
    await whatsapp.send({
      to: testPhone(),
      channel: "whatsapp",
      body: "Estaciona: …",
      template: { name: "meter_reminder", locale: "es", variables: ["A1", "ABC123", "14:30", "https://x.test/p"] },
    });
    const request = twilio.lastRequest();
    expect(request?.form.get("ContentSid")).toBe(TEMPLATES.meter_reminder.es);
    expect(JSON.parse(request?.form.get("ContentVariables") ?? "")).toEqual({
      "1": "A1",
      "2": "ABC123",
      "3": "14:30",
      "4": "https://x.test/p",
    });
  });

  it("never sends WhatsApp free text once templates are set: a message without one goes by SMS", async () => {
    const whatsapp = createTwilioSms(app.config.sms.twilio, app.db, app.log);
    const before = twilio.requests.length;
    await whatsapp.send({ to: testPhone(), channel: "whatsapp", body: "hola" });
    const sent = twilio.requests.slice(before).map((request) => new URLSearchParams(request.body));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get("To")).not.toMatch(/^whatsapp:/);
    expect(sent[0]?.get("Body")).toBe("hola");
  });

  it("does not resend by SMS after a timeout (the WhatsApp message may have left) or without an SMS sender", async () => {
    // Long enough for the request to reach the fake on a loaded machine: a shorter one was cut before
    // the fake had read it, and the test then saw no request at all.
    const slow = createTwilioSms(app.config.sms.twilio, app.db, app.log, { timeoutMs: 1_500 });
    const before = twilio.requests.length;
    const timedOut = await slow
      .send({ to: "+525599999999", channel: "whatsapp", body: "x", template: TEMPLATE_CODE })
      .catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ options: { retryable: true } });
    const sent = twilio.requests.slice(before).map((request) => new URLSearchParams(request.body).get("To"));
    expect(sent).toEqual(["whatsapp:+525599999999"]);

    const whatsappOnly = createTwilioSms({ ...app.config.sms.twilio, from: "" }, app.db, app.log);
    const refused = await whatsappOnly
      .send({ to: "+525512341111", channel: "whatsapp", body: "x", template: TEMPLATE_CODE })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ options: { providerCode: 63016 } });
  });

  it("sends through a Messaging Service when one is set, naming no sender when the pool chooses", async () => {
    const service = createTwilioSms(
      { ...app.config.sms.twilio, messagingServiceSid: SERVICE, from: "" },
      app.db,
      app.log,
    );
    await service.send({ to: testPhone(), channel: "sms", body: "hola" });
    const request = twilio.lastRequest();
    expect(request?.form.get("MessagingServiceSid")).toBe(SERVICE);
    expect(request?.form.has("From")).toBe(false);
  });

  it("every message sent above is Twilio's own Create Message, as twilio-oai describes it (decision 0207)", () => {
    expect(twilio.requests.length).toBeGreaterThan(3);
    expect(twilio.requests.flatMap((request) => checkRequest(twilioSpec, request))).toEqual([]);
    // twilio-oai describes the created message (201) only; errors are its error catalogue's, not the document's.
    const created = twilio.requests.filter((request) => request.answer?.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(created.flatMap((request) => checkAnswer(twilioSpec, request))).toEqual([]);
    const forged = {
      ...twilio.requests[0],
      body: `${twilio.requests[0]?.body}&Surprise=1`,
    } as (typeof twilio.requests)[0];
    expect(checkRequest(twilioSpec, forged).join()).toMatch(/Surprise: a field the provider does not define/);
  });
});

const TEMPLATE_CODE = { name: "sign_in_code", locale: "es", variables: ["123456"] } as const;

describe("WhatsApp configuration", () => {
  const base = {
    NODE_ENV: "test",
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_WHATSAPP_FROM: "+14155238886",
  };
  it("refuses the WhatsApp channel without templates, and templates that are not Content SIDs per language", () => {
    expect(() => loadConfig({ ...base, SMS_CHANNEL: "whatsapp" })).toThrow(/TWILIO_WHATSAPP_TEMPLATES: required/);
    const missingEnglish = { ...TEMPLATES, sign_in_code: { es: TEMPLATES.sign_in_code.es } };
    expect(() =>
      loadConfig({ ...base, SMS_CHANNEL: "whatsapp", TWILIO_WHATSAPP_TEMPLATES: JSON.stringify(missingEnglish) }),
    ).toThrow(/TWILIO_WHATSAPP_TEMPLATES/);
    expect(() => loadConfig({ ...base, TWILIO_WHATSAPP_TEMPLATES: "{not json" })).toThrow(/not JSON/);
    expect(() => loadConfig({ ...base, TWILIO_MESSAGING_SERVICE_SID: "MG123" })).toThrow(/Messaging Service SID/);
    const config = loadConfig({
      ...base,
      SMS_CHANNEL: "whatsapp",
      TWILIO_WHATSAPP_TEMPLATES: JSON.stringify(TEMPLATES),
    });
    expect(config.sms.twilio.whatsappTemplates?.meter_expired.en).toBe(TEMPLATES.meter_expired.en);
  });
});
