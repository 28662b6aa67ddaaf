import { randomUUID } from "node:crypto";
import type { Endpoint } from "@estaciona/contracts/endpoint";
import { errorAnswersOf } from "@estaciona/contracts/endpoint-errors";
import { resources } from "@estaciona/i18n";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { declaredEndpoints } from "../support/declared-endpoints.ts";
import { createSignedInUser, createTestApp, testEngine } from "../support/helpers.ts";
import { dropAt, mutations, toJsonSchema, validObject, validSample, withLiteral } from "../support/hostile-values.ts";
import { locationBody } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, saveSandboxCard } from "../support/parking-fixtures.ts";
import { databaseFingerprint } from "../support/row-fingerprint.ts";
import { walkWorld } from "../support/worlds/walk.ts";

/**
 * The promise of docs/product/calls-and-errors.md, generated from the contracts: every declared endpoint
 * (packages/contracts/src/endpoints) is called by the caller it is for — a driver, an operator, a
 * device of the kind it serves — with a body, path and query its own zod schemas accept, then
 * broken in seeded fast-check ways: wrong types, missing fields, null, huge and fractional and
 * negative numbers, NaN-like strings, unicode junk, extra fields, arrays for objects, no body,
 * malformed JSON, invalid and unknown ids, hostile query strings. Every answer must be a success
 * or `{ error, error_description }` with a catalogue code, a status that fits the code, a
 * description in the caller's language (Spanish without `Accept-Language`, English with `en`),
 * never a 5xx; and a refused write must leave every table as it was.
 */

const SEED = 20_261_127;
/** Cases per endpoint: ~160 endpoints × this stays well under a minute per engine. */
const RUNS_PER_ENDPOINT = 24;

const app = await createTestApp({
  env: { API_IP_MAX_PER_MINUTE: "1000000", SIGN_IN_IP_MAX_PER_HOUR: "1000000" },
});
afterAll(async () => app.close());

const declared = await declaredEndpoints();

// ---------------------------------------------------------------------------------------------
// What an answer must be

/** Each message of a language's catalogues as a pattern, its `{{placeholders}}` matching anything. */
function messagePatterns(locale: "es" | "en"): RegExp[] {
  const leaves = (node: unknown): string[] =>
    typeof node === "string" ? [node] : node && typeof node === "object" ? Object.values(node).flatMap(leaves) : [];
  return leaves(resources[locale]).map(
    (message) =>
      new RegExp(
        `^${message
          .split(/\{\{[^}]+\}\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("[\\s\\S]+?")}$`,
      ),
  );
}
const MESSAGES = { es: messagePatterns("es"), en: messagePatterns("en") };
const isMessageIn = (locale: "es" | "en", text: string) => MESSAGES[locale].some((pattern) => pattern.test(text));

// ---------------------------------------------------------------------------------------------
// The callers, and real things for ids to name, so a broken field reaches the domain and the database

const world = await walkWorld(app);
const operator = await createSignedInUser(app, { role: "admin" });
const locations = (await app.inject({ method: "GET", url: "/api/admin/locations", headers: operator.headers })).json()
  .data as Array<{ uuid: string; kind: string }>;
const locationOfKind = (kind: string) => locations.find((location) => location.kind === kind)?.uuid ?? randomUUID();

async function registerDevice(kind: string, locationKind: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/device",
    headers: operator.headers,
    payload: {
      device_id: `hostile-${kind}-${randomUUID()}`,
      location_uuid: locationOfKind(locationKind),
      kind,
      direction: "both",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { uuid: string; key: string };
}
const DEVICE_KEYS = {
  gate: (await registerDevice("gate", "lot")).key,
  meter: (await registerDevice("meter", "meter")).key,
  valet: (await registerDevice("valet", "valet")).key,
  venueGate: (await registerDevice("gate", "venue")).key,
};
/** The device kind that serves a `device/…` path. */
const deviceKeyFor = (path: string) =>
  path.startsWith("/device/valet")
    ? DEVICE_KEYS.valet
    : path.startsWith("/device/meter")
      ? DEVICE_KEYS.meter
      : path.startsWith("/device/event")
        ? DEVICE_KEYS.venueGate
        : DEVICE_KEYS.gate;

const someEvent = (await app.db.selectFrom("events").select("id").limit(1).executeTakeFirst())?.id ?? randomUUID();
/** A meter zone is a location of kind `meter`. */
const someMeter = locationOfKind("meter");
const someZoneCode =
  (await app.db.selectFrom("parking_meters").select("zone_code").limit(1).executeTakeFirst())?.zone_code ?? "100";
const someHostname = (await app.db.selectFrom("hosts").select("hostname").limit(1).executeTakeFirst())?.hostname ?? "";

/**
 * The caller an endpoint is for: the operator, a device, or a fresh driver per endpoint with a
 * complete profile, a vehicle, a card and a visit under way, so ids in a body or path can name
 * the driver's own things.
 */
async function callerFor(
  endpoint: Endpoint,
): Promise<{ headers: Record<string, string>; owned: Record<string, string> }> {
  if (endpoint.auth === "admin") return { headers: operator.headers, owned: {} };
  if (endpoint.auth === "device") return { headers: { "x-device-key": deviceKeyFor(endpoint.path) }, owned: {} };
  if (endpoint.auth === "none") return { headers: {}, owned: {} };
  const driver = await createDriverWithVehicle(app);
  const card = await saveSandboxCard(app, driver.user.id);
  const visit = await app.inject({
    method: "POST",
    url: "/api/user/visit",
    headers: driver.headers,
    payload: { location_uuid: world.lot.id, vehicle_uuid: driver.vehicle.id },
  });
  expect(visit.statusCode, visit.body).toBe(201);
  return {
    headers: driver.headers,
    owned: { vehicle: driver.vehicle.id, method: card.id, visit: visit.json().data.uuid as string },
  };
}

/** Things an operator may act on without spoiling the callers above. */
const spareDriver = await createSignedInUser(app);
const spareOperator = await createSignedInUser(app, { role: "admin" });
const spareDevice = await registerDevice("gate", "lot");
const spareLocation = await app.inject({
  method: "POST",
  url: "/api/admin/location",
  headers: operator.headers,
  payload: locationBody({ name: "Hostile spare" }),
});
expect(spareLocation.statusCode, spareLocation.body).toBe(201);

/** A real id for a `:uuid` path parameter, from the words before it. */
function realPathId(path: string, owned: Record<string, string>): string {
  const resource = path.split("/:")[0]?.split("/").at(-1) ?? "";
  const byResource: Record<string, string | undefined> = {
    event: someEvent,
    location: path.includes("event") ? locationOfKind("venue") : (spareLocation.json().data.uuid as string),
    plan: world.plan.id,
    meter: someMeter,
    discount: world.discount.id,
    organisation: PLATFORM_ORGANISATION.id,
    ...owned,
    driver: spareDriver.user.id,
    operator: spareOperator.user.id,
    device: spareDevice.uuid,
  };
  return byResource[resource] ?? randomUUID();
}

function realPathParams(endpoint: Endpoint, owned: Record<string, string>): Record<string, string> {
  const real: Record<string, string> = {
    slug: endpoint.path.includes("partner") ? world.partnerPage.slug : world.series.slug,
    code: endpoint.path.includes("discount") ? world.discount.code : someZoneCode,
    hostname: someHostname,
  };
  return Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name = ""]) => [
      name,
      name === "uuid" ? realPathId(endpoint.path, owned) : (real[name] ?? "x"),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// The walk

let cases = 0;
const casesByEndpoint: Record<string, number> = {};

describe(`hostile input on every declared endpoint, as its own caller (${testEngine})`, () => {
  it("walks every declaration", () => {
    expect(declared.length).toBeGreaterThan(100);
  });

  for (const [index, { name, endpoint }] of declared.entries()) {
    it(`${name}: ${endpoint.method} ${endpoint.path} (${endpoint.auth})`, async () => {
      const schemas = await endpoint.schemas();
      const caller = await callerFor(endpoint);
      const ids: Record<string, string | undefined> = {
        location_uuid: locationOfKind(
          endpoint.path.includes("event") ? "venue" : endpoint.path.includes("meter") ? "meter" : "lot",
        ),
        vehicle_uuid: caller.owned.vehicle,
        payment_method_uuid: caller.owned.method,
        visit_uuid: caller.owned.visit,
        plan_uuid: world.plan.id,
        zone_uuid: someMeter,
        event_uuid: someEvent,
        organisation_uuid: PLATFORM_ORGANISATION.id,
      };
      const declaredAnswers = new Set(
        errorAnswersOf(endpoint, {
          params: schemas.params !== undefined,
          query: schemas.query !== undefined,
          body: schemas.body !== undefined,
        }).map(({ status, code }) => `${status} ${code}`),
      );
      const bodySchema = toJsonSchema(schemas.body);
      const querySchema = toJsonSchema(schemas.query);
      const validBody = bodySchema ? validSample(validObject(bodySchema, ids), schemas.body, SEED + index) : undefined;
      const validQuery = querySchema ? validSample(validObject(querySchema, ids), schemas.query, SEED + index) : {};
      const queryNames = Object.keys(querySchema?.properties ?? {});
      const params = realPathParams(endpoint, caller.owned);
      const writes = endpoint.method !== "GET";
      // Attempts that count on purpose, refused or not: sign-in tries against the phone (docs/product/sign-in-and-sessions.md),
      // card additions against the driver and the address (docs/decisions/0013).
      const ignored =
        endpoint.oauth || endpoint.path === "/open/user"
          ? ["users", "login_codes"]
          : endpoint.path.endsWith("payment/method")
            ? ["card_attempts"]
            : [];
      let known = writes ? await databaseFingerprint(app, ignored) : undefined;

      const property = fc.asyncProperty(
        fc.array(mutations(endpoint, validBody, queryNames), { minLength: 1, maxLength: 2 }),
        fc.constantFrom(undefined, "en", "es-MX,es;q=0.9", "en-US,en;q=0.8", "fr"),
        async (broken, language) => {
          let body: string | undefined = validBody === undefined ? undefined : JSON.stringify(validBody);
          let contentType = "application/json";
          const pathValues = { ...params };
          const query: string[] = Object.entries(validQuery).map(
            ([key, value]) => `${key}=${encodeURIComponent(String(value))}`,
          );
          const headers: Record<string, string> = { ...caller.headers };
          if (endpoint.idempotent) headers["idempotency-key"] = randomUUID();
          for (const mutation of broken) {
            const current = body === undefined ? {} : (JSON.parse(body) as unknown);
            if (mutation.kind === "field") body = withLiteral(current, mutation.path, mutation.literal);
            else if (mutation.kind === "drop") body = JSON.stringify(dropAt(current, mutation.path));
            else if (mutation.kind === "extra") body = withLiteral(current, [mutation.name], mutation.literal);
            else if (mutation.kind === "body") {
              body = mutation.raw;
              contentType = mutation.contentType;
            } else if (mutation.kind === "path") pathValues[mutation.name] = mutation.value;
            else if (mutation.kind === "query") query.push(`${mutation.name}=${mutation.value}`);
            else if (mutation.value === undefined) delete headers["idempotency-key"];
            else headers["idempotency-key"] = mutation.value;
            // A later mutation of the body works on JSON; a raw one ends the body's changes.
            if (mutation.kind === "body") break;
          }
          if (language) headers["accept-language"] = language;
          const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE" && body !== undefined;
          const url = `/api${endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, parameter: string) => pathValues[parameter] ?? "")}${
            query.length ? `?${query.join("&")}` : ""
          }`;
          const request: InjectOptions = {
            method: endpoint.method,
            url,
            headers: hasBody ? { ...headers, "content-type": contentType } : headers,
            ...(hasBody ? { payload: body } : {}),
          };
          cases += 1;
          const response = await app.inject(request);
          const context = `${endpoint.method} ${url.slice(0, 300)} [${language ?? "no language"}] ${String(body).slice(0, 300)}\n→ ${response.statusCode} ${response.body.slice(0, 400)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode < 400) {
            if (writes) known = await databaseFingerprint(app, ignored);
            return;
          }
          const answer = JSON.parse(response.body) as Record<string, unknown>;
          expect(Object.keys(answer).sort(), context).toEqual(["error", "error_description"]);
          const { error, error_description: description } = answer as { error: string; error_description: string };
          // Each error answer is one its declaration lists (packages/contracts/src/endpoint-errors.ts).
          expect(
            declaredAnswers.has(`${response.statusCode} ${error}`),
            `${context}\nnot an answer the declaration lists`,
          ).toBe(true);
          const expected = !language || language.startsWith("es") ? "es" : "en";
          expect(isMessageIn(expected, description), `${context}\nnot a message of the ${expected} catalogue`).toBe(
            true,
          );
          if (writes) {
            const now = await databaseFingerprint(app, ignored);
            const changed = Object.keys(now).filter((table) => now[table] !== known?.[table]);
            expect(changed, `${context}\na refused write changed data`).toEqual([]);
          }
        },
      );
      const before = cases;
      await fc.assert(property, { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true });
      casesByEndpoint[name] = cases - before;

      // Whatever was accepted, the reads that show it still answer.
      for (const read of ["/api/open/locations", "/api/open/host"]) {
        const response = await app.inject({ method: "GET", url: read });
        expect(response.statusCode, `${read} after ${name}: ${response.body.slice(0, 200)}`).toBe(200);
      }
    });
  }

  it("ran the cases", () => {
    expect(cases).toBeGreaterThanOrEqual(declared.length * RUNS_PER_ENDPOINT);
    console.info(`hostile input (${testEngine}): ${cases} generated cases over ${declared.length} endpoints`);
  });
});
