import { afterAll, describe, expect, it } from "vitest";
import { createSignedInUser, testEngine } from "../support/helpers.ts";
import { fillPath, openRouteWalk, plausibleBody } from "../support/route-walk.ts";

const { app, operations } = await openRouteWalk();
afterAll(async () => app.close());

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
