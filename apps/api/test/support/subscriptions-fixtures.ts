import { expect } from "vitest";
import type { TestApp } from "./helpers.ts";
import { idempotencyKey } from "./parking-fixtures.ts";
import { createLocation, createPlan } from "./world.ts";

export const buyPass = (app: TestApp, headers: Record<string, string>, key: string, payload: object) =>
  app.inject({
    method: "POST",
    url: "/api/user/subscription",
    headers: { ...headers, "idempotency-key": key },
    payload,
  });

export const createPlanAs = (app: TestApp, headers: Record<string, string>, payload: object) =>
  app.inject({ method: "POST", url: "/api/admin/plan", headers, payload });

/** The ledger's charges of a pass's periods. */
export function periodChargesOf(app: TestApp, subscriptionId: string) {
  return app.db
    .selectFrom("payments")
    .innerJoin("subscription_periods", "subscription_periods.id", "payments.payable_id")
    .select(["payments.id", "payments.status", "payments.amount", "subscription_periods.number"])
    .where("payments.payable_type", "=", "subscription_period")
    .where("payments.kind", "=", "charge")
    .where("subscription_periods.subscription_id", "=", subscriptionId)
    .orderBy("subscription_periods.number")
    .orderBy("payments.created_at")
    .execute();
}

/** A pass of a new plan at a new Mexican lot, bought by reference (OXXO or SPEI): the plan, the pass and its awaiting charge. */
export async function buyNewPassByReference(
  app: TestApp,
  driver: { headers: Record<string, string>; vehicle: { id: string } },
  rail: "oxxo" | "spei",
  availability: number,
) {
  const plan = await createPlan(app, (await createLocation(app)).id, { availability });
  const bought = await buyPass(app, driver.headers, idempotencyKey(), {
    plan_uuid: plan.id,
    vehicle_uuid: driver.vehicle.id,
    reference_rail: rail,
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const { subscription, payment } = bought.json().data as { subscription: { uuid: string }; payment: { uuid: string } };
  return { plan, subscription, payment };
}
