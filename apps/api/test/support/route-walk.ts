import { randomUUID } from "node:crypto";
import { ERROR_CODES, OAUTH_ERROR_CODES } from "@estaciona/contracts";
import { text } from "@estaciona/contracts/schemas/common";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { beforeEach, expect } from "vitest";
import { z } from "zod";
import type { JsonSchema } from "./declared-endpoints.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "./helpers.ts";

/**
 * Robustness (docs/product/calls-and-errors.md: "no input ever produces a 500, a stack trace or a half-written
 * change"). Every route is discovered from the OpenAPI document, so routes added later are covered
 * without touching these files. Each route gets malformed JSON, wrong types, missing fields, an
 * oversized body, unknown fields and fast-check values, signed in and not, and every failure must
 * be a catalogue error `{ error, error_description }` that wrote no row anywhere. Then hostile text
 * (NUL and other control characters, lone surrogates) in every field, non-UUID path ids and bodies
 * that are not UTF-8 (over-long and broken sequences): both engines must refuse exactly the same
 * input with exactly the same answer (docs/decisions/0012).
 */

/** The catalogue's one-line text rule (schemas/common), as the OpenAPI document writes it. */
const TEXT_RULE_PATTERN = (z.toJSONSchema(text()) as JsonSchema).pattern;
export const carriesTextRule = (schema: JsonSchema): boolean =>
  schema.pattern === TEXT_RULE_PATTERN ||
  [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(carriesTextRule);
export const takesText = (schema: JsonSchema): boolean =>
  [schema.type].flat().includes("string") ||
  [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesText);

export const BODY_LIMIT = 16 * 1024;

export interface Operation {
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

/** Every property a body may have, across the shapes of a union, with whether some shape requires it. */
export function propertiesOf(schema: JsonSchema | undefined): Map<string, { schema: JsonSchema; required: boolean }> {
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
export function plausibleValue(name: string, schema: JsonSchema): unknown {
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
export function plausibleBody(schema: JsonSchema | undefined, having?: string): Record<string, unknown> {
  const shapes = schema?.anyOf ?? schema?.oneOf ?? (schema ? [schema] : []);
  const shape = shapes.find((candidate) => having === undefined || having in (candidate.properties ?? {})) ?? shapes[0];
  return Object.fromEntries(
    Object.entries(shape?.properties ?? {}).map(([name, property]) => [name, plausibleValue(name, property)]),
  );
}

/** Values of the wrong type for a field of a given schema. */
export function wrongTypes(schema: JsonSchema): unknown[] {
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

export const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? randomUUID()));

/**
 * The app the walks run against, with every route of its OpenAPI document, and the check of the
 * promise for one request (`expectRobustAnswer`).
 */
export async function openRouteWalk() {
  // Statements that may change a row (anything but a plain select), counted as the app runs them.
  let changes = 0;
  const app = await createTestApp({
    env: {
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      // The fuzzing comes from one address; the per-IP limits are tested where they live.
      API_IP_MAX_PER_MINUTE: "1000000",
      SIGN_IN_IP_MAX_PER_HOUR: "1000000",
    },
    onStatement: (statement) => {
      if (!/^\s*select\b/i.test(statement)) changes += 1;
    },
  });
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
    // Likewise a refused card save counts as an attempt for the card-testing caps (card_attempts, PCI-7):
    // the caps are about attempts, failed ones first.
    .filter((name) => name !== "idempotency_keys" && name !== "card_attempts");
  const countEveryTable = sql.raw<{ name: string; rows: number | string }>(
    tableNames.map((name) => `select '${name}' as name, count(*) as rows from "${name}"`).join(" union all "),
  );

  /**
   * Every table's row count, read again only when a statement that may change a row ran since the
   * last read: most refused requests run none, and counting ~80 tables took 14 ms on PostgreSQL,
   * twice per request (the walks were 300 s of the suite; docs/decisions/0329).
   */
  let counted: { after: number; counts: Record<string, number> } | undefined;
  async function rowCounts(): Promise<Record<string, number>> {
    if (counted?.after === changes) return counted.counts;
    const after = changes;
    const { rows } = await countEveryTable.execute(app.db);
    counted = { after, counts: Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)])) };
    return counted.counts;
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

  return { app, operations, rowCounts, expectRobustAnswer };
}

/**
 * An administrator and a gate's key, so every guard passes and what is checked is the input.
 */
export async function signedInOperatorWithGate(app: TestApp) {
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
  return { operator, credentials, someLocation };
}
