import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createTestApp } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle } from "../support/parking-fixtures.ts";
import { createPeninsulaFestival } from "../support/worlds/events.ts";
import { createOffersOfEveryHost } from "../support/worlds/offers.ts";

/**
 * Hosts as tenants (docs/decisions/0165): what a host lists and sells comes only from the lots it
 * is configured for; its contact and questions are its own; a promo code never crosses organisations.
 */

const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());

type Headers = Record<string, string>;
const on = (host: string, options: InjectOptions & { headers?: Headers }) =>
  app.inject({ ...options, headers: { ...options.headers, host } });

/** Every host's lots and passes, the festival's series at the arena, and the platform organisation's welcome code. */
const offers = await createOffersOfEveryHost(app);
await createPeninsulaFestival(app, offers.arena);
await app.db
  .insertInto("discounts")
  .values({
    id: newId(),
    code: "BIENVENIDA",
    kind: "percent",
    value: 50,
    currency: null,
    plan_id: null,
    periods: 1,
    starts_on: null,
    ends_on: null,
    max_redemptions: 1000,
    redemptions: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
    disabled_at: null,
    created_at: nowIso(),
  })
  .execute();

const locationsOfPlans = async (host: string) => {
  const response = await on(host, { method: "GET", url: "/api/open/plans" });
  expect(response.statusCode, response.body).toBe(200);
  return new Set(
    (response.json().data as { location: { uuid: string }; currency: string }[]).map((plan) => plan.location.uuid),
  );
};

describe("what a host lists and sells", () => {
  it("sells on the university host only the campus passes, on the US host only dollars, on the default host every pass", async () => {
    expect([...(await locationsOfPlans("isisa.localhost"))]).toEqual([offers.campusLot]);
    expect([...(await locationsOfPlans("us.localhost"))]).toEqual([offers.austinGarage]);
    const all = await locationsOfPlans("localhost");
    for (const lot of [offers.campusLot, offers.parkLot, offers.austinGarage]) expect(all.has(lot)).toBe(true);

    const arenaOnIsisa = await on("isisa.localhost", { method: "GET", url: `/api/open/plan/${offers.arenaPass}` });
    expect(arenaOnIsisa.statusCode).toBe(404);
    expect(arenaOnIsisa.json().error).toBe("object_not_found");
    expect(
      (await on("isisa.localhost", { method: "GET", url: `/api/open/plan/${offers.studentPass}` })).statusCode,
    ).toBe(200);
    // Asking for another host's lot by name does not get round it.
    const asked = await on("isisa.localhost", {
      method: "GET",
      url: `/api/open/plans?location_uuid=${offers.parkLot}`,
    });
    expect(asked.json().data).toEqual([]);
  });

  it("lists lots, meter zones and a series' events of the host only", async () => {
    const lots = (await on("isisa.localhost", { method: "GET", url: "/api/open/locations" })).json().data;
    expect(lots.map((lot: { uuid: string }) => lot.uuid)).toEqual([offers.campusLot]);
    const usLots = (await on("us.localhost", { method: "GET", url: "/api/open/locations" })).json().data;
    expect(usLots.length).toBeGreaterThan(0);
    expect(usLots.every((lot: { country: string }) => lot.country === "us")).toBe(true);

    const box = "/api/open/meters?west=-100.33&south=25.66&east=-100.29&north=25.68";
    expect((await on("localhost", { method: "GET", url: box })).json().data.items.length).toBeGreaterThan(0);
    expect((await on("isisa.localhost", { method: "GET", url: box })).json().data.items).toEqual([]);

    const peninsulaInUs = (await on("us.localhost", { method: "GET", url: "/api/open/event-series/peninsula" })).json()
      .data;
    expect(peninsulaInUs.events).toEqual([]);
    const peninsula = (await on("localhost", { method: "GET", url: "/api/open/event-series/peninsula" })).json().data;
    expect(peninsula.events.length).toBeGreaterThan(0);
  });

  it("shows the US host its own support line and no Mexican one", async () => {
    const host = (await on("us.localhost", { method: "GET", url: "/api/open/host" })).json().data;
    expect(host.contact).toEqual({ email: "help@us.estaciona.localhost", phone: "+15125550123" });
    expect(host.faq).toBeNull();
    const page = await on("us.localhost", { method: "GET", url: "/contacto" });
    expect(page.body).not.toContain("+528112345678");
  });
});

describe("a host's configuration in the console", () => {
  it("sets the lots a host offers, its support contact and questions, audited; another organisation's lot does not exist here", async () => {
    const platform = await createOperator(app, { platform: true });
    const seeded = await app.db
      .selectFrom("hosts")
      .selectAll()
      .where("hostname", "=", "localhost")
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto("hosts")
      .values({ ...seeded, hostname: "campus.localhost", is_default: 0, created_at: nowIso() })
      .execute();
    const body = {
      theme: "isisa",
      brand_name: "Campus",
      logo: "/themes/isisa/logo.svg",
      primary_color: "#7a1f3d",
      login_text: { es: "Hola", en: "Hello" },
      width: 250,
      map: { lat: 25.65, lng: -100.29, zoom: 14 },
      force_spanish: true,
      features: ["visits", "subscriptions"],
      organisation_uuid: seeded.organisation_id,
      privacy_url_en: null,
    };
    const foreign = await on("localhost", {
      method: "PUT",
      url: "/api/admin/host/campus.localhost",
      headers: platform.headers,
      payload: { ...body, location_uuids: [offers.campusLot, offers.otherLot] },
    });
    expect(foreign.statusCode).toBe(404);

    const faq = {
      es: [{ question: "¿Dónde está la caseta?", answer: "En la entrada norte del campus." }],
      en: [{ question: "Where is the booth?", answer: "At the campus's north entrance." }],
    };
    const saved = await on("localhost", {
      method: "PUT",
      url: "/api/admin/host/campus.localhost",
      headers: platform.headers,
      payload: {
        ...body,
        location_uuids: [offers.campusLot],
        support_email: "Caseta@Campus.mx",
        support_phone: "+528181234567",
        faq,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      location_uuids: [offers.campusLot],
      support_email: "caseta@campus.mx",
      support_phone: "+528181234567",
      faq,
    });
    const host = (await on("campus.localhost", { method: "GET", url: "/api/open/host" })).json().data;
    expect(host.contact).toEqual({ email: "caseta@campus.mx", phone: "+528181234567" });
    expect(host.faq).toEqual(faq);
    expect([...(await locationsOfPlans("campus.localhost"))]).toEqual([offers.campusLot]);

    const audit = (
      await on("localhost", { method: "GET", url: "/api/admin/audit?limit=100", headers: platform.headers })
    ).json().data;
    const entry = audit.items.find(
      (item: { action: string; subject_uuid: string }) =>
        item.action === "host.update" && item.subject_uuid === "campus.localhost",
    );
    expect(entry.after).toMatchObject({
      support_phone: "+528181234567",
      location_ids: JSON.stringify([offers.campusLot]),
    });

    // A save that leaves the new fields out (an older console) keeps them.
    const kept = await on("localhost", {
      method: "PUT",
      url: "/api/admin/host/campus.localhost",
      headers: platform.headers,
      payload: { ...body, brand_name: "Campus Norte" },
    });
    expect(kept.json().data).toMatchObject({ brand_name: "Campus Norte", support_phone: "+528181234567" });
  });
});

describe("promo codes per organisation", () => {
  it("a code for every plan discounts only its organisation's plans; a limited staff member cannot make one", async () => {
    const norte = await createOperator(app, { organisationId: offers.otherOrganisation });
    const code = `NORTE${Date.now().toString(36).toUpperCase()}`;
    const created = await on("localhost", {
      method: "POST",
      url: "/api/admin/discount",
      headers: norte.headers,
      payload: { code, kind: "percent", value: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);

    const driver = await createDriverWithVehicle(app);
    const quote = await on("localhost", {
      method: "GET",
      url: `/api/user/plan/${offers.monthlyPass}/quote?discount_code=${code}`,
      headers: driver.headers,
    });
    expect(quote.statusCode).toBe(422);
    expect(quote.json().error).toBe("discount_not_available_for_this_plan");
    const promo = await on("localhost", { method: "GET", url: `/api/user/discount/${code}`, headers: driver.headers });
    expect(promo.json().data.plans).toEqual([]);

    // The platform organisation's code lists on the university host only that host's passes.
    const welcome = await on("isisa.localhost", {
      method: "GET",
      url: "/api/user/discount/BIENVENIDA",
      headers: driver.headers,
    });
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json().data.plans.map((plan: { uuid: string }) => plan.uuid)).toEqual([offers.studentPass]);

    const staff = await createOperator(app, { locationIds: [offers.parkLot] });
    const refused = await on("localhost", {
      method: "POST",
      url: "/api/admin/discount",
      headers: staff.headers,
      payload: { code: `${code}X`, kind: "percent", value: 10 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("forbidden_access");
    const listed = await on("localhost", {
      method: "GET",
      url: "/api/admin/discounts?limit=100",
      headers: staff.headers,
    });
    expect(listed.body).not.toContain(code);
  });
});
