import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { SmsProvider, TextMessage } from "../../src/modules/messaging/providers.ts";
import {
  createTestApp,
  openTestDatabase,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";
import { CLIENT, wrongCodeOf } from "../support/sign-in-calls.ts";

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
