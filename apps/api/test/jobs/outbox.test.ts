import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine, testPhone } from "../support/helpers.ts";

describe(`sandbox outbox (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("shows what the sandbox providers sent, newest first, filtered by recipient", async () => {
    const phone = testPhone();
    const registered = await app.inject({ method: "POST", url: "/api/open/user", payload: { phone_number: phone } });
    const code = registered.json().data as string;

    const outbox = await app.inject({
      method: "GET",
      url: `/api/sandbox/outbox?recipient=${encodeURIComponent(phone)}`,
    });
    expect(outbox.statusCode).toBe(200);
    const messages = outbox.json().data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "sms", recipient: phone, subject: null });
    expect(messages[0].body).toContain(code);

    const others = await app.inject({ method: "GET", url: "/api/sandbox/outbox?recipient=%2B5200000000000" });
    expect(others.json().data).toEqual([]);
  });

  it("does not exist when e-mail goes through a real provider", async () => {
    const real = await createTestApp({ env: { EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://127.0.0.1:2525" } });
    try {
      const response = await real.inject({ method: "GET", url: "/api/sandbox/outbox" });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    } finally {
      await real.close();
    }
  });
});
