import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/** The installable app (docs/offline.md): one manifest per host, allowed by the CSP. */
describe(`the web app manifest (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const manifestOf = async (host: string) => {
    const response = await app.inject({ method: "GET", url: "/manifest.webmanifest", headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    return response.json();
  };

  it("names each host's app with its brand, its theme's icon, its colour and its language", async () => {
    const isisa = await manifestOf("isisa.localhost:8080");
    expect(isisa).toMatchObject({
      name: "ISISA",
      short_name: "ISISA",
      lang: "es",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#7a1f3d",
    });
    expect(isisa.icons[0]).toEqual({
      src: "/themes/isisa/icon.svg",
      sizes: "any",
      type: "image/svg+xml",
      purpose: "any",
    });
    expect(await manifestOf("freeflow.localhost")).toMatchObject({ name: "Freeflow", theme_color: "#0b6e4f" });
    expect(await manifestOf("us.localhost")).toMatchObject({ name: "Estaciona", lang: "en", theme_color: "#0b5cad" });
    // An unknown host is the default host's app.
    expect(await manifestOf("nowhere.example")).toMatchObject({ name: "Estaciona", lang: "es" });
  });

  it("is allowed by the Content Security Policy, as is the service worker", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/worker-src 'self'/);
  });
});
