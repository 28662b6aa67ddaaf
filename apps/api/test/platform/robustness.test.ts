import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createSignedInUser, testEngine } from "../support/helpers.ts";
import { BODY_LIMIT, fillPath, openRouteWalk, plausibleBody, propertiesOf, wrongTypes } from "../support/route-walk.ts";

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

const { app, operations, expectRobustAnswer } = await openRouteWalk();
afterAll(async () => app.close());

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
