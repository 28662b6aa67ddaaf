import { randomUUID } from "node:crypto";
import { ERROR_CODES, OAUTH_ERROR_CODES } from "@estaciona/contracts";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, testEngine } from "./helpers.ts";

/**
 * Robustness (DESIGN §10: "no input ever produces a 500, a stack trace or a half-written
 * change"). Every route is discovered from the OpenAPI document, so routes added later are covered
 * without touching this file. Each route gets malformed JSON, wrong types, missing fields, an
 * oversized body, unknown fields and fast-check values, signed in and not, and every failure must
 * be a catalogue error `{ error, error_description }` that wrote no row anywhere.
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

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  minimum?: number;
  items?: JsonSchema;
}

interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  /** The JSON body's schema, if the route takes one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
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
  if (/email/.test(name)) return "fuzz@example.com";
  if (/phone/.test(name)) return "+528100000000";
  if (/code/.test(name)) return "123456";
  if (name === "state") return "Jalisco";
  if (name === "plate") return "FUZZ01";
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

function plausibleBody(schema: JsonSchema | undefined): Record<string, unknown> {
  const shape = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema;
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
).rows.map((row) => row.name);
const countEveryTable = sql.raw<{ name: string; rows: number | string }>(
  tableNames.map((name) => `select '${name}' as name, count(*) as rows from "${name}"`).join(" union all "),
);

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await countEveryTable.execute(app.db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
}

/** Sends one request and checks the promise of DESIGN §10 for it. */
async function expectRobustAnswer(label: string, request: InjectOptions): Promise<number> {
  const before = await rowCounts();
  const response = await app.inject(request);
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
  return response.statusCode;
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
              const status = await expectRobustAnswer(`${label}, random ${JSON.stringify(body).slice(0, 200)}`, {
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
