import type { Endpoint } from "@estaciona/contracts/endpoint";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { authorisationMatrix } from "../support/authorisation-matrix.ts";
import { OWNED_PLATE, ownedWorld } from "../support/authorisation-world.ts";
import { declaredEndpoints } from "../support/declared-endpoints.ts";
import { createSignedInUser, createTestApp, testPhone } from "../support/helpers.ts";
import { consoleCalls } from "../support/operator-console.ts";
import { createOperator, locationBody } from "../support/operator-fixtures.ts";

/**
 * Who may do what in the operator console (docs/product/operators.md): the authorisation matrix is
 * generated from the declaration table (support/authorisation-matrix.ts), so a new `admin/…`
 * endpoint without an entry there fails the first test.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call } = consoleCalls(app);

const adminEndpoints: Endpoint[] = (await declaredEndpoints())
  .map(({ endpoint }) => endpoint)
  .filter((endpoint) => endpoint.auth === "admin");

describe("who may do what", () => {
  const world = ownedWorld(app);
  const matrix = authorisationMatrix(world);

  it("has an entry for every admin endpoint the contracts declare", () => {
    const declared = adminEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
    expect(Object.keys(matrix).sort()).toEqual(declared);
  });

  it.each(adminEndpoints.map((endpoint) => ({ key: `${endpoint.method} ${endpoint.path}` })))(
    "$key: a driver is refused, another organisation's operator finds nothing, the owner is served",
    async ({ key }) => {
      const entry = matrix[key];
      if (!entry) throw new Error(`no matrix entry for ${key}`);
      const asDriver = await call(world.driver.headers, entry.request());
      expect(asDriver.statusCode).toBe(403);
      expect(asDriver.json().error).toBe("forbidden_access");

      const asStranger = await call(world.stranger.headers, withExistingPhone(entry.request()));
      if (entry.foreign === "platform_only") {
        for (const operator of [world.stranger, world.owner]) {
          const refused = await call(operator.headers, entry.request());
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error).toBe("forbidden_access");
        }
        const asPlatform = await call(world.platformOwner.headers, entry.request());
        expect(asPlatform.statusCode, asPlatform.body).toBe(entry.owner);
        return;
      }
      if (entry.foreign === "not_found") {
        expect(asStranger.statusCode).toBe(404);
        expect(asStranger.json().error).toBe("object_not_found");
      } else {
        expect(asStranger.statusCode).toBeLessThan(300);
        for (const id of world.ownedIds) expect(asStranger.body).not.toContain(id);
      }

      const asOwner = await call(world.owner.headers, withExistingPhone(entry.request()));
      expect(asOwner.statusCode, asOwner.body).toBe(entry.owner);
    },
  );

  it.each(adminEndpoints.map((endpoint) => ({ key: `${endpoint.method} ${endpoint.path}` })))(
    "$key: a call without a session is refused with authentication_error",
    async ({ key }) => {
      const entry = matrix[key];
      if (!entry) throw new Error(`no matrix entry for ${key}`);
      const anonymous = await app.inject(entry.request());
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe("authentication_error");
    },
  );

  it("answers a list filtered by another organisation's location, plan or venue as if it did not exist", async () => {
    const filtered = [
      `/api/admin/devices?location_uuid=${world.lot}`,
      `/api/admin/payments?location_uuid=${world.lot}`,
      `/api/admin/payments?location_uuid=${world.lot}&plate=${OWNED_PLATE}`,
      `/api/admin/payments/export?from=2000-01-01&to=2100-01-01&location_uuid=${world.lot}`,
      `/api/admin/plans?location_uuid=${world.lot}`,
      `/api/admin/discounts?plan_uuid=${world.ownedPlan}`,
      `/api/admin/events?period=upcoming&location_uuid=${world.ownedVenue}`,
      `/api/admin/meters?location_uuid=${world.meterLocation}`,
    ];
    for (const url of filtered) {
      const response = await call(world.stranger.headers, { method: "GET", url });
      if (response.statusCode === 404) expect(response.json().error, url).toBe("object_not_found");
      else expect(response.statusCode, url).toBe(200);
      for (const id of world.ownedIds) expect(response.body, url).not.toContain(id);
      expect(response.body, url).not.toContain(OWNED_PLATE);
    }
  });

  /** `POST admin/operator` names an existing user: give the generated phone an account first. */
  function withExistingPhone(options: InjectOptions): InjectOptions {
    const payload = options.payload as { phone?: string } | undefined;
    if (options.url !== "/api/admin/operator" || !payload?.phone) return options;
    return { ...options, payload: { phone: pendingPhones.shift() ?? payload.phone } };
  }
  const pendingPhones: string[] = [];
  beforeAll(async () => {
    for (let index = 0; index < 4; index += 1) {
      const user = await createSignedInUser(app);
      pendingPhones.push(user.user.phone);
    }
  });

  it("limits a staff member to the granted locations", async () => {
    const staff = await createOperator(app, { locationIds: [world.lot] });
    const locations = (await call(staff.headers, { method: "GET", url: "/api/admin/locations" })).json().data;
    expect(locations.map((location: { uuid: string }) => location.uuid)).toEqual([world.lot]);
    const campus = await call(staff.headers, {
      method: "GET",
      url: `/api/admin/location/${world.ownedLocation}`,
    });
    expect(campus.statusCode).toBe(404);
    const opening = await call(staff.headers, { method: "POST", url: "/api/admin/location", payload: locationBody() });
    expect(opening.statusCode).toBe(403);
  });

  it("leaves a promo code for every plan of the organisation to a member who sees all of it", async () => {
    const staff = await createOperator(app, { locationIds: [world.lot] });
    const payload = { code: `TODOS${newId().slice(0, 6).toUpperCase()}`, kind: "percent", value: 10 };
    const refused = await call(staff.headers, { method: "POST", url: "/api/admin/discount", payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("forbidden_access");
    const operator = await createOperator(app);
    const created = await call(operator.headers, { method: "POST", url: "/api/admin/discount", payload });
    expect(created.statusCode).toBe(201);
  });

  it("answers forbidden_access to an administrator who belongs to no organisation", async () => {
    const loose = await createSignedInUser(app, { role: "admin" });
    await app.db.deleteFrom("operator_memberships").where("user_id", "=", loose.user.id).execute();
    const response = await call(loose.headers, { method: "GET", url: "/api/admin/me" });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("forbidden_access");
  });

  it("makes only an existing user an operator, and never another organisation's", async () => {
    const nobody = await call(world.owner.headers, {
      method: "POST",
      url: "/api/admin/operator",
      payload: { phone: testPhone() },
    });
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().error).toBe("invalid_user");
    const poached = await call(world.owner.headers, {
      method: "POST",
      url: "/api/admin/operator",
      payload: { phone: world.stranger.user.phone },
    });
    expect(poached.json().error).toBe("invalid_user");
    const foreignGrant = await call(world.owner.headers, {
      method: "POST",
      url: "/api/admin/operator",
      payload: { phone: (await createSignedInUser(app)).user.phone, location_uuids: [world.foreignLocation] },
    });
    expect(foreignGrant.statusCode).toBe(404);
  });
});
