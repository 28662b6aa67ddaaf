import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

const REQUESTS_PER_MINUTE = 3;

/**
 * A load balancer probes from one address, many times a minute: `/api/health` and `/api/ready`
 * stay outside the per-IP request cap, or a capped address turns every instance "down" (issue 25).
 */
describe(`health probes from an address over the request cap (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
  });
  afterAll(async () => app.close());

  it("answers 200 to both probes after the address was refused elsewhere", async () => {
    const remoteAddress = "198.51.100.7";
    const capped: number[] = [];
    for (let attempt = 0; attempt <= REQUESTS_PER_MINUTE; attempt++)
      capped.push((await app.inject({ method: "GET", url: "/api/open/host", remoteAddress })).statusCode);
    expect(capped.at(-1)).toBe(429);

    const probes: number[] = [];
    for (let attempt = 0; attempt < 2 * REQUESTS_PER_MINUTE; attempt++)
      for (const url of ["/api/health", "/api/ready"])
        probes.push((await app.inject({ method: "GET", url, remoteAddress })).statusCode);
    expect(probes).toEqual(Array(probes.length).fill(200));
  });
});
