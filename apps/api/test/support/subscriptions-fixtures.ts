import type { TestApp } from "./helpers.ts";

/**
 * Seeded demo plans (apps/api/src/seed/demo/passes.ts), for the files still on the demo seed
 * (support/demo-seed-files.ts); a file that builds its own data uses support/worlds/shared.ts.
 */
export const FUNDIDORA_MONTHLY = "5a9c0e11-0000-4000-8000-000000000301";
export const FUNDIDORA_WEEKLY = "5a9c0e11-0000-4000-8000-000000000302";
export const STUDENT_MONTHLY = "5a9c0e11-0000-4000-8000-000000000304";
export const AUSTIN_MONTHLY = "5a9c0e11-0000-4000-8000-000000000401";

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
