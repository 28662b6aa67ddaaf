import { ERROR_STATUS } from "@estaciona/contracts";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonSchema } from "../support/declared-endpoints.ts";
import { testEngine } from "../support/helpers.ts";
import {
  carriesTextRule,
  fillPath,
  openRouteWalk,
  plausibleBody,
  plausibleValue,
  propertiesOf,
  signedInOperatorWithGate,
  takesText,
} from "../support/route-walk.ts";
import { createLocation } from "../support/world.ts";

/** Hostile text, ids and bytes on every route; both engines refuse the same input alike (docs/decisions/0012). */

const { app, operations, rowCounts, expectRobustAnswer } = await openRouteWalk();
afterAll(async () => app.close());
// A lot of the platform organisation, where the walk's gate is registered.
await createLocation(app);
const { credentials } = await signedInOperatorWithGate(app);

// ---------------------------------------------------------------------------------------------
// Hostile text, ids and bytes (docs/decisions/0012)

/** The text rule's pattern as the OpenAPI document carries it: a field with it is free text. */
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
  "0b7e2c94-1a2b-4c3d-8e4f-00000000010g",
  "0b7e2c94-1a2b-4c3d-8e4f-000000000101%00",
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
            // A bodyless call (a DELETE's query) names no body type: an empty JSON body is its own 400.
            headers: { "accept-language": "en", ...credentials },
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
