import { addDays } from "@estaciona/contracts/periods";
import { translate } from "@estaciona/i18n";
import { findLocationById } from "../parking/locations/service.ts";
import { registerReferencePaidNotice } from "../payments/ledger.ts";
import { formatDay } from "./messages.ts";
import { findSubscriptionById } from "./repository/passes.ts";
import { findPeriodById, PERIOD_PAYABLE } from "./repository/periods.ts";
import { findPlanById } from "./repository/plans.ts";

/**
 * A pass's period paid by reference (docs/decisions/0342): the notice says the pass is active and
 * until which day, the period as its payment left it (a pass by reference starts the day it is paid).
 */
registerReferencePaidNotice(PERIOD_PAYABLE, async (db, payment, { locale }) => {
  const period = await findPeriodById(db, payment.payable_id);
  const pass = period ? await findSubscriptionById(db, period.subscription_id) : undefined;
  if (!period || !pass) return undefined;
  const [plan, location] = await Promise.all([findPlanById(db, pass.plan_id), findLocationById(db, pass.location_id)]);
  if (!plan || !location) return undefined;
  const what = translate(locale, "payments.reference_paid.pass", {
    plan: plan.name,
    location: location.name,
    // The period's end is exclusive: its last day is the day before.
    last_day: formatDay(addDays(period.end_date, -1), locale),
  });
  return what ? { what, location } : undefined;
});
