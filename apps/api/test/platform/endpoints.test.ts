import { type Endpoint, endpointPath } from "@estaciona/contracts/endpoint";
import { errorAnswersOf } from "@estaciona/contracts/endpoint-errors";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { declaredEndpoints } from "../support/declared-endpoints.ts";
import { createSignedInUser, createTestApp } from "../support/helpers.ts";

/**
 * The contract table (docs/decisions/0017, 0018): every endpoint declared in
 * `packages/contracts/src/endpoints/*.ts` is registered with its method and path, guarded by its
 * auth kind before anything else runs, carries its Idempotency-Key rule, and is in the OpenAPI
 * document; and no `/api` route exists that is not declared.
 */

const declared = await declaredEndpoints();

const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000", SIGN_IN_IP_MAX_PER_HOUR: "1000000" } });
afterAll(async () => app.close());

interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { properties?: { error?: { enum?: string[] } } } }> }
  >;
}
const openApi = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
/** `/user/visit/:uuid` → the document's `/api/user/visit/{uuid}`. */
const documentPath = (endpoint: Endpoint) => `/api${endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`;
const operationOf = (endpoint: Endpoint) => openApi.paths[documentPath(endpoint)]?.[endpoint.method.toLowerCase()];

/** A call that would fail validation, and JSON parsing, if anything ran before authentication. */
function garbageCall(endpoint: Endpoint, headers: Record<string, string> = {}): InjectOptions {
  // Every path parameter (`:uuid`, `:code`, `:slug`) gets text that names nothing.
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, "not-a-uuid"]),
  );
  const url = `/api${endpointPath(endpoint, params)}?limit=-1&page=zero&country=nowhere`;
  const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  return {
    method: endpoint.method,
    url,
    headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
    ...(hasBody ? { payload: '{"broken": ' } : {}),
  };
}

const byAuth = (auth: Endpoint["auth"]) => declared.filter(({ endpoint }) => endpoint.auth === auth);

describe("the contract table", () => {
  it("declares each method and path once, and every kind of endpoint the API has", () => {
    const keys = declared.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const auth of ["none", "user", "admin", "device"] as const) expect(byAuth(auth).length).toBeGreaterThan(0);
  });

  it.each(declared)(
    "$name is registered, documented with its operationId, auth kind, status, errors and Idempotency-Key rule",
    async ({ name, endpoint }) => {
      expect(app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` })).toBe(true);
      const operation = operationOf(endpoint);
      expect(operation).toBeDefined();
      expect(operation?.operationId).toBe(name.split(".")[1]);
      expect(operation?.tags).toContain(endpoint.tag);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.status));
      // Open operations say so (`security: []`), rather than leaving a reader to guess.
      const scheme = { none: undefined, user: "bearer", admin: "bearer", device: "deviceKey" }[endpoint.auth];
      expect(operation?.security?.flatMap((requirement) => Object.keys(requirement))).toEqual(scheme ? [scheme] : []);
      const schemas = await endpoint.schemas();
      const inputs = { params: !!schemas.params, query: !!schemas.query, body: !!schemas.body };
      for (const { status, code } of errorAnswersOf(endpoint, inputs))
        expect(
          operation?.responses?.[String(status)]?.content?.["application/json"]?.schema?.properties?.error?.enum,
          `${status} ${code}`,
        ).toContain(code);
      const keyHeader = operation?.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key") ?? false;
      expect(keyHeader).toBe(endpoint.idempotent);
    },
  );

  it("has no /api route that is not declared", () => {
    const documented = Object.entries(openApi.paths)
      .filter(([url]) => url.startsWith("/api/") && !url.startsWith("/api/docs"))
      .flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    const declaredKeys = declared.map(({ endpoint }) => `${endpoint.method} ${documentPath(endpoint)}`);
    expect(documented.sort()).toEqual(declaredKeys.sort());
  });
});

describe("authentication comes first", () => {
  it.each([...byAuth("user"), ...byAuth("admin")])(
    "$name answers 401 without a token, before validation",
    async ({ endpoint }) => {
      const unsigned: Record<string, string>[] = [{}, { authorization: "Bearer not-a-token" }];
      for (const headers of unsigned) {
        const response = await app.inject(garbageCall(endpoint, headers));
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe("authentication_error");
      }
    },
  );

  it.each(byAuth("admin"))("$name answers 403 to a driver, before validation", async ({ endpoint }) => {
    const driver = await createSignedInUser(app);
    const response = await app.inject(garbageCall(endpoint, driver.headers));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("forbidden_access");
  });

  it.each(byAuth("device"))(
    "$name answers 401 without a device key, even with a driver's token",
    async ({ endpoint }) => {
      const driver = await createSignedInUser(app);
      const keyless: Record<string, string>[] = [{}, { "x-device-key": "edk_unknown" }, driver.headers];
      for (const headers of keyless) {
        const response = await app.inject(garbageCall(endpoint, headers));
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe("authentication_error");
      }
    },
  );

  it.each(byAuth("none"))("$name needs no token", async ({ endpoint }) => {
    const response = await app.inject(garbageCall(endpoint));
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).toBeLessThan(500);
  });
});
