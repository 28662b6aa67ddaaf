import { findVehicleById } from "../parking/visits/repository.ts";
import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { findSubscriptionById } from "./repository/passes.ts";
import { findPeriodById, listPeriodsOf } from "./repository/periods.ts";
import { findPlanById } from "./repository/plans.ts";

/** A pass period on a receipt: the plan's period in words and its name, the days it covers (local midnights) and its discount. */
export const periodReceipt: ReceiptKind = {
  async subjectOf(db, periodId) {
    const period = await findPeriodById(db, periodId);
    const subscription = period && (await findSubscriptionById(db, period.subscription_id));
    if (!period || !subscription) return undefined;
    const [plan, vehicle] = await Promise.all([
      findPlanById(db, subscription.plan_id),
      findVehicleById(db, subscription.vehicle_id),
    ]);
    return {
      locationId: subscription.location_id,
      plate: vehicle?.plate ?? null,
      variant: plan?.interval_unit ?? null,
      detail: plan?.name ?? null,
      startsAt: period.starts_at,
      endsAt: period.ends_at,
      discount: period.discount,
      tip: 0,
      product: { kind: "subscription", uuid: subscription.id },
    };
  },
  payablesOf: async (db, subscriptionId) => (await listPeriodsOf(db, [subscriptionId])).map((period) => period.id),
  async variantOf(db, periodId) {
    const period = await findPeriodById(db, periodId);
    const subscription = period && (await findSubscriptionById(db, period.subscription_id));
    return (subscription && (await findPlanById(db, subscription.plan_id))?.interval_unit) ?? null;
  },
};
