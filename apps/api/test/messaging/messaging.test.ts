import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/modules/messaging/providers.ts";
import { createTwilioSms } from "../../src/modules/messaging/twilio.ts";
import { ACCOUNT_SID, AUTH_TOKEN, startFakeTwilio } from "../support/fakes/twilio-server.ts";
import { createTestApp, type TestApp, testEngine, testPhone } from "../support/helpers.ts";

describe(`Twilio SMS and WhatsApp against a local fake Twilio (${testEngine})`, () => {
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let app: TestApp;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    app = await createTestApp({
      env: {
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

  it("sends the sign-in code through Twilio, keeps it from the caller and the outbox, and the code signs in", async () => {
    expect(app.providers.sms.name).toBe("twilio");
    const phone = testPhone();
    const registered = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ data: null });

    const request = twilio.lastRequest();
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    );
    expect(request?.form.get("To")).toBe(phone);
    expect(request?.form.get("From")).toBe("+15005550006");
    const code = request?.form.get("Body")?.match(/^(\d{6}) es tu código de Estaciona/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const outbox = await app.db.selectFrom("outbox_messages").selectAll().where("recipient", "=", phone).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      provider: "twilio",
      channel: "sms",
      provider_ref: "SM00000000000000000000000000000001",
    });
    expect(outbox[0]?.body).not.toContain(code);

    const token = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "sms", client_id: "estaciona-web", phone_number: phone, code },
    });
    expect(token.statusCode).toBe(200);
  });

  it("answers a provider refusal with a retry-later error, not a server fault", async () => {
    const undeliverable = "+528100000000";
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: undeliverable, domain: "estaciona" },
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: "action_not_available",
      error_description: "An error occurred, please try again later.",
    });
  });

  it("addresses WhatsApp with whatsapp: prefixes and parses Twilio's error JSON", async () => {
    const settings = { ...app.config.sms.twilio };
    const whatsapp = createTwilioSms(settings, app.db, app.log);
    const phone = testPhone();
    const sent = await whatsapp.send({ to: phone, body: "123456 hola", channel: "whatsapp", sensitive: "123456" });
    expect(sent.providerRef).toMatch(/^SM/);
    const request = twilio.lastRequest();
    expect(request?.form.get("To")).toBe(`whatsapp:${phone}`);
    expect(request?.form.get("From")).toBe("whatsapp:+14155238886");
    const outbox = await app.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("provider_ref", "=", sent.providerRef ?? "")
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ channel: "whatsapp", body: "•••••• hola" });

    const failure = await whatsapp
      .send({ to: "+528100000000", body: "x", channel: "whatsapp" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ options: { status: 400, providerCode: 21211, retryable: false } });
    expect((failure as ProviderError).message).toContain("is not a valid phone number");
  });

  it("gives up on a Twilio that does not answer in time", async () => {
    const slow = createTwilioSms(app.config.sms.twilio, app.db, app.log, { timeoutMs: 200 });
    const started = Date.now();
    const failure = await slow
      .send({ to: "+528199999999", body: "x", channel: "sms" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ options: { retryable: true } });
    expect((failure as ProviderError).message).toContain("no answer in time");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A local SMTP relay (smtp-server) that accepts plain-text auth for one user and keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "mail-secret") return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@rejected.test")) return callback(new Error("Mailbox unavailable"));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`SMTP e-mail against a local smtp-server (${testEngine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: {
        SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${smtp.port}`,
        EMAIL_FROM: "Estaciona <no-reply@estaciona.test>",
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("delivers through the relay with the configured sender and records it with the code masked", async () => {
    expect(app.providers.email.name).toBe("smtp");
    const sent = await app.providers.email.send({
      to: "driver@example.test",
      subject: "Tu código",
      text: "Tu código es 654321.",
      sensitive: "654321",
    });
    expect(sent.providerRef).toBeTruthy();
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: "no-reply@estaciona.test", to: ["driver@example.test"], user: "mailer" });
    expect(mail?.raw).toContain("Tu c=C3=B3digo es 654321.");
    const outbox = await app.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("provider_ref", "=", sent.providerRef ?? "")
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ provider: "smtp", channel: "email", subject: "Tu código" });
    expect(outbox.body).toBe("Tu código es ••••••.");
  });

  it("turns a refused recipient into a ProviderError", async () => {
    const failure = await app.providers.email
      .send({ to: "someone@rejected.test", subject: "x", text: "x" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).provider).toBe("smtp");
  });
});
