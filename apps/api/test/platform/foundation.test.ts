import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

describe(`foundation (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("reports health with a database check", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: testEngine });
  });

  it("answers the requesting host's public configuration, falling back to the default host", async () => {
    const isisa = await app.inject({ method: "GET", url: "/api/open/host", headers: { host: "isisa.localhost:8080" } });
    expect(isisa.json().data).toMatchObject({
      theme: "isisa",
      force_spanish: true,
      client_id: "estaciona-web",
      country: "mx",
    });
    const unknown = await app.inject({
      method: "GET",
      url: "/api/open/host",
      headers: { host: "parking.example.com" },
    });
    expect(unknown.json().data).toMatchObject({
      theme: "estaciona",
      domain: "estaciona",
      hostname: "parking.example.com",
    });
    const us = await app.inject({ method: "GET", url: "/api/open/host", headers: { host: "us.localhost" } });
    expect(us.json().data.country).toBe("us");
  });

  it("answers unknown API routes with a coded error in the request's language", async () => {
    const es = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ error: "object_not_found", error_description: "No encontramos lo que buscabas." });
    const en = await app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    expect(en.json().error_description).toBe("We could not find what you were looking for.");
  });

  it("serves the OpenAPI document generated from the schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty("/api/open/host");
  });

  it("seeds idempotently: a second start changes nothing", async () => {
    const { seed } = await import("../../src/seed/seed.ts");
    const before = await app.db
      .selectFrom("hosts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await seed(app.db, { demo: true });
    const after = await app.db
      .selectFrom("hosts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("seeds no demo tenant without SEED_DEMO: only the platform's own organisation, its hosts and no users", async () => {
    const bare = await createTestApp({ env: { SEED_DEMO: "false" } });
    try {
      const organisations = await bare.db.selectFrom("organisations").select(["id", "name"]).execute();
      expect(organisations).toEqual([{ id: PLATFORM_ORGANISATION.id, name: "Estaciona" }]);
      const users = await bare.db.selectFrom("users").select("id").execute();
      expect(users).toHaveLength(0);
      // Nor any of the demo's lots, passes, promo codes, events or payments (docs/decisions/0298).
      for (const table of ["operator_memberships", "locations", "plans", "discounts", "events", "payments"] as const)
        expect(await bare.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      const hosts = await bare.db.selectFrom("hosts").select("hostname").execute();
      expect(hosts.length).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });
});
