import { afterAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, testEngine } from "../support/helpers.ts";

/**
 * Authentication comes before anything else on every guarded route (docs/product/calls-and-errors.md): `user/…` and
 * `admin/…` need an access token, `device/…` a device key. Every route is discovered from the
 * OpenAPI document, so a route added later is covered without touching this file; a caller
 * without a valid credential gets 401/403 whatever the body, never a validation message.
 */

const app = await createTestApp();
afterAll(async () => app.close());
const driver = await createSignedInUser(app);
const suspended = await createSignedInUser(app, { status: "suspended" });

interface OpenApiOperation {
  security?: unknown[];
  requestBody?: unknown;
}
const openApi = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
const operations = Object.entries(openApi.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([method, operation]) => ({
      method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      path,
      operation,
      // Any id will do: the caller is refused before the path is looked at.
      url: path.replace(/\{\w+\}/g, "not-a-uuid"),
    })),
);
const under = (prefix: string) =>
  operations.filter(({ path }) => path === `/api/${prefix}` || path.startsWith(`/api/${prefix}/`));
const bearerRoutes = [...under("user"), ...under("admin")];
const deviceRoutes = under("device");

/** What a hostile or careless client sends: nothing, an empty object, broken JSON, a schema-breaking body. */
const BODIES = [
  { label: "no body", payload: undefined },
  { label: "empty object", payload: "{}" },
  { label: "malformed JSON", payload: '{"plate": ' },
  { label: "wrong types", payload: '{"token": 1, "plate": [], "payment": {}, "first_name": null}' },
];

const send = (
  route: (typeof operations)[number],
  headers: Record<string, string>,
  payload: string | undefined,
  url = route.url,
) =>
  app.inject({
    method: route.method,
    url,
    headers: {
      "accept-language": "en",
      ...headers,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload }),
  });

describe(`authentication before validation on every guarded route (${testEngine})`, () => {
  it("finds the guarded routes, and the OpenAPI document declares their scheme on exactly those", () => {
    expect(bearerRoutes.length).toBeGreaterThan(15);
    expect(deviceRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(["POST /api/device/entry", "POST /api/device/exit"]),
    );
    // The scheme each operation declares: `bearer` on exactly the user and admin routes, the
    // device key (`X-Device-Key`) on exactly the device routes, nothing elsewhere.
    const schemesOf = (route: (typeof operations)[number]) =>
      (route.operation.security ?? []).flatMap((requirement) => Object.keys(requirement as object));
    for (const route of operations) {
      const expected = bearerRoutes.includes(route) ? ["bearer"] : deviceRoutes.includes(route) ? ["deviceKey"] : [];
      expect({ route: `${route.method} ${route.path}`, schemes: schemesOf(route) }).toEqual({
        route: `${route.method} ${route.path}`,
        schemes: expected,
      });
    }
  });

  for (const route of bearerRoutes) {
    it(`${route.method} ${route.path}: 401 without a token, 403 suspended, before any body rule`, async () => {
      for (const { label, payload } of BODIES) {
        const credentials: Array<Record<string, string>> = [
          {},
          { authorization: "Bearer not.a.token" },
          { authorization: "Basic dXNlcjpwYXNz" },
        ];
        for (const headers of credentials) {
          const anonymous = await send(route, { ...headers, "idempotency-key": "k" }, payload);
          expect({ label, headers, status: anonymous.statusCode, body: anonymous.json() }).toEqual({
            label,
            headers,
            status: 401,
            body: {
              error: "authentication_error",
              error_description: "Your session has expired. Please sign in again.",
            },
          });
        }
        const refused = await send(route, suspended.headers, payload);
        expect({ label, status: refused.statusCode, body: refused.json() }).toEqual({
          label,
          status: 403,
          body: { error: "user_suspended", error_description: "This account is suspended. Please contact support." },
        });
      }
    });
  }

  for (const route of under("admin")) {
    it(`${route.method} ${route.path}: a driver without the admin role is refused before any body rule`, async () => {
      for (const { label, payload } of BODIES) {
        const response = await send(route, driver.headers, payload);
        expect({ label, status: response.statusCode, error: response.json().error }).toEqual({
          label,
          status: 403,
          error: "forbidden_access",
        });
      }
    });
  }

  for (const route of deviceRoutes) {
    it(`${route.method} ${route.path}: 401 without a valid device key, before any body rule`, async () => {
      for (const { label, payload } of BODIES) {
        const credentials: Array<Record<string, string>> = [{}, { "x-device-key": "edk_unknown" }, driver.headers];
        for (const headers of credentials) {
          const response = await send(route, headers, payload);
          expect({ label, headers, status: response.statusCode, error: response.json().error }).toEqual({
            label,
            headers,
            status: 401,
            error: "authentication_error",
          });
        }
      }
    });
  }
});

describe(`the Bearer scheme (${testEngine})`, () => {
  it("is matched without regard to case (RFC 9110 §11.1, RFC 6750 §2.1)", async () => {
    for (const scheme of ["Bearer", "bearer", "BEARER", "bEaReR"]) {
      const response = await app.inject({
        method: "GET",
        url: "/api/user/view",
        headers: { authorization: `${scheme} ${driver.accessToken}` },
      });
      expect({ scheme, status: response.statusCode }).toEqual({ scheme, status: 200 });
    }
  });

  it("still needs the scheme, a space and one token", async () => {
    for (const authorization of [
      driver.accessToken,
      `Bearer${driver.accessToken}`,
      `Token ${driver.accessToken}`,
      `Bearer ${driver.accessToken} extra`,
      "Bearer ",
    ]) {
      const response = await app.inject({ method: "GET", url: "/api/user/view", headers: { authorization } });
      expect({ authorization, status: response.statusCode }).toEqual({ authorization, status: 401 });
    }
  });
});
