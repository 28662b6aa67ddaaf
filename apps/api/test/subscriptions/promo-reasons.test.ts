import { addDays, dateIn } from "@estaciona/contracts/periods";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard, uniquePlate } from "../support/parking-fixtures.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { passesWorld } from "../support/worlds/passes.ts";

/**
 * A promo code that exists but cannot be used says why (docs/decisions/0251): the catalogue's
 * `discount_not_available` (422) with a `reason` and the reason in words; an unknown code stays
 * `discount_not_found` (404) with no reason.
 */
describe(`promo codes: why one cannot be used (${testEngine})`, () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let passes: Awaited<ReturnType<typeof passesWorld>>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
    passes = await passesWorld(app);
  });
  afterAll(async () => app.close());

  const createDiscount = async (payload: object): Promise<string> => {
    const created = await app.inject({ method: "POST", url: "/api/admin/discount", headers: admin.headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.uuid;
  };
  const lookUp = (code: string, headers: Record<string, string>, language = "en") =>
    app.inject({
      method: "GET",
      url: `/api/user/discount/${code}`,
      headers: { ...headers, "accept-language": language },
    });
  const buyWith = async (code: string) => {
    const driver = await createDriverWithVehicle(app, { plate: uniquePlate() });
    await saveSandboxCard(app, driver.user.id);
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: passes.weekly.id,
      vehicle_uuid: driver.vehicle.id,
      discount_code: code,
    });
    return { driver, bought };
  };

  it("keeps an unknown code a 404 without a reason", async () => {
    const driver = await createDriverWithVehicle(app);
    const unknown = await lookUp("NADIELOCONOCE", driver.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "discount_not_found", error_description: "Promo code not found." });
  });

  it("says the operator withdrew it, in the driver's language, on /promo and at the checkout", async () => {
    const uuid = await createDiscount({ code: "RETIRADO", kind: "percent", value: 10 });
    const ended = await app.inject({
      method: "POST",
      url: `/api/admin/discount/${uuid}/disable`,
      headers: admin.headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const driver = await createDriverWithVehicle(app);
    const english = await lookUp("RETIRADO", driver.headers);
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      error: "discount_not_available",
      error_description: "The operator has withdrawn this code.",
      reason: "withdrawn",
    });
    expect((await lookUp("RETIRADO", driver.headers, "es")).json().error_description).toBe(
      "El operador retiró este código.",
    );
    const quote = await app.inject({
      method: "GET",
      url: `/api/user/plan/${passes.monthly.id}/quote?discount_code=RETIRADO`,
      headers: driver.headers,
    });
    expect(quote.statusCode).toBe(422);
    expect(quote.json()).toMatchObject({ error: "discount_not_available", reason: "withdrawn" });
  });

  it("tells the driver who used it that they did, and the others that it is spent", async () => {
    await createDiscount({ code: "UNAVEZ", kind: "amount", value: 5000, currency: "mxn", max_redemptions: 1 });
    const first = await buyWith("UNAVEZ");
    expect(first.bought.statusCode, first.bought.body).toBe(201);
    expect((await lookUp("UNAVEZ", first.driver.headers)).json()).toMatchObject({
      error: "discount_not_available",
      reason: "used",
    });
    const second = await buyWith("UNAVEZ");
    expect(second.bought.statusCode).toBe(422);
    expect(second.bought.json()).toMatchObject({ error: "discount_not_available", reason: "spent" });
    expect((await lookUp("UNAVEZ", second.driver.headers, "es")).json()).toEqual({
      error: "discount_not_available",
      error_description: "Este código ya se usó todas las veces que permitía.",
      reason: "spent",
    });
  });

  it("says a code has expired or has not started, on the lot's clock", async () => {
    const monterreyToday = dateIn("America/Monterrey", Date.now());
    await createDiscount({
      code: "VENCIDO",
      kind: "percent",
      value: 10,
      plan_uuid: passes.monthly.id,
      ends_on: addDays(monterreyToday, -1),
    });
    await createDiscount({
      code: "PRONTO",
      kind: "percent",
      value: 10,
      plan_uuid: passes.monthly.id,
      starts_on: addDays(monterreyToday, 2),
    });
    const driver = await createDriverWithVehicle(app);
    for (const [code, reason] of [
      ["VENCIDO", "expired"],
      ["PRONTO", "not_started"],
    ] as const) {
      expect((await lookUp(code, driver.headers)).json()).toMatchObject({ error: "discount_not_available", reason });
      const quote = await app.inject({
        method: "GET",
        url: `/api/user/plan/${passes.monthly.id}/quote?discount_code=${code}`,
        headers: driver.headers,
      });
      expect(quote.json()).toMatchObject({ error: "discount_not_available", reason });
    }
  });
});
