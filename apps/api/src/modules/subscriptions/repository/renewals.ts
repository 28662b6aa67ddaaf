import type { Executor } from "../../../db/database.ts";
import { PERIOD_PAYABLE } from "./periods.ts";

const BATCH = 200;

/** Passes joined with their running period (`current`). */
const withRunningPeriod = (db: Executor) =>
  db
    .selectFrom("subscriptions")
    .innerJoin("subscription_periods as current", (join) =>
      join
        .onRef("current.subscription_id", "=", "subscriptions.id")
        .onRef("current.number", "=", "subscriptions.current_period"),
    );

/** Passes with work due at `now`: a period to renew or end, a trial to start, a retry, an expiry. */
export async function listPassesDue(db: Executor, now: string): Promise<string[]> {
  const rows = await withRunningPeriod(db)
    .select("subscriptions.id")
    .where((eb) =>
      eb.or([
        // A period ended: renew it, or end a cancelled pass (a past-due pass waits for its retries).
        eb.and([
          eb("current.ends_at", "<=", now),
          eb.or([
            eb("subscriptions.status", "=", "active"),
            eb.and([eb("subscriptions.status", "=", "past_due"), eb("subscriptions.cancel_at_period_end", "=", 1)]),
          ]),
        ]),
        eb.and([eb("subscriptions.status", "=", "trial"), eb("current.starts_at", "<=", now)]),
        // A renewal opened and never charged: its worker died between the two steps.
        eb.and([
          eb("subscriptions.status", "=", "active"),
          eb("current.status", "=", "due"),
          eb("current.starts_at", "<=", now),
        ]),
        eb.and([eb("subscriptions.status", "=", "past_due"), eb("subscriptions.next_retry_at", "<=", now)]),
        eb.and([eb("subscriptions.status", "=", "incomplete"), eb("subscriptions.expires_at", "<=", now)]),
      ]),
    )
    .orderBy("subscriptions.id")
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}

/** Active monthly or yearly passes renewing before `until` whose reminder for this period was not sent. */
export async function listRenewalsToRemind(db: Executor, now: string, until: string): Promise<string[]> {
  const rows = await withRunningPeriod(db)
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select("subscriptions.id")
    .where("subscriptions.status", "=", "active")
    .where("subscriptions.cancel_at_period_end", "=", 0)
    .where("plans.interval_unit", "in", ["month", "year"])
    .where("current.ends_at", ">", now)
    .where("current.ends_at", "<=", until)
    .where((eb) =>
      eb.or([
        eb("subscriptions.reminded_period", "is", null),
        eb("subscriptions.reminded_period", "<", eb.ref("subscriptions.current_period")),
      ]),
    )
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the period's reminder as sent; false when another worker marked it first. */
export async function markReminded(db: Executor, subscriptionId: string, period: number): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ reminded_period: period })
    .where("id", "=", subscriptionId)
    .where((eb) => eb.or([eb("reminded_period", "is", null), eb("reminded_period", "<", period)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Active passes whose running period was paid by reference (OXXO, SPEI) and ends before `until`, with
 * no charge yet on a later period: the next period's reference is due (docs/decisions/0333).
 */
export async function listReferenceRenewalsDue(db: Executor, now: string, until: string): Promise<string[]> {
  const rows = await withRunningPeriod(db)
    .innerJoin("payments", (join) =>
      join
        .onRef("payments.payable_id", "=", "current.id")
        .on("payments.payable_type", "=", PERIOD_PAYABLE)
        .on("payments.kind", "=", "charge")
        .on("payments.status", "=", "succeeded"),
    )
    .innerJoin("payment_references", "payment_references.payment_id", "payments.id")
    .select("subscriptions.id")
    .where("subscriptions.status", "=", "active")
    .where("subscriptions.cancel_at_period_end", "=", 0)
    .where("current.ends_at", ">", now)
    .where("current.ends_at", "<=", until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("subscription_periods as next")
            .innerJoin("payments as next_charge", (join) =>
              join
                .onRef("next_charge.payable_id", "=", "next.id")
                .on("next_charge.payable_type", "=", PERIOD_PAYABLE)
                .on("next_charge.kind", "=", "charge"),
            )
            .select("next.id")
            .whereRef("next.subscription_id", "=", "subscriptions.id")
            .whereRef("next.number", ">", "subscriptions.current_period"),
        ),
      ),
    )
    .orderBy("subscriptions.id")
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}
