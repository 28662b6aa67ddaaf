import { sql } from "kysely";
import type { Executor } from "../../../db/database.ts";

/**
 * The ledger's consistency checks (issue 25 item 1): what must hold in any database the product
 * wrote, whatever crashed or was restored. Read-only; operators run them with `npm run
 * check:ledger` (after a restore, after an incident), and the backup test runs them on a restored
 * copy. Each check answers how many rows break it and a few of their ids to start from.
 */
export interface LedgerProblem {
  check: LedgerCheck;
  count: number;
  /** Up to EXAMPLES ids of offending rows (payments, or payable ids for `paid_twice`). */
  examples: string[];
}

export type LedgerCheck =
  /** A payable with two live (succeeded) charges: the driver paid twice for one thing. */
  | "paid_twice"
  /** A stay whose charge succeeded but which is still unpaid (no `paid_at`, or `pending_payment`). */
  | "visit_paid_and_unpaid"
  /** A charge whose succeeded refunds add up to more than it charged. */
  | "refunds_exceed_charge"
  /** A sandbox charge the ledger counts as taken, with no matching succeeded charge at the gateway. */
  | "charge_missing_at_gateway"
  /** A sandbox refund the ledger counts as done, with no refund of that amount at the gateway. */
  | "refund_missing_at_gateway";

const EXAMPLES = 5;

/** Money the ledger holds as taken: a succeeded charge, or one refunded since (it was taken first). */
const TAKEN = ["succeeded", "refunded"] as const;

export async function checkLedger(db: Executor): Promise<LedgerProblem[]> {
  const checks: Record<LedgerCheck, () => Promise<{ id: string }[]>> = {
    paid_twice: () =>
      db
        .selectFrom("payments")
        .select("payable_id as id")
        .where("kind", "=", "charge")
        .where("status", "=", "succeeded")
        .groupBy(["payable_type", "payable_id"])
        .having(sql`count(*)`, ">", 1)
        .execute(),
    visit_paid_and_unpaid: () =>
      db
        .selectFrom("payments")
        .innerJoin("visits", "visits.id", "payments.payable_id")
        .select("payments.id as id")
        .where("payments.payable_type", "=", "visit")
        .where("payments.kind", "=", "charge")
        .where("payments.status", "=", "succeeded")
        .where((where) =>
          where.or([where("visits.paid_at", "is", null), where("visits.status", "=", "pending_payment")]),
        )
        .execute(),
    refunds_exceed_charge: () =>
      db
        .selectFrom("payments as charge")
        .innerJoin("payments as refund", "refund.parent_payment_id", "charge.id")
        .select("charge.id as id")
        .where("charge.kind", "=", "charge")
        .where("refund.kind", "=", "refund")
        .where("refund.status", "=", "succeeded")
        .groupBy(["charge.id", "charge.amount"])
        .having(sql`sum(refund.amount)`, ">", sql.ref("charge.amount"))
        .execute(),
    charge_missing_at_gateway: () =>
      db
        .selectFrom("payments")
        .select("payments.id as id")
        .where("payments.gateway", "=", "sandbox")
        .where("payments.kind", "=", "charge")
        .where("payments.status", "in", TAKEN)
        .where((where) =>
          where.not(
            where.exists(
              where
                .selectFrom("sandbox_charges")
                .select("sandbox_charges.id")
                .whereRef("sandbox_charges.reference", "=", "payments.id")
                .whereRef("sandbox_charges.amount", "=", "payments.amount")
                .where("sandbox_charges.status", "=", "succeeded"),
            ),
          ),
        )
        .execute(),
    refund_missing_at_gateway: () =>
      db
        .selectFrom("payments")
        .select("payments.id as id")
        .where("payments.gateway", "=", "sandbox")
        .where("payments.kind", "=", "refund")
        .where("payments.status", "=", "succeeded")
        .where((where) =>
          where.not(
            where.exists(
              where
                .selectFrom("sandbox_refunds")
                .select("sandbox_refunds.id")
                .whereRef("sandbox_refunds.reference", "=", "payments.id")
                .whereRef("sandbox_refunds.amount", "=", "payments.amount"),
            ),
          ),
        )
        .execute(),
  };
  const problems: LedgerProblem[] = [];
  for (const [check, find] of Object.entries(checks) as [LedgerCheck, () => Promise<{ id: string }[]>][]) {
    const rows = await find();
    if (rows.length > 0)
      problems.push({ check, count: rows.length, examples: rows.slice(0, EXAMPLES).map((row) => row.id) });
  }
  return problems;
}
