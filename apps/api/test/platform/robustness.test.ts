import { randomUUID } from "node:crypto";
import { ERROR_CODES, ERROR_STATUS, OAUTH_ERROR_CODES } from "@estaciona/contracts";
import { text } from "@estaciona/contracts/schemas/common";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { JsonSchema } from "../support/declared-endpoints.ts";
import { createSignedInUser, createTestApp, testEngine } from "../support/helpers.ts";

/**
 * Robustness (docs/product/calls-and-errors.md: "no input ever produces a 500, a stack trace or a half-written
 * change"). Every route is discovered from the OpenAPI document, so routes added later are covered
 * without touching this file. Each route gets malformed JSON, wrong types, missing fields, an
 * oversized body, unknown fields and fast-check values, signed in and not, and every failure must
 * be a catalogue error `{ error, error_description }` that wrote no row anywhere. Then hostile text
 * (NUL and other control characters, lone surrogates) in every field, non-UUID path ids and bodies
 * that are not UTF-8 (over-long and broken sequences): both engines must refuse exactly the same
 * input with exactly the same answer (docs/decisions/0012).
 */

const BODY_LIMIT = 16 * 1024;
const app = await createTestApp({
  env: {
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    // The fuzzing comes from one address; the per-IP limits are tested where they live.
    API_IP_MAX_PER_MINUTE: "1000000",
    SIGN_IN_IP_MAX_PER_HOUR: "1000000",
  },
});
afterAll(async () => app.close());

// ---------------------------------------------------------------------------------------------
// The routes, from the OpenAPI document

interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  querySchemas: Record<string, JsonSchema>;
  /** The JSON body's schema, if the route takes one. */
  body?: JsonSchema;
  pathSchemas: Record<string, JsonSchema>;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const openApi = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
const operations: Operation[] = Object.entries(openApi.paths)
  .filter(([path]) => path.startsWith("/api/") && !path.startsWith("/api/docs"))
  .flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase() as Operation["method"],
          path,
          pathParameters: (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          queryParameters: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
          querySchemas: Object.fromEntries(
            (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p.schema ?? {}]),
          ),
          pathSchemas: Object.fromEntries(
            (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => [p.name, p.schema ?? {}]),
          ),
          body: (content["application/json"] ?? content["application/x-www-form-urlencoded"])?.schema,
        };
      }),
  );

/** Every property a body may have, across the shapes of a union, with whether some shape requires it. */
function propertiesOf(schema: JsonSchema | undefined): Map<string, { schema: JsonSchema; required: boolean }> {
  const found = new Map<string, { schema: JsonSchema; required: boolean }>();
  if (!schema) return found;
  for (const shape of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      const required = shape.required?.includes(name) ?? false;
      found.set(name, { schema: property, required: required || (found.get(name)?.required ?? false) });
    }
  }
  return found;
}

/** A plausible value per field, so a case that breaks one field breaks only that one. */
function plausibleValue(name: string, schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  if (schema.format === "date") return "2026-12-01";
  if (/email/.test(name)) return "fuzz@example.com";
  if (/phone/.test(name)) return "+528100000000";
  if (/code/.test(name)) return "123456";
  if (name === "state") return "Jalisco";
  if (name === "plate") return "FUZZ01";
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

/** A plausible body; of a union, the first shape, or the first that has the field `having`. */
function plausibleBody(schema: JsonSchema | undefined, having?: string): Record<string, unknown> {
  const shapes = schema?.anyOf ?? schema?.oneOf ?? (schema ? [schema] : []);
  const shape = shapes.find((candidate) => having === undefined || having in (candidate.properties ?? {})) ?? shapes[0];
  return Object.fromEntries(
    Object.entries(shape?.properties ?? {}).map(([name, property]) => [name, plausibleValue(name, property)]),
  );
}

/** Values of the wrong type for a field of a given schema. */
function wrongTypes(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const candidates: unknown[] = [12345, "not-the-right-type", true, [1, "two"], { nested: { deep: [] } }, -1.5e308];
  if (!schema.nullable && !type.includes("null")) candidates.push(null);
  return candidates.filter((value) => {
    if (typeof value === "number") return !type.includes("number") && !type.includes("integer");
    if (typeof value === "string") return !type.includes("string") && schema.enum === undefined;
    if (typeof value === "boolean") return !type.includes("boolean");
    if (Array.isArray(value)) return !type.includes("array");
    return value === null || !type.includes("object");
  });
}

// ---------------------------------------------------------------------------------------------
// The checks

const KNOWN_CODES = new Set<string>([...ERROR_CODES, ...OAUTH_ERROR_CODES]);

const tableNames = (
  testEngine === "postgres"
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%'`.execute(app.db)
).rows
  .map((row) => row.name)
  // A refused money call keeps its answer for its Idempotency-Key (replayed, docs/decisions/0006):
  // the key's bookkeeping, not a change; the spec's card calls key on their token (0060).
  .filter((name) => name !== "idempotency_keys");
const countEveryTable = sql.raw<{ name: string; rows: number | string }>(
  tableNames.map((name) => `select '${name}' as name, count(*) as rows from "${name}"`).join(" union all "),
);

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await countEveryTable.execute(app.db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
}

/** Sends one request and checks the promise of docs/product/calls-and-errors.md for it; answers the status and the parsed body. */
let fuzzer = 0;
async function expectRobustAnswer(label: string, request: InjectOptions): Promise<{ status: number; body: unknown }> {
  const before = await rowCounts();
  // Each request from an address of its own: a route's own per-address limit (a receipt's public
  // check, its plate comparison) would otherwise answer 429 to the fuzzing, not to the input.
  const remoteAddress = `10.99.${Math.floor(++fuzzer / 250) % 250}.${(fuzzer % 250) + 1}`;
  const response = await app.inject({ remoteAddress, ...request });
  const context = `${label}: ${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    let body: unknown;
    expect(() => {
      body = JSON.parse(response.body);
    }, context).not.toThrow();
    expect(Object.keys(body as object).sort(), context).toEqual(["error", "error_description"]);
    const { error, error_description } = body as { error: unknown; error_description: unknown };
    expect(KNOWN_CODES.has(String(error)), context).toBe(true);
    expect(typeof error_description === "string" && error_description.length > 0, context).toBe(true);
    expect(await rowCounts(), `${context}\na failed request changed the row counts`).toEqual(before);
  }
  return { status: response.statusCode, body: response.statusCode >= 400 ? response.json() : undefined };
}

const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? randomUUID()));

const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

// Whole file within ~20 s: the random runs per route and sign-in state shrink as routes are added.
const RANDOM_RUNS = Math.max(3, Math.min(12, Math.floor(400 / Math.max(1, operations.length * 2))));

describe(`robustness of every route in the OpenAPI document (${testEngine})`, () => {
  it("finds the routes", () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
      "PUT /api/user/vehicle/{uuid}",
    );
  });

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}`, async () => {
      for (const signedIn of [false, true]) {
        const driver = signedIn ? await createSignedInUser(app) : undefined;
        const headers: Record<string, string> = {
          "accept-language": "en",
          ...(driver?.headers ?? {}),
        };
        const url = fillPath(operation.path, {});
        const label = signedIn ? "signed in" : "anonymous";
        const send = (kind: string, request: Omit<InjectOptions, "method" | "url"> & { url?: string }) =>
          expectRobustAnswer(`${label}, ${kind}`, { method: operation.method, url, ...request });
        const json = { ...headers, "content-type": "application/json" };
        const valid = plausibleBody(operation.body);
        const properties = propertiesOf(operation.body);

        await send("malformed JSON", { headers: json, payload: '{"plate": "ABC123",' });
        await send("JSON that is not an object", { headers: json, payload: "[1,2,3]" });
        await send("empty object", { headers: json, payload: "{}" });
        await send("oversized body", {
          headers: json,
          payload: JSON.stringify({ ...valid, padding: "x".repeat(BODY_LIMIT + 1024) }),
        });
        await send("unknown fields", {
          headers: json,
          payload: JSON.stringify({ ...valid, unknown_field: 1, constructor: "x" }),
        });
        await send("prototype pollution", {
          headers: json,
          payload: `{"__proto__":{"role":"admin"}${Object.keys(valid).length > 0 ? `,${JSON.stringify(valid).slice(1)}` : "}"}`,
        });
        await send("form body with broken escapes", {
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          payload: "phone_number=%E0%A4%A&code=%",
        });
        await send("unsupported media type", {
          headers: { ...headers, "content-type": "text/xml" },
          payload: "<xml/>",
        });
        for (const [name, property] of properties) {
          if (property.required) {
            const { [name]: _dropped, ...missing } = valid;
            await send(`missing ${name}`, { headers: json, payload: JSON.stringify(missing) });
          }
          for (const wrong of wrongTypes(property.schema)) {
            await send(`${name} = ${JSON.stringify(wrong)}`, {
              headers: json,
              payload: JSON.stringify({ ...valid, [name]: wrong }),
            });
          }
        }
        for (const parameter of operation.queryParameters) {
          await send(`query ${parameter}`, { url: `${url}?${parameter}=%00%FF&${parameter}=[]`, headers });
        }
        if (operation.pathParameters.length > 0) {
          await send("path parameter that does not decode", {
            url: operation.path.replace(/\{\w+\}/g, "%E0%A4%A"),
            headers: json,
            payload: JSON.stringify(valid),
          });
          await send("path parameter far too long", {
            url: fillPath(
              operation.path,
              Object.fromEntries(operation.pathParameters.map((p) => [p, "9".repeat(2000)])),
            ),
            headers: json,
            payload: JSON.stringify(valid),
          });
        }

        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.jsonValue({ maxDepth: 3 }),
              fc.record(Object.fromEntries([...properties.keys()].map((name) => [name, anyValue])), {
                requiredKeys: [],
              }),
            ),
            fc.dictionary(
              fc.constantFrom(...(operation.pathParameters.length ? operation.pathParameters : ["_"])),
              fc.string(),
            ),
            async (body, pathValues) => {
              const { status } = await expectRobustAnswer(`${label}, random ${JSON.stringify(body).slice(0, 200)}`, {
                method: operation.method,
                url: fillPath(operation.path, pathValues),
                headers: json,
                payload: JSON.stringify(body),
              });
              return status < 500;
            },
          ),
          { numRuns: RANDOM_RUNS },
        );
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Hostile text, ids and bytes (docs/decisions/0012)

/** The text rule's pattern as the OpenAPI document carries it: a field with it is free text. */
const TEXT_RULE_PATTERN = (z.toJSONSchema(text()) as JsonSchema).pattern;
const carriesTextRule = (schema: JsonSchema): boolean =>
  schema.pattern === TEXT_RULE_PATTERN ||
  [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(carriesTextRule);
const takesText = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes("string") ||
  [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesText);

/** Characters no person types: C0 controls (tab and line breaks too, but in multi-line fields), DEL, C1, lone surrogates. */
const HOSTILE_TEXT: Record<string, string> = {
  NUL: "\u0000",
  "NUL inside": "Ana\u0000Ruiz",
  SOH: "\u0001",
  tab: "a\tb",
  "line feed": "a\nb",
  "carriage return": "a\rb",
  "ANSI escape": "\u001b[31mred",
  DEL: "\u007f",
  "C1 PAD": "\u0080",
  "C1 NEL": "a\u0085b",
  "C1 APC": "\u009f",
  "lone high surrogate": "\ud800",
  "lone low surrogate": "a\udfffb",
  "reversed surrogate pair": "\udc00\ud800",
};
/** What a multi-line field (`text({ multiline: true })`) may carry. */
const MULTI_LINE_KINDS = new Set(["tab", "line feed", "carriage return"]);

/** Whether the field's declared pattern (anywhere in its schema) takes the value. */
const acceptedByPattern = (schema: JsonSchema, value: string): boolean =>
  (schema.pattern !== undefined && new RegExp(schema.pattern).test(value)) ||
  [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((part) =>
    acceptedByPattern(part, value),
  );

/** The same characters in a query string (a URL cannot carry a lone surrogate). */
const HOSTILE_QUERY = ["%00", "a%00b", "%01", "%09", "%0A", "%0D", "%1B", "%7F", "%C2%80", "%C2%9F"];

/** Path ids that are not UUIDs; the undecodable ones are refused by the router itself. */
const DECODABLE_BAD_IDS = [
  "%00",
  "not-a-uuid",
  "1",
  "%20",
  "..%2F..%2Fhealth",
  "x%0Ay",
  "7d1e5a10-0000-4000-8000-00000000010g",
  "7d1e5a10-0000-4000-8000-000000000101%00",
  "'%20or%20'1'%3D'1",
  "%C2%85",
];
const UNDECODABLE_IDS = ["%C0%80", "%ED%A0%80", "%FF", "%E0%A4%A"];

/** Bodies that are not UTF-8: over-long NUL and slash, an encoded surrogate, a stray continuation byte, a cut sequence. */
const NOT_UTF8: Record<string, number[]> = {
  "over-long NUL (C0 80)": [0xc0, 0x80],
  "over-long slash (E0 80 AF)": [0xe0, 0x80, 0xaf],
  "encoded surrogate (ED A0 80)": [0xed, 0xa0, 0x80],
  "stray continuation byte": [0x80],
  "cut sequence": [0xe2, 0x82],
};

const NOT_FOUND_CODES = new Set(
  Object.entries(ERROR_STATUS).flatMap(([code, status]) => (status === 404 ? [code] : [])),
);

// Every guard passed (an administrator's token, a device's key), so what is checked is the input.
const operator = await createSignedInUser(app, { role: "admin" });
const [someLocation] = (await app.inject({ method: "GET", url: "/api/open/locations" })).json().data as Array<{
  uuid: string;
}>;
const gate = await app.inject({
  method: "POST",
  url: "/api/admin/device",
  headers: operator.headers,
  payload: { device_id: "robustness-gate", location_uuid: someLocation?.uuid, kind: "gate", direction: "both" },
});
const credentials = { ...operator.headers, "x-device-key": gate.json().data.key as string };
// The operator signs in once for hundreds of tests; on a loaded runner this file can outlast the
// access token's lifetime (TOKEN_LIFETIMES, 10 minutes), so the token is renewed on the same session
// before it could expire, as the SPA would with its refresh token.
let operatorTokenIssuedAt = Date.now();
beforeEach(async () => {
  if (Date.now() - operatorTokenIssuedAt < 5 * 60_000) return;
  const authorization = `Bearer ${await app.accessTokens.issue(operator.user.id, operator.sessionId)}`;
  operator.headers.authorization = authorization;
  credentials.authorization = authorization;
  operatorTokenIssuedAt = Date.now();
});

describe(`hostile text, ids and bytes on every route (${testEngine})`, () => {
  for (const operation of operations) {
    it(`${operation.method} ${operation.path}`, async () => {
      const headers = { "accept-language": "en", "content-type": "application/json", ...credentials };
      const valid = plausibleBody(operation.body);
      const url = fillPath(operation.path, {});

      for (const [name, property] of propertiesOf(operation.body)) {
        if (!takesText(property.schema)) continue;
        for (const [kind, value] of Object.entries(HOSTILE_TEXT)) {
          // A multi-line field (its pattern, the text rule's, lets these through) takes tab and line breaks.
          if (MULTI_LINE_KINDS.has(kind) && acceptedByPattern(property.schema, value)) continue;
          const { status, body } = await expectRobustAnswer(`${name} with ${kind}`, {
            method: operation.method,
            url,
            headers,
            payload: JSON.stringify({ ...plausibleBody(operation.body, name), [name]: value }),
          });
          const context = `${operation.method} ${operation.path} ${name} with ${kind}`;
          // Never accepted: a control character or half a character is refused the same on both engines.
          expect(status, context).toBeGreaterThanOrEqual(400);
          if (carriesTextRule(property.schema))
            expect({ status, body }, context).toEqual(
              // OAuth's endpoints answer any body their schema refuses with RFC 6749 §5.2's code.
              operation.path.startsWith("/api/oauth/")
                ? { status: 400, body: { error: "invalid_request", error_description: expect.any(String) } }
                : {
                    status: 422,
                    body: {
                      error: "invalid_data",
                      error_description: `The field ${name} contains characters that are not allowed (control characters or incomplete Unicode).`,
                    },
                  },
            );
        }
      }

      for (const parameter of operation.queryParameters) {
        // The other parameters plausible, so the hostile value is the one thing wrong.
        const others = operation.queryParameters
          .filter((other) => other !== parameter)
          .map(
            (other) =>
              `${other}=${encodeURIComponent(String(plausibleValue(other, operation.querySchemas[other] ?? {})))}&`,
          )
          .join("");
        for (const value of HOSTILE_QUERY) {
          const { status, body } = await expectRobustAnswer(`query ${parameter}=${value}`, {
            method: operation.method,
            url: `${url}?${others}${parameter}=${value}`,
            headers,
          });
          expect(status, `${parameter}=${value}`).toBe(422);
          if (carriesTextRule(operation.querySchemas[parameter] ?? {}))
            expect((body as { error_description: string }).error_description).toContain(parameter);
        }
      }

      if (operation.pathParameters.length > 0) {
        const withId = (id: string) => operation.path.replace(/\{\w+\}/g, id);
        for (const id of DECODABLE_BAD_IDS) {
          const { status, body } = await expectRobustAnswer(`path id ${id}`, {
            method: operation.method,
            url: withId(id),
            headers,
            payload: JSON.stringify(valid),
          });
          // A well-formed name of a parameter that is not a UUID (a hostname) may name something:
          // the body's own rules answer first, robustly (checked above).
          const wellFormed = operation.pathParameters.every((name) =>
            acceptedByPattern(operation.pathSchemas[name] ?? {}, decodeURIComponent(id)),
          );
          if (wellFormed) continue;
          // Text that is not a UUID names nothing: the route's own "not found", like an unknown id.
          expect({ id, status }).toEqual({ id, status: 404 });
          expect(NOT_FOUND_CODES.has((body as { error: string }).error), id).toBe(true);
        }
        for (const id of UNDECODABLE_IDS) {
          const { status, body } = await expectRobustAnswer(`path id ${id}`, {
            method: operation.method,
            url: withId(id),
            headers,
          });
          expect({ id, status, error: (body as { error: string }).error }).toEqual({
            id,
            status: 400,
            error: "invalid_data",
          });
        }
      }

      if (operation.body) {
        const field = [...propertiesOf(operation.body).keys()][0] ?? "field";
        for (const [kind, bytes] of Object.entries(NOT_UTF8)) {
          const payload = Buffer.concat([
            Buffer.from(JSON.stringify(valid).replace(/}$/, `${Object.keys(valid).length ? "," : ""}"${field}":"`)),
            Buffer.from(bytes),
            Buffer.from('"}'),
          ]);
          const { status, body } = await expectRobustAnswer(kind, { method: operation.method, url, headers, payload });
          expect({ kind, status, error: (body as { error: string }).error }).toEqual({
            kind,
            status: 400,
            error: "malformed_request_invalid_json",
          });
        }
      }
    });
  }

  it("the OAuth endpoints refuse hostile text in every field with invalid_request", async () => {
    const fields: Record<string, Record<string, string>> = {
      "/api/oauth/v2/token": {
        grant_type: "sms",
        client_id: "estaciona-web",
        client_secret: "estaciona-web-public",
        phone_number: "+528100000000",
        code: "123456",
        subdomain: "centro",
      },
      "/api/oauth/v2/revoke": { token: "some-token", client_id: "estaciona-web", token_type_hint: "refresh_token" },
    };
    const refresh = { grant_type: "refresh_token", client_id: "estaciona-web", refresh_token: "some-token" };
    for (const [url, body] of [...Object.entries(fields), ["/api/oauth/v2/token", refresh] as const]) {
      for (const name of Object.keys(body).filter((field) => field !== "grant_type")) {
        for (const [kind, value] of Object.entries(HOSTILE_TEXT)) {
          const label = `${url} ${name} with ${kind}`;
          const { status, body: answer } = await expectRobustAnswer(label, {
            method: "POST",
            url,
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ ...body, [name]: value }),
          });
          // Revoke answers 200 whatever the token (RFC 7009) but never looks a hostile one up.
          if (url.endsWith("/revoke") && status === 200) continue;
          expect({ label, status, error: (answer as { error: string }).error }).toEqual({
            label,
            status: 400,
            error: "invalid_request",
          });
        }
      }
    }
  });

  it("the sandbox outbox and the sandbox 3-D Secure pages answer a NUL without a 500", async () => {
    for (const request of [
      { method: "GET" as const, url: "/api/sandbox/outbox?recipient=%00" },
      { method: "GET" as const, url: "/sandbox/3ds/%00" },
      { method: "GET" as const, url: "/sandbox/3ds/ch_%00" },
      { method: "POST" as const, url: "/sandbox/3ds/%00/approve" },
      { method: "POST" as const, url: "/sandbox/3ds/ch_%00/fail" },
    ]) {
      const before = await rowCounts();
      const response = await app.inject(request);
      expect({ url: request.url, status: response.statusCode }).toEqual({
        url: request.url,
        status: request.url.startsWith("/api/") ? 422 : 404,
      });
      expect(await rowCounts()).toEqual(before);
    }
    const before = await rowCounts();
    const token = await app.inject({
      method: "POST",
      url: "/sandbox/v1/tokens",
      payload: { number: "4242424242424242", exp_month: "12", exp_year: "2040", cvc: "123", name: "Ana\u0000" },
    });
    expect(token.statusCode).toBe(422);
    expect(token.json().error).toMatchObject({ code: "invalid_name", param: "name" });
    expect(await rowCounts()).toEqual(before);
  });
});

describe(`a driver cannot reach another driver's vehicles (${testEngine})`, () => {
  it("reads, edits and deletes of B's vehicle by A are vehicle_not_found and change nothing", async () => {
    const owner = await createSignedInUser(app);
    const intruder = await createSignedInUser(app);
    const created = await app.inject({
      method: "POST",
      url: "/api/user/vehicle",
      headers: owner.headers,
      payload: { plate: "IDOR01", state: "Jalisco", brand: "Mazda" },
    });
    expect(created.statusCode).toBe(201);
    const vehicle = created.json().data as { uuid: string };
    const ownersView = async () =>
      (await app.inject({ method: "GET", url: "/api/user/vehicles", headers: owner.headers })).json();
    const before = await ownersView();

    for (const [method, payload] of [
      ["PUT", { plate: "STOLEN1", state: "Texas" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await app.inject({
        method,
        url: `/api/user/vehicle/${vehicle.uuid}`,
        headers: intruder.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("vehicle_not_found");
    }
    for (const url of ["/api/user/vehicles", "/api/user/view", "/api/user/export"]) {
      const response = await app.inject({ method: "GET", url, headers: intruder.headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(vehicle.uuid);
      expect(response.body).not.toContain("IDOR01");
    }
    // Every route that takes an id in its path, given B's vehicle id by A, must not succeed.
    for (const operation of operations.filter((candidate) => candidate.pathParameters.length > 0)) {
      const response = await app.inject({
        method: operation.method,
        url: fillPath(operation.path, Object.fromEntries(operation.pathParameters.map((name) => [name, vehicle.uuid]))),
        headers: intruder.headers,
        ...(operation.method === "GET" || operation.method === "DELETE"
          ? {}
          : { payload: plausibleBody(operation.body) }),
      });
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBeGreaterThanOrEqual(400);
    }
    expect(await ownersView()).toEqual(before);
  });
});

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
