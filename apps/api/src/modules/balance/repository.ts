import { sql } from "kysely";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";

/** The top-ups' queries (docs/decisions/0210): each top-up is the ledger's `balance_top_up` payable. */

export type TopUpRow = Row<"balance_top_ups">;

export async function insertTopUp(db: Executor, topUp: NewRow<"balance_top_ups">): Promise<void> {
  await db.insertInto("balance_top_ups").values(topUp).execute();
}

export function findTopUp(db: Executor, topUpId: string) {
  return db.selectFrom("balance_top_ups").selectAll().where("id", "=", topUpId).executeTakeFirst();
}

/** A balance's top-ups (its receipts). */
export async function listTopUpIdsOf(db: Executor, balanceId: string): Promise<string[]> {
  const rows = await db.selectFrom("balance_top_ups").select("id").where("balance_id", "=", balanceId).execute();
  return rows.map((row) => row.id);
}

export function lockTopUp(db: Executor, topUpId: string) {
  return db.selectFrom("balance_top_ups").selectAll().where("id", "=", topUpId).$call(forUpdate(db)).executeTakeFirst();
}

/** Moves a pending top-up to `paid` or `failed`; undefined when it was already settled. */
export function settleTopUpIfPending(db: Executor, topUpId: string, status: "paid" | "failed", at: string) {
  return db
    .updateTable("balance_top_ups")
    .set({ status, updated_at: at })
    .where("id", "=", topUpId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** A failed top-up whose reference was paid after it expired (docs/decisions/0281); undefined when not failed. */
export function settleTopUpPaidLate(db: Executor, topUpId: string, at: string) {
  return db
    .updateTable("balance_top_ups")
    .set({ status: "paid", updated_at: at })
    .where("id", "=", topUpId)
    .where("status", "=", "failed")
    .returningAll()
    .executeTakeFirst();
}

/** What the balance's top-ups still waiting for their charge will add: counted against the cap. */
export async function pendingTopUpsOf(db: Executor, balanceId: string): Promise<number> {
  const row = await db
    .selectFrom("balance_top_ups")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), sql<number>`0`).as("sum"))
    .where("balance_id", "=", balanceId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/**
 * The balance's paid top-up charges not paid out yet, newest first, with what is left to refund of
 * each: where a payout sends the money back (docs/decisions/0212).
 */
export function listRefundableTopUpCharges(db: Executor, balanceId: string) {
  return db
    .selectFrom("balance_top_ups")
    .innerJoin("payments", (join) =>
      join
        .onRef("payments.payable_id", "=", "balance_top_ups.id")
        .on("payments.payable_type", "=", "balance_top_up")
        .on("payments.kind", "=", "charge")
        .on("payments.status", "=", "succeeded"),
    )
    .select((eb) => [
      "payments.id",
      "payments.amount",
      eb
        .selectFrom("payments as refunds")
        .select((r) => r.fn.coalesce(r.fn.sum<number>("refunds.amount"), sql<number>`0`).as("sum"))
        .whereRef("refunds.parent_payment_id", "=", "payments.id")
        .where("refunds.kind", "=", "refund")
        .where("refunds.status", "in", ["succeeded", "pending"])
        .as("refunded"),
    ])
    .where("balance_top_ups.balance_id", "=", balanceId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("balance_movements")
            .select("balance_movements.id")
            .whereRef("balance_movements.payment_id", "=", "payments.id")
            .where("balance_movements.kind", "=", "payout"),
        ),
      ),
    )
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .execute();
}
