import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "../support/helpers.ts";
import {
  fillPath,
  type Operation,
  openRouteWalk,
  plausibleBody,
  propertiesOf,
  signedInOperatorWithGate,
  takesText,
} from "../support/route-walk.ts";
import { createLocation, createVenue } from "../support/world.ts";

/** Values at the edges of what the engines hold, on every route and in money bodies. */

const { app, operations, expectRobustAnswer } = await openRouteWalk();
afterAll(async () => app.close());
// A lot and a venue of the platform organisation, for the walk's bodies to name.
await createLocation(app);
await createVenue(app);
const { operator, credentials, someLocation } = await signedInOperatorWithGate(app);

// ---------------------------------------------------------------------------------------------
// Values at the edges of what the engines hold (numbers, dates, lengths, cursors, duplicate keys)

/** Numbers PostgreSQL's integer and bigint columns refuse, or that JavaScript cannot hold exactly. */
const EDGE_NUMBERS: Record<string, string> = {
  "2^31": "2147483648",
  "-2^31-1": "-2147483649",
  "2^53+1": "9007199254740993",
  "1e20": "1e20",
  "1e308": "1e308",
  "-1": "-1",
  "0.5": "0.5",
  "-0.01": "-0.01",
  zero: "0",
};
/** Dates and times that parse in JavaScript but not in every engine, or not as a calendar day. */
const EDGE_DATES = [
  "0000-01-01",
  "9999-12-31",
  "2026-02-30",
  "2026-13-01",
  "+275760-09-13",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-12-01T25:00:00Z",
];
const EDGE_QUERY = [
  "2147483648",
  "9007199254740993",
  "-1",
  "0.5",
  "1e400",
  "0000-01-01",
  "9999-12-31T23:59:59Z",
  "zzz%7Czzz",
  "9999-99-99T99%3A99%3A99Z%7Cnot-a-uuid",
  "%7C",
  "eyJpZCI6MX0",
  "x".repeat(3000),
];

describe(`values at the edges of what the engines hold, on every route (${testEngine})`, () => {
  /** A plausible body whose ids name real things, so the edge value reaches the domain and the database. */
  const reachingBody = (operation: Operation, having?: string) => {
    const body = plausibleBody(operation.body, having);
    for (const name of Object.keys(body)) if (name.endsWith("location_uuid")) body[name] = someLocation?.uuid;
    return body;
  };
  const raw = (body: Record<string, unknown>, name: string, literal: string) =>
    JSON.stringify({ ...body, [name]: "\u0000edge" }).replace('"\\u0000edge"', literal);

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}`, async () => {
      const headers = { "accept-language": "en", "content-type": "application/json", ...credentials };
      const url = fillPath(operation.path, {});
      const send = (label: string, request: Omit<InjectOptions, "method" | "url"> & { url?: string }) =>
        expectRobustAnswer(label, { method: operation.method, url, headers, ...request });

      for (const [name, property] of propertiesOf(operation.body)) {
        const body = reachingBody(operation, name);
        for (const [kind, literal] of Object.entries(EDGE_NUMBERS))
          await send(`${name} = ${kind}`, { payload: raw(body, name, literal) });
        if (takesText(property.schema)) {
          for (const value of EDGE_DATES)
            await send(`${name} = ${value}`, { payload: raw(body, name, JSON.stringify(value)) });
          await send(`${name} of 5,000 characters`, { payload: raw(body, name, JSON.stringify("x".repeat(5000))) });
        }
        await send(`${name} twice`, { payload: `${JSON.stringify(body).slice(0, -1)},"${name}":12345}` });
      }
      for (const parameter of operation.queryParameters)
        for (const value of EDGE_QUERY)
          await send(`query ${parameter}=${value.slice(0, 40)}`, { url: `${url}?${parameter}=${value}` });
    });
  }
});

const venue = (
  (await app.inject({ method: "GET", url: "/api/open/locations" })).json().data as Array<{ uuid: string; kind: string }>
).find((location) => location.kind === "venue")?.uuid;

describe(`money and counts beyond what the engines hold, in bodies that are otherwise valid (${testEngine})`, () => {
  const hour = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
  /** One valid body per route that stores money or counts an operator types. */
  const VALID: Array<{ url: string; body: Record<string, unknown> }> = [
    {
      url: "/api/admin/location",
      body: {
        name: "Edge",
        address: "Av. Constitución 100",
        kind: "lot",
        lat: 25.6,
        lng: -100.3,
        time_zone: "America/Monterrey",
        country: "mx",
        freeflow: false,
        active: true,
        capacity: 10,
        exit_window_minutes: 15,
        invoice_window_days: 30,
        invoicing: "automatic",
        email_domain: null,
        tariff: {
          grace_minutes: 0,
          first_period_minutes: 60,
          first_period_price: 100,
          increment_minutes: 60,
          increment_price: 100,
          daily_max: 1000,
        },
        rates: {
          tax_rate_bp: 1600,
          convenience_rate_bp: 10_000,
          convenience_fixed: 500,
          card_rate_bp: 10_000,
          card_fixed: 0,
        },
      },
    },
    {
      url: "/api/admin/plan",
      body: { location_uuid: someLocation?.uuid, name: "Edge", cost: 1000, interval: "one_time", availability: 5 },
    },
    {
      url: "/api/admin/discount",
      body: { code: "EDGE", kind: "amount", value: 100, currency: "mxn", periods: 1, max_redemptions: 5 },
    },
    {
      url: "/api/admin/event",
      body: {
        location_uuid: venue,
        name: "Edge",
        description: "",
        starts_at: hour(48),
        ends_at: hour(52),
        places: 10,
        suggested_amount: 10_000,
        amount_editable: true,
        min_amount: 5000,
        max_amount: 20_000,
        sales_open_at: hour(-1),
        sales_close_at: hour(47),
      },
    },
  ];
  /** Every numeric leaf of a body, as a path. */
  const numericPaths = (value: unknown, path: string[] = []): string[][] =>
    typeof value === "number"
      ? [path]
      : value && typeof value === "object"
        ? Object.entries(value).flatMap(([key, inner]) => numericPaths(inner, [...path, key]))
        : [];
  const withValue = (body: unknown, [head, ...rest]: string[], value: unknown): unknown =>
    head === undefined
      ? value
      : { ...(body as object), [head]: withValue((body as Record<string, unknown>)[head], rest, value) };

  let codes = 0;
  for (const { url, body } of VALID) {
    it(`${url}: every number at 2^31, 2^53 - 1 and 1e15 is refused or stored whole, and the lists still answer`, async () => {
      for (const path of numericPaths(body)) {
        for (const edge of [2 ** 31, 2 ** 53 - 1, 1e15]) {
          // A discount code is unique: each case gets its own, so a refusal is the number's.
          const payload = withValue(url.endsWith("discount") ? { ...body, code: `EDGE${++codes}` } : body, path, edge);
          await expectRobustAnswer(`${path.join(".")} = ${edge}`, {
            method: "POST",
            url,
            headers: { ...operator.headers, "accept-language": "en" },
            payload: payload as Record<string, unknown>,
          });
        }
      }
      for (const list of ["/api/open/locations", "/api/admin/locations", "/api/admin/plans", "/api/admin/discounts"]) {
        const answer = await app.inject({ method: "GET", url: list, headers: operator.headers });
        expect(answer.statusCode, `${list} ${answer.body.slice(0, 200)}`).toBe(200);
      }
    });
  }
});
