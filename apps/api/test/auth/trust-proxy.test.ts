import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine, testPhone } from "../support/helpers.ts";

/**
 * A client must not choose the IP the per-IP limits count (docs/decisions/0013). Under each
 * TRUST_PROXY setting, one client sends more sign-in codes than its cap, each with a made-up
 * `X-Forwarded-For` of its own: exactly the cap is accepted, the rest answer 429.
 */

const CAP = 4;
const ATTEMPTS = 9;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appTrusting(trustProxy: string) {
  const app = await createTestApp({ env: { TRUST_PROXY: trustProxy, SIGN_IN_IP_MAX_PER_HOUR: String(CAP) } });
  apps.push(app);
  return app;
}

/** Sign-in code sends for new phones, each claiming another client address; answers the statuses. */
async function flood(app: TestApp, remoteAddress: string, forwardedFor: (attempt: number) => string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const response = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: testPhone() },
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor(attempt) },
    });
    statuses.push(response.statusCode);
  }
  return {
    accepted: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

const spoofed = (attempt: number) => `198.18.${attempt}.${attempt + 1}`;

describe(`X-Forwarded-For cannot choose the client's IP (${testEngine})`, () => {
  it("TRUST_PROXY=false: the header is ignored, the connection's address counts", async () => {
    const app = await appTrusting("false");
    expect(await flood(app, "203.0.113.10", spoofed)).toEqual({ accepted: CAP, refused: ATTEMPTS - CAP });
  });

  it("TRUST_PROXY=1 (one load balancer): the address the balancer appended counts, not the client's own header", async () => {
    const app = await appTrusting("1");
    // The balancer appends the address it saw to whatever the client sent.
    expect(await flood(app, "10.0.0.2", (attempt) => `${spoofed(attempt)}, 203.0.113.11`)).toEqual({
      accepted: CAP,
      refused: ATTEMPTS - CAP,
    });
    // Another client behind the same balancer has a cap of its own.
    expect((await flood(app, "10.0.0.2", () => "203.0.113.12")).accepted).toBe(CAP);
  });

  it("TRUST_PROXY=<list>: only the listed proxies' headers count; a direct client's header is ignored", async () => {
    const app = await appTrusting("10.0.0.0/8, 192.168.7.7");
    expect(await flood(app, "10.1.2.3", (attempt) => `${spoofed(attempt)}, 203.0.113.13`)).toEqual({
      accepted: CAP,
      refused: ATTEMPTS - CAP,
    });
    // Two trusted proxies in a row (CDN edge → balancer): the first untrusted hop is the client.
    expect(await flood(app, "192.168.7.7", (attempt) => `${spoofed(attempt)}, 203.0.113.14, 10.9.9.9`)).toEqual({
      accepted: CAP,
      refused: ATTEMPTS - CAP,
    });
    // A client that reaches the server directly cannot pass itself off as a proxy.
    expect(await flood(app, "203.0.113.15", spoofed)).toEqual({ accepted: CAP, refused: ATTEMPTS - CAP });
  });
});
