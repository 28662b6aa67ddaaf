import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { createSignedInUser, createTestApp, testPhone } from "../support/helpers.ts";
import { consoleCalls, hostBody } from "../support/operator-console.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createOrganisation } from "../support/world.ts";

/** The platform role in the operator console: hosts and organisations (docs/decisions/0041, 0051). */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call, insertTestHost } = consoleCalls(app);

describe("hosts (platform role)", () => {
  it("changes a host's login text and colour, audited, and the next page load on that hostname shows them", async () => {
    const platform = await createSignedInUser(app, { role: "admin" });
    await insertTestHost("brand.localhost");
    const hosts = (await call(platform.headers, { method: "GET", url: "/api/admin/hosts" })).json().data;
    expect(hosts[0]).toMatchObject({ hostname: "localhost", is_default: true });
    expect(hosts.map((host: { hostname: string }) => host.hostname)).toContain("brand.localhost");

    const changed = await call(platform.headers, {
      method: "PUT",
      url: "/api/admin/host/brand.localhost",
      payload: hostBody({ primary_color: "#7A1F3D", login_text: { es: "Hola, Norte", en: "Hello, North" } }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ primary_color: "#7a1f3d", login_text: { es: "Hola, Norte" } });

    const seen = await app.inject({ method: "GET", url: "/api/open/host", headers: { host: "brand.localhost:8080" } });
    expect(seen.json().data).toMatchObject({
      brand: { primary_color: "#7a1f3d", name: "Estaciona Prueba" },
      login_text: { es: "Hola, Norte", en: "Hello, North" },
      features: ["visits", "events"],
    });
    // Another hostname is untouched.
    const other = await app.inject({ method: "GET", url: "/api/open/host", headers: { host: "localhost" } });
    expect(other.json().data.login_text.es).toBe("");

    const audit = (await call(platform.headers, { method: "GET", url: "/api/admin/audit?limit=100" })).json().data;
    const entry = audit.items.find((item: { subject_uuid: string }) => item.subject_uuid === "brand.localhost");
    expect(entry).toMatchObject({
      action: "host.update",
      before: { primary_color: "#0b5cad", login_text_es: "" },
      after: { primary_color: "#7a1f3d", login_text_es: "Hola, Norte" },
    });
  });

  it("injects the changed host into the very next index.html on that hostname (no cached copy)", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "estaciona-web-"));
    writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html lang="es"><head><link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>',
    );
    const web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const seeded = await web.db
        .selectFrom("hosts")
        .selectAll()
        .where("hostname", "=", "localhost")
        .executeTakeFirstOrThrow();
      await web.db
        .insertInto("hosts")
        .values({ ...seeded, hostname: "page.localhost", is_default: 0 })
        .execute();
      const page = async () =>
        (await web.inject({ method: "GET", url: "/", headers: { host: "page.localhost:8080" } })).body;
      expect(await page()).toContain('style="--brand:#0b5cad;');
      const platform = await createSignedInUser(web, { role: "admin" });
      const changed = await web.inject({
        method: "PUT",
        url: "/api/admin/host/page.localhost",
        headers: platform.headers,
        payload: hostBody({ primary_color: "#7a1f3d", login_text: { es: "Hola, Norte", en: "Hello, North" } }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const html = await page();
      expect(html).toContain('style="--brand:#7a1f3d;');
      expect(html).toContain('"login_text":{"es":"Hola, Norte","en":"Hello, North"}');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("refuses an unreadable colour, widths and zooms out of range, unknown features and foreign logos", async () => {
    const platform = await createSignedInUser(app, { role: "admin" });
    await insertTestHost("checks.localhost");
    for (const overrides of [
      { primary_color: "#ffcc00" }, // white on yellow: 1.5:1
      { primary_color: "#76a8dc" }, // 2.5:1, under AA
      { primary_color: "blue" },
      { width: 120 },
      { width: 900 },
      { map: { lat: 25.67, lng: -100.31, zoom: 30 } },
      { features: ["visits", "teleport"] },
      { features: ["visits", "visits"] },
      { logo: "https://elsewhere.example/logo.png" },
      { logo: "//elsewhere.example/logo.png" },
      { privacy_url_en: "javascript:alert(1)" },
    ]) {
      const response = await call(platform.headers, {
        method: "PUT",
        url: "/api/admin/host/checks.localhost",
        payload: hostBody(overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().error).toBe("invalid_data");
    }
    const missing = await call(platform.headers, {
      method: "PUT",
      url: "/api/admin/host/nowhere.localhost",
      payload: hostBody(),
    });
    expect(missing.statusCode).toBe(404);
    const foreignOrganisation = await call(platform.headers, {
      method: "PUT",
      url: "/api/admin/host/checks.localhost",
      payload: hostBody({ organisation_uuid: newId() }),
    });
    expect(foreignOrganisation.statusCode).toBe(404);
  });
});

describe("organisations (platform role)", () => {
  it("creates an organisation and makes an existing user its operator (invalid_user otherwise)", async () => {
    const platform = await createSignedInUser(app, { role: "admin" });
    const created = await call(platform.headers, {
      method: "POST",
      url: "/api/admin/organisation",
      payload: { name: "Estacionamientos del Sur", contact_email: "Hola@Sur.example", contact_phone: "+528112340000" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const organisation = created.json().data;
    expect(organisation).toMatchObject({ contact_email: "hola@sur.example", operators: 0, locations: 0 });

    const addTo = (phone: string) =>
      call(platform.headers, {
        method: "POST",
        url: `/api/admin/organisation/${organisation.uuid}/operator`,
        payload: { phone },
      });
    const nobody = await addTo(testPhone());
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().error).toBe("invalid_user");
    const suspended = await createSignedInUser(app, { status: "suspended" });
    expect((await addTo(suspended.user.phone)).json().error).toBe("invalid_user");
    const someoneElses = await createOperator(app, { organisationId: (await createOrganisation(app)).id });
    expect((await addTo(someoneElses.user.phone)).json().error).toBe("invalid_user");

    const person = await createSignedInUser(app, { first_name: "Sofía", last_name: "Sur" });
    const added = await addTo(person.user.phone);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ user_uuid: person.user.id, location_uuids: null, platform: false });
    const me = (await call(person.headers, { method: "GET", url: "/api/admin/me" })).json().data;
    expect(me.organisation).toEqual({ uuid: organisation.uuid, name: "Estacionamientos del Sur" });
    // It sees none of the demo organisation's lots.
    expect((await call(person.headers, { method: "GET", url: "/api/admin/locations" })).json().data).toEqual([]);

    const listed = (await call(platform.headers, { method: "GET", url: "/api/admin/organisations" })).json().data;
    expect(listed.find((row: { uuid: string }) => row.uuid === organisation.uuid)).toMatchObject({ operators: 1 });
    const missing = await call(platform.headers, {
      method: "POST",
      url: `/api/admin/organisation/${newId()}/operator`,
      payload: { phone: person.user.phone },
    });
    expect(missing.statusCode).toBe(404);
  });
});
