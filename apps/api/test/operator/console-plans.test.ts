import { afterAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp } from "../support/helpers.ts";
import { consoleCalls } from "../support/operator-console.ts";
import { createOperator, locationBody } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { consoleWorld } from "../support/worlds/console.ts";

/** The console's plans (issue 15, docs/decisions/0047): the lists an operator sees, with places sold and left, scoped to the organisation; bad input answers the catalogue's codes. */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call, createPlan } = consoleCalls(app);
const { lot, secondLot, venue, otherOrganisation } = await consoleWorld(app);

describe("GET admin/plans", () => {
  it("lists the organisation's plans with places sold and left, by location and status, in keyset pages", async () => {
    const operator = await createOperator(app);
    const location = (
      await call(operator.headers, {
        method: "POST",
        url: "/api/admin/location",
        payload: locationBody({
          name: "Estacionamiento Ventas",
          address: "Av. Juárez 10, Monterrey",
          capacity: 50,
          tariff: { ...locationBody().tariff, first_period_price: 2000, daily_max: null },
        }),
      })
    ).json().data.uuid as string;
    const plans = [];
    for (const name of ["Diurna", "Nocturna", "Fin de semana"])
      plans.push(await createPlan(operator.headers, { location_uuid: location, name }));

    // A driver buys the first plan: one place taken, three left.
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const bought = await call(driver.headers, {
      method: "POST",
      url: "/api/user/subscription",
      headers: { "idempotency-key": idempotencyKey() },
      payload: { plan_uuid: plans[0]?.uuid, vehicle_uuid: driver.vehicle.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    await call(operator.headers, { method: "POST", url: `/api/admin/plan/${plans[2]?.uuid}/archive` });

    const first = await call(operator.headers, {
      method: "GET",
      url: `/api/admin/plans?location_uuid=${location}&limit=2`,
    });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json().data;
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.next_cursor).toEqual(expect.any(String));
    const second = (
      await call(operator.headers, {
        method: "GET",
        url: `/api/admin/plans?location_uuid=${location}&limit=2&cursor=${encodeURIComponent(firstPage.next_cursor)}`,
      })
    ).json().data;
    expect(second.next_cursor).toBeNull();
    expect(second.items).toHaveLength(1);
    // Newest first; plans created within one millisecond fall back to the id, as the cursor does.
    type Listed = { uuid: string; name: string; created_at: string };
    const listed: Listed[] = [...firstPage.items, ...second.items];
    const key = (plan: Listed) => `${plan.created_at} ${plan.uuid}`;
    const newestFirst = [...listed].sort((a, b) => (key(a) < key(b) ? 1 : -1));
    expect(listed.map((plan) => plan.name)).toEqual(newestFirst.map((plan) => plan.name));
    expect(new Set(listed.map((plan) => plan.name))).toEqual(new Set(["Diurna", "Nocturna", "Fin de semana"]));
    const diurna = listed.find((plan) => plan.name === "Diurna") as Listed & { period_price: { total: number } };
    expect(diurna).toMatchObject({
      availability: 4,
      places_taken: 1,
      places_left: 3,
      status: "active",
      cost: 80000,
      location: { uuid: location, name: "Estacionamiento Ventas" },
    });
    expect(diurna.period_price.total).toBeGreaterThan(80000);

    const archived = (
      await call(operator.headers, { method: "GET", url: `/api/admin/plans?location_uuid=${location}&status=archived` })
    ).json().data.items;
    expect(archived.map((plan: { name: string }) => plan.name)).toEqual(["Fin de semana"]);
  });

  it("shows neither another organisation's plans nor those of locations a staff member was not granted", async () => {
    const owner = await createOperator(app);
    const plan = await createPlan(owner.headers);
    const stranger = await createOperator(app, { organisationId: otherOrganisation });
    const foreign = await call(stranger.headers, { method: "GET", url: "/api/admin/plans?limit=100" });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).not.toContain(plan.uuid);
    const foreignFilter = await call(stranger.headers, {
      method: "GET",
      url: `/api/admin/plans?location_uuid=${lot}`,
    });
    expect(foreignFilter.json().data.items).toEqual([]);
    const staff = await createOperator(app, { locationIds: [secondLot] });
    expect((await call(staff.headers, { method: "GET", url: "/api/admin/plans?limit=100" })).body).not.toContain(
      plan.uuid,
    );
    const driver = await createSignedInUser(app);
    expect((await call(driver.headers, { method: "GET", url: "/api/admin/plans" })).statusCode).toBe(403);
  });

  it("answers the catalogue's codes for plans that break the rules, and 422 for malformed input", async () => {
    const operator = await createOperator(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ location_uuid: venue, interval: "month" }, "only_one_time_plans"],
      [{ interval: "month", discount: { kind: "percent", value: 10 } }, "invalid_plan_for_discount"],
      [{ interval: "one_time", cost: 5000, discount: { kind: "amount", value: 6000 } }, "invalid_discount_amount"],
      [{ interval: "one_time", discount: { kind: "percent", value: 101 } }, "invalid_discount_amount"],
    ];
    for (const [overrides, code] of cases) {
      const response = await call(operator.headers, {
        method: "POST",
        url: "/api/admin/plan",
        payload: { location_uuid: lot, name: "Regla", cost: 80000, interval: "month", ...overrides },
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().error).toBe(code);
    }
    for (const payload of [
      { location_uuid: lot, name: "Mal", cost: "1500.50", interval: "month" },
      { location_uuid: lot, name: "Mal", cost: 1.5, interval: "month" },
      { location_uuid: lot, name: "", cost: 1000, interval: "month" },
      { location_uuid: lot, name: "Mal", cost: 1000, interval: "fortnight" },
      { location_uuid: "not-a-uuid", name: "Mal", cost: 1000, interval: "month" },
    ]) {
      const response = await call(operator.headers, { method: "POST", url: "/api/admin/plan", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const badQuery = await call(operator.headers, { method: "GET", url: "/api/admin/plans?limit=0&status=gone" });
    expect(badQuery.statusCode).toBe(422);
  });
});
