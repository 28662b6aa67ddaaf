import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { createSignedInUser, createTestApp } from "../support/helpers.ts";
import { consoleCalls, uniqueCode } from "../support/operator-console.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { consoleWorld } from "../support/worlds/console.ts";
import { sharedLot } from "../support/worlds/shared.ts";

/**
 * The console's promo codes (issue 15, docs/decisions/0047): listing, changing and ending a code,
 * scoped to the organisation and audited; bad input answers the catalogue's codes, never a 500.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call, createPlan, createCode, auditOf } = consoleCalls(app);
const { lot, secondLot, otherOrganisation } = await consoleWorld(app);
const lotName = (await sharedLot(app)).name;

describe("promo codes in the console", () => {
  it("lists, changes and ends a code; each change is audited and an ended code is refused at checkout", async () => {
    const operator = await createOperator(app);
    const plan = await createPlan(operator.headers);
    const code = await createCode(operator.headers, {
      code: uniqueCode("noche"),
      kind: "percent",
      value: 25,
      plan_uuid: plan.uuid,
      periods: 2,
      max_redemptions: 5,
    });
    expect(code.code).toMatch(/^NOCHE[0-9A-F]{8}$/);

    const listed = (await call(operator.headers, { method: "GET", url: "/api/admin/discounts?limit=100" })).json().data;
    expect(listed.items.find((item: { uuid: string }) => item.uuid === code.uuid)).toMatchObject({
      kind: "percent",
      value: 25,
      periods: 2,
      max_redemptions: 5,
      redemptions: 0,
      status: "active",
      disabled_at: null,
      plan: { uuid: plan.uuid, name: "Pensión nocturna", location_name: lotName },
    });

    // A driver redeems it once: the limit may not drop below that.
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const bought = await call(driver.headers, {
      method: "POST",
      url: "/api/user/subscription",
      headers: { "idempotency-key": idempotencyKey() },
      payload: { plan_uuid: plan.uuid, vehicle_uuid: driver.vehicle.id, discount_code: code.code },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.subscription.periods[0].discount).toBe(20000);

    const tooLow = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/discount/${code.uuid}`,
      payload: { max_redemptions: 1 },
    });
    expect(tooLow.statusCode).toBe(200);
    expect(tooLow.json().data).toMatchObject({ max_redemptions: 1, redemptions: 1, status: "used_up" });
    const datesReversed = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/discount/${code.uuid}`,
      payload: { ends_on: "2030-01-31", starts_on: "2030-02-01" },
    });
    expect(datesReversed.statusCode).toBe(422);
    expect(datesReversed.json().error).toBe("invalid_data");
    const changed = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/discount/${code.uuid}`,
      payload: { max_redemptions: 10, ends_on: "2099-12-31" },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ max_redemptions: 10, ends_on: "2099-12-31", status: "active" });

    // Ended: a second driver's quote and purchase are refused; ending it again changes nothing.
    const ended = await call(operator.headers, { method: "POST", url: `/api/admin/discount/${code.uuid}/disable` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ status: "disabled", disabled_at: expect.any(String) });
    const again = await call(operator.headers, { method: "POST", url: `/api/admin/discount/${code.uuid}/disable` });
    expect(again.json().data.disabled_at).toBe(ended.json().data.disabled_at);
    const second = await createDriverWithVehicle(app);
    const quote = await call(second.headers, {
      method: "GET",
      url: `/api/user/plan/${plan.uuid}/quote?discount_code=${code.code}`,
    });
    expect(quote.statusCode).toBe(422);
    expect(quote.json().error).toBe("discount_not_available");

    const audit = await auditOf(code.uuid);
    expect(audit.map((entry) => entry.action)).toEqual([
      "discount.create",
      "discount.update",
      "discount.update",
      "discount.disable",
    ]);
    expect(audit.every((entry) => entry.actor_user_id === operator.user.id)).toBe(true);
    expect(JSON.parse(audit[1]?.before ?? "{}")).toEqual({ max_redemptions: 5 });
    expect(JSON.parse(audit[1]?.after ?? "{}")).toEqual({ max_redemptions: 1 });
  });

  it("refuses a limit below the redemptions taken and a code that exceeds its plan's cost", async () => {
    const operator = await createOperator(app);
    const plan = await createPlan(operator.headers, { cost: 50000 });
    const code = await createCode(operator.headers, {
      code: uniqueCode("UNO"),
      kind: "amount",
      value: 10000,
      currency: "mxn",
      plan_uuid: plan.uuid,
    });
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const bought = await call(driver.headers, {
      method: "POST",
      url: "/api/user/subscription",
      headers: { "idempotency-key": idempotencyKey() },
      payload: { plan_uuid: plan.uuid, vehicle_uuid: driver.vehicle.id, discount_code: code.code },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    await app.db.updateTable("discounts").set({ redemptions: 3 }).where("id", "=", code.uuid).execute();
    const refused = await call(operator.headers, {
      method: "PUT",
      url: `/api/admin/discount/${code.uuid}`,
      payload: { max_redemptions: 2 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe("invalid_data");
    expect(await auditOf(code.uuid)).toHaveLength(1);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: "amount", value: 60000, currency: "mxn", plan_uuid: plan.uuid }, 422, "invalid_discount_amount"],
      [{ kind: "percent", value: 101, plan_uuid: plan.uuid }, 422, "invalid_discount_amount"],
      [{ kind: "amount", value: 100, plan_uuid: plan.uuid }, 422, "discount_creation_failed"],
      [{ kind: "amount", value: 100, currency: "usd", plan_uuid: plan.uuid }, 422, "discount_creation_failed"],
      [
        { kind: "percent", value: 10, plan_uuid: plan.uuid, starts_on: "2030-02-01", ends_on: "2030-01-01" },
        422,
        "discount_creation_failed",
      ],
    ];
    for (const [payload, status, error] of cases) {
      const response = await call(operator.headers, {
        method: "POST",
        url: "/api/admin/discount",
        payload: { code: uniqueCode("MAL"), ...payload },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(error);
    }
    // A code for every plan of the organisation is for who sees all of it (decision 0165), not staff of one lot.
    const staff = await createOperator(app, { locationIds: [lot] });
    const everywhere = await call(staff.headers, {
      method: "POST",
      url: "/api/admin/discount",
      payload: { code: uniqueCode("MAL"), kind: "percent", value: 10 },
    });
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().error).toBe("forbidden_access");
    const duplicate = await call(operator.headers, {
      method: "POST",
      url: "/api/admin/discount",
      payload: { code: code.code.toLowerCase(), kind: "percent", value: 10, plan_uuid: plan.uuid },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe("code_already_exist");
    for (const payload of [
      { code: "a b", kind: "percent", value: 10, plan_uuid: plan.uuid },
      { code: uniqueCode("X"), kind: "percent", value: "10", plan_uuid: plan.uuid },
      { code: uniqueCode("X"), kind: "gift", value: 10, plan_uuid: plan.uuid },
      { code: uniqueCode("X"), kind: "percent", value: 10, plan_uuid: plan.uuid, ends_on: "2030-02-30" },
    ]) {
      const response = await call(operator.headers, { method: "POST", url: "/api/admin/discount", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const payload of [{ max_redemptions: 0 }, { ends_on: "mañana" }, { max_redemptions: "diez" }]) {
      const response = await call(operator.headers, {
        method: "PUT",
        url: `/api/admin/discount/${code.uuid}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it("keeps codes inside the organisation: another's operator finds nothing, a driver is refused", async () => {
    const owner = await createOperator(app);
    const plan = await createPlan(owner.headers);
    const code = await createCode(owner.headers, {
      code: uniqueCode("MIO"),
      kind: "percent",
      value: 10,
      plan_uuid: plan.uuid,
    });
    const stranger = await createOperator(app, { organisationId: otherOrganisation });
    expect((await call(stranger.headers, { method: "GET", url: "/api/admin/discounts?limit=100" })).body).not.toContain(
      code.uuid,
    );
    for (const options of [
      { method: "PUT", url: `/api/admin/discount/${code.uuid}`, payload: { max_redemptions: 1 } },
      { method: "POST", url: `/api/admin/discount/${code.uuid}/disable` },
      { method: "PUT", url: `/api/admin/discount/${newId()}`, payload: { max_redemptions: 1 } },
    ] as InjectOptions[]) {
      const response = await call(stranger.headers, options);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    }
    const staff = await createOperator(app, { locationIds: [secondLot] });
    expect(
      (await call(staff.headers, { method: "POST", url: `/api/admin/discount/${code.uuid}/disable` })).statusCode,
    ).toBe(404);
    const driver = await createSignedInUser(app);
    const asDriver = await call(driver.headers, { method: "POST", url: `/api/admin/discount/${code.uuid}/disable` });
    expect(asDriver.statusCode).toBe(403);
    const untouched = await app.db.selectFrom("discounts").selectAll().where("id", "=", code.uuid).executeTakeFirst();
    expect(untouched).toMatchObject({ disabled_at: null, max_redemptions: null });
    expect((await auditOf(code.uuid)).map((entry) => entry.action)).toEqual(["discount.create"]);
  });

  it("keeps a code of every plan to its organisation: its operators list and end it, another organisation's cannot", async () => {
    const operator = await createOperator(app);
    const everywhere = await createCode(operator.headers, { code: uniqueCode("TODOS"), kind: "percent", value: 5 });
    const listed = (await call(operator.headers, { method: "GET", url: "/api/admin/discounts?limit=100" })).json().data;
    expect(listed.items.find((item: { uuid: string }) => item.uuid === everywhere.uuid)).toMatchObject({
      plan: null,
      plan_uuid: null,
    });
    const stranger = await createOperator(app, { organisationId: otherOrganisation });
    expect((await call(stranger.headers, { method: "GET", url: "/api/admin/discounts?limit=100" })).body).not.toContain(
      everywhere.uuid,
    );
    const refused = await call(stranger.headers, {
      method: "POST",
      url: `/api/admin/discount/${everywhere.uuid}/disable`,
    });
    expect(refused.statusCode).toBe(404);
    const ended = await call(operator.headers, {
      method: "POST",
      url: `/api/admin/discount/${everywhere.uuid}/disable`,
    });
    expect(ended.json().data.status).toBe("disabled");
  });

  it("pages codes by keyset without repeating or skipping one", async () => {
    const operator = await createOperator(app);
    const plan = await createPlan(operator.headers);
    const made = new Set<string>();
    for (let index = 0; index < 5; index += 1)
      made.add(
        (
          await createCode(operator.headers, {
            code: uniqueCode("PAG"),
            kind: "percent",
            value: 5,
            plan_uuid: plan.uuid,
          })
        ).uuid,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/discounts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await call(operator.headers, { method: "GET", url })).json().data;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: { uuid: string }) => item.uuid));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const uuid of made) expect(seen).toContain(uuid);
  });
});
