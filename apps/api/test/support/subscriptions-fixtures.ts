import type { TestApp } from "./helpers.ts";

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
