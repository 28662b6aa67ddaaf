import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { createSignedInUser, createTestApp, testEngine } from "../support/helpers.ts";
import { createOperator, locationBody } from "../support/operator-fixtures.ts";
import { createEvent, createMeterZone, createVenue } from "../support/world.ts";
import { consoleWorld } from "../support/worlds/console.ts";

/**
 * The console's events and meter zones (issue 15, docs/decisions/0049, 0050): the lists the
 * screens read, scoped to the operator's organisation, and the audit of every change.
 */

const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { lot, otherOrganisation } = await consoleWorld(app);
/** The organisation's arena with an upcoming event, its "peninsula" event series, its meter zone "100". */
const arena = (await createVenue(app)).id;
await createEvent(app, arena);
await app.db
  .insertInto("event_series")
  .values({
    id: newId(),
    organisation_id: PLATFORM_ORGANISATION.id,
    slug: "peninsula",
    name: "Festival Prueba",
    description: "",
    created_at: nowIso(),
  })
  .execute();
const meterZone = (await createMeterZone(app, { meter: { zone_code: "100" } })).location.id;

type Headers = Record<string, string>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const eventBody = (venue: string, startsIn: number, overrides: Record<string, unknown> = {}) => ({
  location_uuid: venue,
  name: `Evento ${newId().slice(0, 6)}`,
  description: "",
  starts_at: at(startsIn),
  ends_at: at(startsIn + 3 * HOUR),
  places: 50,
  suggested_amount: 12000,
  amount_editable: false,
  min_amount: 12000,
  max_amount: 12000,
  sales_open_at: at(-DAY),
  sales_close_at: at(startsIn + HOUR),
  ...overrides,
});

const zoneBody = (location: string, code: string) => ({
  location_uuid: location,
  zone_code: code,
  device_id: `meter-${newId()}`,
  area: [
    [-100.3, 25.6],
    [-100.29, 25.6],
    [-100.29, 25.61],
    [-100.3, 25.6],
  ],
  rate_per_hour: 1500,
  min_minutes: 15,
  max_minutes: 120,
  hours: Array.from({ length: 7 }, () => ({ open: 480, close: 1200 })),
});

const get = (headers: Headers, url: string) => app.inject({ method: "GET", url, headers });
const post = (headers: Headers, url: string, payload: object) => app.inject({ method: "POST", url, headers, payload });

async function auditOf(subjectId: string) {
  return app.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id", "organisation_id", "after"])
    .where("subject_id", "=", subjectId)
    .orderBy("created_at")
    .execute();
}

describe(`the console's events (${testEngine})`, () => {
  let owner: Awaited<ReturnType<typeof createOperator>>;
  let stranger: Awaited<ReturnType<typeof createOperator>>;
  let driver: Awaited<ReturnType<typeof createSignedInUser>>;
  let venue: string;
  beforeAll(async () => {
    owner = await createOperator(app);
    stranger = await createOperator(app, { organisationId: otherOrganisation });
    driver = await createSignedInUser(app);
    // A venue of its own, so the seeded events at the Arena do not share the pages counted here.
    const created = await post(
      owner.headers,
      "/api/admin/location",
      locationBody({
        name: `Recinto ${newId().slice(0, 6)}`,
        address: "Av. Fundidora 501, Monterrey",
        kind: "venue",
        lat: 25.68,
        lng: -100.28,
        capacity: 500,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    venue = created.json().data.uuid;
  });

  it("lists upcoming events soonest first and past ones latest first, in keyset pages, with places sold", async () => {
    const ids: string[] = [];
    for (const days of [3, 1, 2]) {
      const created = await post(owner.headers, "/api/admin/event", eventBody(venue, days * DAY));
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.uuid);
    }
    const past = await post(owner.headers, "/api/admin/event", eventBody(venue, 0));
    const pastId = past.json().data.uuid as string;
    await app.db
      .updateTable("events")
      .set({ starts_at: at(-2 * DAY), ends_at: at(-2 * DAY + HOUR), sales_close_at: at(-2 * DAY) })
      .where("id", "=", pastId)
      .execute();

    const first = await get(owner.headers, `/api/admin/events?location_uuid=${venue}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.items.map((event: { uuid: string }) => event.uuid)).toEqual([ids[1], ids[2]]);
    expect(page.items[0]).toMatchObject({ places: 50, places_sold: 0, places_left: 50, status: "scheduled" });
    expect(page.next_cursor).toEqual(expect.any(String));
    const second = (
      await get(
        owner.headers,
        `/api/admin/events?location_uuid=${venue}&limit=2&cursor=${encodeURIComponent(page.next_cursor)}`,
      )
    ).json().data;
    expect(second.items.map((event: { uuid: string }) => event.uuid)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();

    const over = (await get(owner.headers, `/api/admin/events?period=past&location_uuid=${venue}`)).json().data;
    expect(over.items.map((event: { uuid: string }) => event.uuid)).toEqual([pastId]);

    // The whole organisation's list holds the seeded Arena's events too; another organisation's, none of them.
    const all = (await get(owner.headers, "/api/admin/events?limit=50")).json().data;
    expect(all.items.some((event: { location: { uuid: string } }) => event.location.uuid === arena)).toBe(true);
    const foreign = await get(stranger.headers, "/api/admin/events?limit=50");
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).not.toContain(venue);
    expect(foreign.body).not.toContain(arena);
    expect((await get(stranger.headers, `/api/admin/events?location_uuid=${venue}`)).statusCode).toBe(404);
    expect((await get(stranger.headers, `/api/admin/event/${ids[0]}`)).statusCode).toBe(404);
    expect((await get(driver.headers, "/api/admin/events")).statusCode).toBe(403);
  });

  it("refuses a cursor it did not write and a period it does not know with 422, never 500", async () => {
    for (const query of ["cursor=abc", "cursor=2026-01-01T00:00:00.000Z|x", "period=soon", "limit=0", "limit=500"]) {
      const answer = await get(owner.headers, `/api/admin/events?${query}`);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json().error, query).toBe("invalid_data");
    }
    expect((await get(owner.headers, "/api/admin/event/not-a-uuid")).statusCode).toBe(404);
  });

  it("keeps series to the organisation that made them, and audits events as they are created", async () => {
    const slug = `serie-${newId().slice(0, 8)}`;
    const created = await post(owner.headers, "/api/admin/event-series", { slug, name: "Temporada", description: "" });
    expect(created.statusCode).toBe(201);
    const again = await post(owner.headers, "/api/admin/event-series", { slug, name: "Otra", description: "" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("code_already_exist");
    const badSlug = await post(owner.headers, "/api/admin/event-series", {
      slug: "Con Espacios",
      name: "X",
      description: "",
    });
    expect(badSlug.statusCode).toBe(422);

    const event = await post(owner.headers, "/api/admin/event", { ...eventBody(venue, 5 * DAY), series_slug: slug });
    expect(event.statusCode, event.body).toBe(201);
    expect(event.json().data.series).toEqual({ slug, name: "Temporada" });
    const series = (await get(owner.headers, "/api/admin/event-series")).json().data;
    expect(series.find((row: { slug: string }) => row.slug === slug)).toMatchObject({ upcoming_events: 1 });
    // The seeded Península series is the demo organisation's.
    expect(series.some((row: { slug: string }) => row.slug === "peninsula")).toBe(true);

    const foreignSeries = (await get(stranger.headers, "/api/admin/event-series")).json().data;
    expect(foreignSeries.some((row: { slug: string }) => row.slug === slug || row.slug === "peninsula")).toBe(false);
    // Another organisation cannot hang its events on this series.
    const strangerVenue = await app.db
      .selectFrom("locations")
      .select("id")
      .where("organisation_id", "=", otherOrganisation)
      .executeTakeFirst();
    if (strangerVenue) {
      await app.db.updateTable("locations").set({ kind: "venue" }).where("id", "=", strangerVenue.id).execute();
      const borrowed = await post(stranger.headers, "/api/admin/event", {
        ...eventBody(strangerVenue.id, 5 * DAY),
        series_slug: slug,
      });
      expect(borrowed.statusCode).toBe(404);
      await app.db.updateTable("locations").set({ kind: "lot" }).where("id", "=", strangerVenue.id).execute();
    }

    const audit = await auditOf(event.json().data.uuid);
    expect(audit.map((row) => row.action)).toEqual(["event.create"]);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.user.id, organisation_id: PLATFORM_ORGANISATION.id });
    expect(JSON.parse(audit[0]?.after ?? "{}")).toMatchObject({ places: 50, suggested_amount: 12000 });
  });

  it("answers an event's changes and its cancellation in the console's shape, audited", async () => {
    const created = (await post(owner.headers, "/api/admin/event", eventBody(venue, 4 * DAY))).json().data;
    const changed = await app.inject({
      method: "PUT",
      url: `/api/admin/event/${created.uuid}`,
      headers: owner.headers,
      payload: { places: 80, suggested_amount: 9000, min_amount: 9000, max_amount: 9000 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const badDates = await app.inject({
      method: "PUT",
      url: `/api/admin/event/${created.uuid}`,
      headers: owner.headers,
      payload: { ends_at: created.starts_at },
    });
    expect(badDates.statusCode).toBe(422);
    expect(badDates.json().error).toBe("invalid_data");
    const cancelled = await post(owner.headers, `/api/admin/event/${created.uuid}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    const detail = (await get(owner.headers, `/api/admin/event/${created.uuid}`)).json().data;
    expect(detail).toMatchObject({ status: "cancelled", places: 80, places_sold: 0 });
    expect(detail.cancelled_at).toEqual(expect.any(String));
    expect((await auditOf(created.uuid)).map((row) => row.action)).toEqual([
      "event.create",
      "event.update",
      "event.cancel",
    ]);
  });
});

describe(`the console's meter zones (${testEngine})`, () => {
  let owner: Awaited<ReturnType<typeof createOperator>>;
  let stranger: Awaited<ReturnType<typeof createOperator>>;
  const prefix = `Q${newId()
    .slice(0, 4)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "0")}`;
  const locations: string[] = [];
  beforeAll(async () => {
    owner = await createOperator(app);
    stranger = await createOperator(app, { organisationId: otherOrganisation });
    for (let index = 0; index < 3; index += 1) {
      const created = await post(owner.headers, "/api/admin/location", {
        name: `Parquímetro ${prefix}-${index}`,
        address: "Calle Morelos 100, Monterrey",
        kind: "meter",
        lat: 25.67,
        lng: -100.31,
        time_zone: "America/Monterrey",
        country: "mx",
        freeflow: false,
        active: true,
        capacity: null,
        exit_window_minutes: 15,
        invoice_window_days: 30,
        invoicing: "automatic",
        email_domain: null,
        tariff: {
          grace_minutes: 0,
          first_period_minutes: 60,
          first_period_price: 1500,
          increment_minutes: 60,
          increment_price: 1500,
          daily_max: null,
        },
        rates: { tax_rate_bp: 1600, convenience_rate_bp: 0, convenience_fixed: 500, card_rate_bp: 290, card_fixed: 0 },
      });
      expect(created.statusCode, created.body).toBe(201);
      locations.push(created.json().data.uuid);
    }
  });

  it("lists zones by sign-code prefix in code order, in keyset pages, with their device ids", async () => {
    for (const [index, location] of locations.entries()) {
      const created = await post(owner.headers, "/api/admin/meter", zoneBody(location, `${prefix}-${2 - index}`));
      expect(created.statusCode, created.body).toBe(201);
    }
    const first = (await get(owner.headers, `/api/admin/meters?q=${prefix.toLowerCase()}&limit=2`)).json().data;
    expect(first.items.map((zone: { zone_code: string }) => zone.zone_code)).toEqual([`${prefix}-0`, `${prefix}-1`]);
    expect(first.items[0]).toMatchObject({ uuid: locations[2], rate_per_hour: 1500, device_id: expect.any(String) });
    const second = (
      await get(owner.headers, `/api/admin/meters?q=${prefix}&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
    ).json().data;
    expect(second.items.map((zone: { zone_code: string }) => zone.zone_code)).toEqual([`${prefix}-2`]);
    expect(second.next_cursor).toBeNull();
    const one = (await get(owner.headers, `/api/admin/meters?location_uuid=${locations[0]}`)).json().data;
    expect(one.items).toHaveLength(1);
    // The seeded zones are the demo organisation's; another organisation finds none of them.
    const seeded = (await get(owner.headers, "/api/admin/meters?q=100")).json().data;
    expect(seeded.items.map((zone: { uuid: string }) => zone.uuid)).toContain(meterZone);
    const foreign = await get(stranger.headers, `/api/admin/meters?q=${prefix}`);
    expect(foreign.json().data.items).toEqual([]);
    expect((await get(stranger.headers, "/api/admin/meters?q=100")).json().data.items).toEqual([]);
    expect((await get(stranger.headers, `/api/admin/meter/${locations[0]}`)).statusCode).toBe(404);
    expect((await get(stranger.headers, `/api/admin/meters?location_uuid=${locations[0]}`)).statusCode).toBe(404);
    const detail = (await get(owner.headers, `/api/admin/meter/${locations[0]}`)).json().data;
    expect(detail).toMatchObject({ zone_code: `${prefix}-2`, min_minutes: 15, max_minutes: 120 });
  });

  it("answers the catalogue's codes for what the rules refuse, never 500", async () => {
    const again = await post(owner.headers, "/api/admin/meter", zoneBody(locations[0] ?? "", `${prefix}-9`));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("location_already_has_a_parking_meter");
    for (const query of ["q=%25", "q=a_b", "cursor=nope", "limit=0", `location_uuid=x`]) {
      const answer = await get(owner.headers, `/api/admin/meters?${query}`);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json().error, query).toBe("invalid_data");
    }
    const inverted = await app.inject({
      method: "PUT",
      url: `/api/admin/meter/${locations[0]}`,
      headers: owner.headers,
      payload: { ...zoneBody("", `${prefix}-2`), location_uuid: undefined, min_minutes: 90, max_minutes: 30 },
    });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().error).toBe("invalid_data");
    // A lot is no zone: the console's editor finds nothing there.
    expect((await get(owner.headers, `/api/admin/meter/${lot}`)).statusCode).toBe(404);
  });

  it("audits a zone's change with what changed", async () => {
    const location = locations[1] ?? "";
    const changed = await app.inject({
      method: "PUT",
      url: `/api/admin/meter/${location}`,
      headers: owner.headers,
      payload: { ...zoneBody(location, `${prefix}-1`), location_uuid: undefined, rate_per_hour: 1800 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const audit = await auditOf(location);
    const update = audit.find((row) => row.action === "meter.update");
    expect(update).toMatchObject({ actor_user_id: owner.user.id, organisation_id: PLATFORM_ORGANISATION.id });
    expect(JSON.parse(update?.after ?? "{}")).toMatchObject({ rate_per_hour: 1800 });
    expect(audit.some((row) => row.action === "meter.create")).toBe(true);
  });
});
