import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

const cspOf = async (app: TestApp) => {
  const response = await app.inject({ method: "GET", url: "/api/health" });
  return String(response.headers["content-security-policy"]);
};

describe(`security headers (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("allows scripts, frames and connections from our origin only by default", async () => {
    const csp = await cspOf(app);
    // The first screen's inline script by its hash, nothing else inline (decision 0247).
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("googletagmanager");
    expect(csp).not.toContain("sentry");
    // The map's default street style: its one origin, for connections and images, and no other host.
    expect(csp).toContain("connect-src 'self' https://tiles.openfreemap.org;");
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.openfreemap.org;");
  });

  it("allows exactly the configured map style's origin and MAP_TILE_ORIGINS, or none when offline", async () => {
    const own = await createTestApp({
      env: { MAP_STYLE_URL: "https://maps.example/style.json", MAP_TILE_ORIGINS: "https://tiles.example/v1" },
    });
    const offline = await createTestApp({ env: { MAP_STYLE_URL: "offline" } });
    try {
      const csp = await cspOf(own);
      expect(csp).toContain("connect-src 'self' https://maps.example https://tiles.example;");
      expect(csp).not.toContain("openfreemap");
      expect(await cspOf(offline)).toContain("connect-src 'self';");
    } finally {
      await own.close();
      await offline.close();
    }
  });

  it("adds the analytics and error-reporting hosts only when they are configured", async () => {
    const monitored = await createTestApp({
      env: {
        ANALYTICS_ID: "G-TEST123",
        ERROR_REPORTING_DSN: "https://public@o42.ingest.errors.example/7",
        ERROR_REPORTING_SAMPLE_RATE: "0.25",
      },
    });
    try {
      const csp = await cspOf(monitored);
      expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/www\.googletagmanager\.com/);
      // The error-reporting SDK is bundled: no script host is added for it, only its reports' origin.
      expect(csp).not.toContain("sentry-cdn");
      expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/o42\.ingest\.errors\.example/);
      const host = await monitored.inject({ method: "GET", url: "/api/open/host" });
      expect(host.json().data).toMatchObject({ analytics_id: "G-TEST123", error_reporting_sample_rate: 0.25 });
    } finally {
      await monitored.close();
    }
  });
});
