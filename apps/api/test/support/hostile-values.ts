/**
 * The values the hostile-input walk sends (platform/hostile-input.test.ts): a valid request built
 * from an endpoint's own zod schemas, then the seeded ways it is broken.
 */
import { randomUUID } from "node:crypto";
import type { Endpoint } from "@estaciona/contracts/endpoint";
import fc from "fast-check";
import { z } from "zod";
import type { JsonSchema } from "./declared-endpoints.ts";

// ---------------------------------------------------------------------------------------------
// A valid request from the schemas

export const toJsonSchema = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema && (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);

/** Field names whose valid values no pattern describes (a refinement checks them). */
const KNOWN_GOOD: Record<string, unknown> = {
  state: "Nuevo León",
  time_zone: "America/Monterrey",
  phone_number: "+528111111111",
  phone: "+528111111112",
  email: "hostile@example.com",
  contact_email: "hostile@example.com",
  plate: "HOST01",
  primary_color: "#123456",
  logo: "https://example.com/logo.png",
  month: "2026-10",
  rfc: "PEPA800101AB1",
  tax_regime: "612",
  cfdi_use: "G03",
  postal_code: "64000",
  area: [
    [-100.31, 25.67],
    [-100.3, 25.67],
    [-100.3, 25.68],
    [-100.31, 25.67],
  ],
  hours: Array.from({ length: 7 }, () => ({ open: 480, close: 1200 })),
  login_text: { es: "Hola", en: "Hello" },
  map: { lat: 25.67, lng: -100.31, zoom: 12 },
  features: ["visits", "events"],
  privacy_url_en: "https://example.com/privacy",
};

/** Values a field's JSON schema accepts (best effort; the zod schema has the last word). */
function validValue(schema: JsonSchema, name: string, ids: Record<string, string | undefined>): fc.Arbitrary<unknown> {
  if (name in ids && ids[name] !== undefined) return fc.constant(ids[name]);
  if (name in KNOWN_GOOD) return fc.constant(KNOWN_GOOD[name]);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const shapes = schema.anyOf ?? schema.oneOf;
  if (shapes) {
    const concrete = shapes.filter((shape) => shape.type !== "null");
    return fc.oneof(...(concrete.length ? concrete : shapes).map((shape) => validValue(shape, name, ids)));
  }
  const type = [schema.type].flat().find((candidate) => candidate !== "null");
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(
    (pattern): pattern is string => pattern !== undefined,
  );
  switch (type) {
    case "integer":
    case "number": {
      const min = Math.max(schema.minimum ?? 0, (schema.exclusiveMinimum ?? -1) + 1);
      const max = Math.min(schema.maximum ?? 10_000, Math.max(min, 10_000));
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validValue(schema.items ?? {}, name.replace(/s$/, ""), ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 2)),
      });
    case "object":
      return validObject(schema, ids);
    case "string": {
      if (schema.format === "uuid") return fc.uuid({ version: 4 });
      if (schema.format === "date-time")
        return fc.integer({ min: 1, max: 60 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
      if (schema.format === "date")
        return fc
          .integer({ min: 1, max: 60 })
          .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
      const minLength = schema.minLength ?? 1;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 12, 12));
      const specific = patterns.filter((pattern) => !pattern.startsWith("^(?:[^\\u0000"));
      if (specific.length > 0)
        return fc
          .stringMatching(new RegExp(specific[0] ?? ""))
          .filter(
            (value) => value.length >= minLength && value.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER),
          );
      return fc
        .stringMatching(/^[A-Za-z0-9áéñ ]+$/)
        .filter((value) => value.trim().length >= minLength)
        .map((value) => value.slice(0, maxLength));
    }
    default:
      return fc.constant("x");
  }
}

export function validObject(
  schema: JsonSchema,
  ids: Record<string, string | undefined>,
): fc.Arbitrary<Record<string, unknown>> {
  const shapes = schema.anyOf ?? schema.oneOf;
  if (shapes)
    return fc.oneof(...shapes.filter((shape) => shape.type !== "null").map((shape) => validObject(shape, ids)));
  const properties = Object.entries(schema.properties ?? {});
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, validValue(property, name, ids)])));
}

/** The first of a few samples the zod schema accepts (or the last tried: the broken cases still run). */
export function validSample<T>(arbitrary: fc.Arbitrary<T>, schema: z.ZodType | undefined, seed: number): T {
  const samples = fc.sample(arbitrary, { seed, numRuns: 40 });
  return samples.find((sample) => !schema || schema.safeParse(sample).success) ?? (samples.at(-1) as T);
}

// ---------------------------------------------------------------------------------------------
// The hostile inputs

const HUGE_TEXT = "ñ".repeat(20_000);
/** JSON literals for one field: wrong types, edges of the engines' integers, NaN-likes, junk text. */
const HOSTILE_LITERALS = [
  "null",
  "true",
  "false",
  "0",
  "-1",
  "-0",
  "0.5",
  "-0.01",
  "12.345",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "9223372036854775808",
  "1e20",
  "1e308",
  "1e400",
  "-1e400",
  "123456789012345678901234567890",
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  '"1e999"',
  '""',
  '"   "',
  '"0x1F"',
  '"١٢٣"',
  '"12abc"',
  "[]",
  "{}",
  "[null]",
  "[[[[]]]]",
  '{"$gt":""}',
  '{"__proto__":{"role":"admin"}}',
  ...[
    "\u0000",
    "a\u0000b",
    "\u202egnp.exe",
    "\u200b\u200d\ufeff",
    "𝕳𝖔𝖘𝖙𝖎𝖑𝖊 👩‍👩‍👧‍👦",
    "Z̴̡̛͓͇a̷l̸g̵o̶",
    "\ud800",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    "%00%ff",
    "../../../../etc/passwd",
    HUGE_TEXT,
    "9999-12-31T23:59:59Z",
    "0000-01-01",
    "2026-02-30",
    "+275760-09-13T00:00:00.000Z",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
  ].map((text) => JSON.stringify(text)),
];
const hostileLiteral = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_LITERALS) },
  { weight: 1, arbitrary: fc.uuid().map((id) => JSON.stringify(id)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map((text) => JSON.stringify(text)) },
  { weight: 1, arbitrary: fc.double().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
);

/** Whole bodies that are not the object a route reads. */
const HOSTILE_BODIES = [
  "",
  "null",
  "[]",
  "[{}]",
  '"text"',
  "42",
  "{",
  '{"a":',
  '{"a":1}trailing',
  "\u0000",
  "\ufeff{}",
];
/** Path ids that name nothing: malformed, well-formed but unknown, encoded junk. */
const HOSTILE_PATH_VALUES = [
  "not-a-uuid",
  "1",
  "-1",
  "null",
  "00000000-0000-0000-0000-000000000000",
  "7D1E5A10-0000-4000-8000-000000000101",
  "%00",
  "%F0%9F%92%A9",
  "..%2F..",
  "%20",
  "x".repeat(300),
];
/** Query values: empty, NUL, edges of integers, NaN-likes, dates that are not, junk. */
const HOSTILE_QUERY_VALUES = [
  "",
  "%00",
  "-1",
  "0",
  "0.5",
  "1e400",
  "2147483648",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "abc",
  "%FF",
  "%E2%80%AE",
  "2026-02-30",
  "0000-01-01",
  "9999-12-31T23:59:59Z",
  "x".repeat(3000),
];

type Mutation =
  | { kind: "field"; path: string[]; literal: string }
  | { kind: "drop"; path: string[] }
  | { kind: "extra"; name: string; literal: string }
  | { kind: "body"; raw: string; contentType: string }
  | { kind: "path"; name: string; value: string }
  | { kind: "query"; name: string; value: string }
  | { kind: "idempotency-key"; value: string | undefined };

/** Every leaf of a body (one level into nested objects), as a path. */
const leafPaths = (value: unknown, path: string[] = []): string[][] =>
  value && typeof value === "object" && !Array.isArray(value) && path.length < 2
    ? Object.entries(value).flatMap(([key, inner]) => [
        [...path, key],
        ...leafPaths(inner, [...path, key]).filter((leaf) => leaf.length > path.length + 1),
      ])
    : [];

export function mutations(endpoint: Endpoint, body: unknown, queryNames: string[]): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant("body" as const),
      raw: fc.constantFrom(...HOSTILE_BODIES),
      contentType: fc.constantFrom(
        "application/json",
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
      ),
    }),
    fc.record({
      kind: fc.constant("extra" as const),
      name: fc.constantFrom("role", "user_id", "status", "amount", "constructor", "__proto__", "id"),
      literal: hostileLiteral,
    }),
  ];
  const leaves = leafPaths(body);
  if (leaves.length > 0) {
    const leaf = fc.constantFrom(...leaves);
    options.push(
      fc.record({ kind: fc.constant("field" as const), path: leaf, literal: hostileLiteral }),
      fc.record({ kind: fc.constant("field" as const), path: leaf, literal: hostileLiteral }),
      fc.record({ kind: fc.constant("field" as const), path: leaf, literal: hostileLiteral }),
      fc.record({ kind: fc.constant("drop" as const), path: leaf }),
    );
  }
  const pathNames = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name = ""]) => name);
  if (pathNames.length > 0)
    options.push(
      fc.record({
        kind: fc.constant("path" as const),
        name: fc.constantFrom(...pathNames),
        value: fc.oneof(
          fc.constantFrom(...HOSTILE_PATH_VALUES),
          fc.uuid(),
          fc.string({ maxLength: 20 }).map(encodeURIComponent),
        ),
      }),
    );
  const names = [...queryNames, "unknown_parameter"];
  options.push(
    fc.record({
      kind: fc.constant("query" as const),
      name: fc.constantFrom(...names, ...names.map((name) => `${name}[]`), ...names.map((name) => `${name}[$gt]`)),
      value: fc.oneof(fc.constantFrom(...HOSTILE_QUERY_VALUES), fc.string({ maxLength: 20 }).map(encodeURIComponent)),
    }),
  );
  if (endpoint.idempotent)
    options.push(
      fc.record({
        kind: fc.constant("idempotency-key" as const),
        value: fc.constantFrom(undefined, "", " ", "a\u0000b", "k".repeat(300), "ключ-✓"),
      }),
    );
  return fc.oneof(...options);
}

const setAt = (target: unknown, [head, ...rest]: string[], value: unknown): unknown => {
  if (head === undefined) return value;
  const object = target && typeof target === "object" && !Array.isArray(target) ? { ...(target as object) } : {};
  (object as Record<string, unknown>)[head] = setAt((object as Record<string, unknown>)[head], rest, value);
  return object;
};
export const dropAt = (target: unknown, path: string[]): unknown => {
  const [head, ...rest] = path;
  if (head === undefined || !target || typeof target !== "object") return target;
  const { [head]: inner, ...others } = target as Record<string, unknown>;
  return rest.length === 0 ? others : { ...others, [head]: dropAt(inner, rest) };
};
/** A body with one field set to a raw JSON literal (one `JSON.stringify` cannot write: 1e400, -0, big integers). */
export function withLiteral(body: unknown, path: string[], literal: string): string {
  const marker = `\u0001hostile-${randomUUID()}`;
  return JSON.stringify(setAt(body, path, marker)).replace(JSON.stringify(marker), () => literal);
}
