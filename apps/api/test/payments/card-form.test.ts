import { beforeAll, describe, expect, it } from "vitest";
import { FIRST_SCREEN_SCRIPT_HASH } from "../../src/plugins/first-screen.ts";
import { cardCallsApp } from "../support/card-calls-app.ts";
import { createTestApp, type TestApp, testConfig, testEngine } from "../support/helpers.ts";
import { createDriverWithProfile } from "../support/payments-helpers.ts";

/** The card form: its config per country and gateway, the sandbox's form and the CSP that allows it. */
describe(`card calls (${testEngine})`, () => {
  const cards = cardCallsApp();
  let app: TestApp;
  beforeAll(() => {
    app = cards.opened();
  });

  it("serves the card form config and the Conekta checkout request id", async () => {
    const { headers } = await createDriverWithProfile(app);
    const mx = await app.inject({ method: "GET", url: "/api/user/payment/config?country=mx", headers });
    expect(mx.json().data).toEqual({
      country: "mx",
      provider: "sandbox",
      form: "conekta",
      public_key: null,
      script_url: null,
      frame_url: "/sandbox/card-form?provider=conekta",
      wallets: ["apple_pay", "google_pay"],
    });
    const us = await app.inject({ method: "GET", url: "/api/user/payment/config?country=us", headers });
    expect(us.json().data.frame_url).toBe("/sandbox/card-form?provider=nmi");
    const netpay = await app.inject({
      method: "GET",
      url: "/api/user/payment/config?country=mx&gateway=netpay",
      headers,
    });
    expect(netpay.json().data.form).toBe("netpay");
    const token = await app.inject({ method: "GET", url: "/api/user/conekta/token", headers });
    expect(token.statusCode).toBe(200);
    expect(typeof token.json().data).toBe("string");
    const anonymous = await app.inject({ method: "GET", url: "/api/user/payment/methods" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("serves the sandbox card form as plain HTML with labels and a separate script, under a strict CSP", async () => {
    const form = await app.inject({ method: "GET", url: "/sandbox/card-form?provider=nmi&lang=en" });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="number">Card number</label>');
    expect(form.body).toContain('<script src="/sandbox/assets/card-form.js"></script>');
    expect(form.body).not.toMatch(/<script>(?!<)/);
    expect(form.body).toContain('"provider":"nmi"');
    const csp = String(form.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self'");
    // Collect.js hosts only the card fields (the app's own form has the holder's name and the button); Conekta's component has both.
    expect(form.body).not.toContain('id="name"');
    expect(form.body).not.toContain('id="submit"');
    const spanish = await app.inject({ method: "GET", url: "/sandbox/card-form?provider=conekta&lang=es" });
    expect(spanish.body).toContain("Número de tarjeta");
    // The expiry's hint speaks the label's language: MM/AA beside "Vencimiento (MM/AA)".
    expect(spanish.body).toContain('placeholder="MM/AA"');
    expect(form.body).toContain('placeholder="MM/YY"');
    expect(spanish.body).toContain('id="name"');
    expect(spanish.body).toContain('id="submit"');
    const script = await app.inject({ method: "GET", url: "/sandbox/assets/card-form.js" });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("postMessage");
    const badNumber = await app.inject({
      method: "POST",
      url: "/sandbox/v1/tokens",
      payload: { number: "4242424242424241", exp_month: "12", exp_year: "40", cvc: "123", lang: "en" },
    });
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.json().error).toMatchObject({ code: "invalid_number", message: "The card number is not valid." });
  });
});

describe(`gateways by configuration (${testEngine})`, () => {
  it("with Conekta and NMI keys the card form uses them and the CSP allows exactly their origins", async () => {
    const app = await createTestApp({
      env: {
        CONEKTA_PRIVATE_KEY: "key_private_test",
        CONEKTA_PUBLIC_KEY: "key_public_test",
        NMI_SECURITY_KEY: "nmi_private_test",
        NMI_TOKENIZATION_KEY: "nmi_public_test",
      },
    });
    try {
      const { headers } = await createDriverWithProfile(app);
      const mx = await app.inject({ method: "GET", url: "/api/user/payment/config?country=mx", headers });
      expect(mx.json().data).toMatchObject({
        provider: "conekta",
        form: "conekta",
        public_key: "key_public_test",
        frame_url: null,
      });
      const us = await app.inject({ method: "GET", url: "/api/user/payment/config?country=us", headers });
      expect(us.json().data).toMatchObject({ provider: "nmi", public_key: "nmi_public_test" });
      const csp = String(mx.headers["content-security-policy"]);
      const directive = (name: string) =>
        csp
          .split(";")
          .find((part) => part.trim().startsWith(name))
          ?.trim();
      // Besides the gateways' origins, only the first screen's own inline script, by its hash.
      expect(directive("script-src")).toBe(
        `script-src 'self' ${FIRST_SCREEN_SCRIPT_HASH} https://pay.conekta.com https://secure.nmi.com`,
      );
      expect(directive("frame-src")).toBe("frame-src 'self' https://pay.conekta.com https://secure.nmi.com");
    } finally {
      await app.close();
    }
  });

  it("refuses to start with a private key but no public key", async () => {
    for (const [env, missing] of [
      [{ CONEKTA_PRIVATE_KEY: "key_private_only" }, /CONEKTA_PUBLIC_KEY/],
      [{ NETPAY_SECRET_KEY: "sk_netpay_only" }, /NETPAY_PUBLIC_KEY/],
    ] as const)
      expect(() => testConfig(env)).toThrow(missing);
  });

  it("with NetPay keys the NetPay slot uses the NetPay adapter", async () => {
    const app = await createTestApp({
      env: { NETPAY_SECRET_KEY: "sk_netpay_test", NETPAY_PUBLIC_KEY: "pk_netpay_test" },
    });
    try {
      const { headers } = await createDriverWithProfile(app);
      const netpay = await app.inject({
        method: "GET",
        url: "/api/user/payment/config?country=mx&gateway=netpay",
        headers,
      });
      expect(netpay.json().data).toMatchObject({ provider: "netpay", form: "netpay", public_key: "pk_netpay_test" });
    } finally {
      await app.close();
    }
  });
});

describe(`sandbox pages only with a sandbox gateway (${testEngine})`, () => {
  it("does not serve the sandbox when every gateway is real", async () => {
    const app = await createTestApp({
      env: {
        CONEKTA_PRIVATE_KEY: "key_private_test",
        CONEKTA_PUBLIC_KEY: "key_public_test",
        NMI_SECURITY_KEY: "nmi_private_test",
        NMI_TOKENIZATION_KEY: "nmi_public_test",
        NETPAY_SECRET_KEY: "sk_netpay_test",
        NETPAY_PUBLIC_KEY: "pk_netpay_test",
      },
    });
    try {
      const tokens = await app.inject({
        method: "POST",
        url: "/sandbox/v1/tokens",
        payload: { number: "4242424242424242" },
      });
      expect(tokens.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
