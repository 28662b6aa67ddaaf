import type { Currency } from "@estaciona/contracts";
import { sql } from "kysely";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";

/**
 * The queries of the prepaid balance (docs/decisions/0210): the balance rows and their movements.
 * A balance row is the last lock a money transaction takes (a leaf after the payment rows): its
 * debit is one conditional UPDATE that never takes it below zero, on both engines.
 */

export type BalanceRow = Row<"balances">;
export type BalanceMovementRow = Row<"balance_movements">;

/** The driver's balance at an organisation in a currency, made (at zero) the first time it is asked for. */
export async function ensureBalance(
  db: Executor,
  owner: { userId: string; organisationId: string; currency: Currency },
): Promise<BalanceRow> {
  const now = new Date().toISOString();
  await db
    .insertInto("balances")
    .values({
      id: newId(),
      user_id: owner.userId,
      organisation_id: owner.organisationId,
      currency: owner.currency,
      amount: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "organisation_id", "currency"]).doNothing())
    .execute();
  return db
    .selectFrom("balances")
    .selectAll()
    .where("user_id", "=", owner.userId)
    .where("organisation_id", "=", owner.organisationId)
    .where("currency", "=", owner.currency)
    .executeTakeFirstOrThrow();
}

/** The balance that pays at a location: the driver's at its organisation, in its currency (undefined: none yet). */
export function findBalanceForLocation(db: Executor, userId: string, locationId: string) {
  return db
    .selectFrom("balances")
    .innerJoin("locations", (join) =>
      join
        .onRef("locations.organisation_id", "=", "balances.organisation_id")
        .onRef("locations.currency", "=", "balances.currency"),
    )
    .selectAll("balances")
    .where("balances.user_id", "=", userId)
    .where("locations.id", "=", locationId)
    .executeTakeFirst();
}

export function lockBalance(db: Executor, balanceId: string) {
  return db.selectFrom("balances").selectAll().where("id", "=", balanceId).$call(forUpdate(db)).executeTakeFirst();
}

/** Takes `amount` off the balance only when it holds that much: false (nothing written) when it does not. */
export async function debitBalance(db: Executor, balanceId: string, amount: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("balances")
    .set({ amount: sql`amount - ${amount}`, updated_at: at })
    .where("id", "=", balanceId)
    .where("amount", ">=", amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function creditBalance(db: Executor, balanceId: string, amount: number, at: string): Promise<void> {
  await db
    .updateTable("balances")
    .set({ amount: sql`amount + ${amount}`, updated_at: at })
    .where("id", "=", balanceId)
    .execute();
}

/** One movement per (kind, ledger line): false when it was already written (a settlement run twice). */
export async function insertMovementOnce(db: Executor, movement: Omit<BalanceMovementRow, "id">): Promise<boolean> {
  const result = await db
    .insertInto("balance_movements")
    .values({ id: newId(), ...movement })
    .onConflict((conflict) => conflict.columns(["kind", "payment_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findMovement(db: Executor, kind: BalanceMovementRow["kind"], paymentId: string) {
  return db
    .selectFrom("balance_movements")
    .selectAll()
    .where("kind", "=", kind)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

/** The driver's balances with their organisation's name, oldest first. */
export function listBalancesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("balances")
    .innerJoin("organisations", "organisations.id", "balances.organisation_id")
    .selectAll("balances")
    .select("organisations.name as organisation_name")
    .where("balances.user_id", "=", userId)
    .orderBy("balances.created_at")
    .orderBy("balances.id")
    .execute();
}

/** A balance's movements, newest first, with the ledger line each moved with and its place. */
export function listMovementsOf(db: Executor, balanceId: string, limit: number) {
  return db
    .selectFrom("balance_movements")
    .innerJoin("payments", "payments.id", "balance_movements.payment_id")
    .leftJoin("locations", "locations.id", "payments.location_id")
    .selectAll("balance_movements")
    .select([
      "payments.payable_type",
      "payments.payable_id",
      "payments.created_at as paid_at",
      "locations.name as location_name",
      "locations.short_name as location_short_name",
      "locations.time_zone",
    ])
    .where("balance_movements.balance_id", "=", balanceId)
    .orderBy("balance_movements.created_at", "desc")
    .orderBy("balance_movements.id", "desc")
    .limit(limit)
    .execute();
}
