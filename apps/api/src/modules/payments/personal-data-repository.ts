import type { Executor } from "../../db/database.ts";

/**
 * The queries of a driver's payment data for the personal-data export and account deletion
 * (docs/product/invoicing-account-contact.md).
 */

/** Every card the driver saved, removed ones too: masked details only (the export). */
export function listAllCardsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("payment_methods")
    .select([
      "id",
      "gateway",
      "country",
      "brand",
      "last4",
      "exp_month",
      "exp_year",
      "wallet",
      "is_default",
      "created_at",
      "deleted_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * The driver's ledger rows, oldest first, with the place each was paid at, the rail the money
 * came by (kept on each row, a refund's its charge's: docs/decisions/0323, 0346) and the card behind it.
 */
export function listPaymentsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("payments")
    .leftJoin("locations", "locations.id", "payments.location_id")
    .innerJoin("payments as charge", (join) =>
      join.on((eb) => eb("charge.id", "=", eb.fn.coalesce("payments.parent_payment_id", "payments.id"))),
    )
    .leftJoin("payment_methods", "payment_methods.id", "charge.payment_method_id")
    .select([
      "payments.rail",
      "payment_methods.brand as card_brand",
      "payment_methods.last4 as card_last4",
      "payments.id",
      "payments.purpose",
      "payments.kind",
      "payments.status",
      "payments.currency",
      "payments.subtotal",
      "payments.convenience_fee",
      "payments.processing_fee",
      "payments.tax",
      "payments.amount",
      "payments.description",
      "payments.created_at",
      "payments.payable_type",
      "payments.payable_id",
      "locations.name as location_name",
      "locations.short_name as location_short_name",
      "locations.time_zone",
    ])
    .where("payments.user_id", "=", userId)
    .orderBy("payments.created_at")
    .orderBy("payments.id")
    .execute();
}

/**
 * Account deletion: the cards go (holder's name removed; brand and last four stay with the
 * payments the law keeps), and so do the add-card attempts' addresses and the stored answers of
 * idempotent calls, which repeat what the driver saw.
 */
export async function eraseCardDataOfUser(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("payment_methods")
    .set({ holder_name: null, is_default: 0, free_flow: 0, deleted_at: at, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
  await db.deleteFrom("card_attempts").where("user_id", "=", userId).execute();
  await db.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
}

/** The driver's charges whose outcome is not known yet (at the gateway or waiting for 3-D Secure). */
export function listChargesInFlightOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("payments")
    .leftJoin("locations", "locations.id", "payments.location_id")
    .select(["payments.payable_type", "payments.payable_id", "locations.name as location_name"])
    .where("payments.user_id", "=", userId)
    .where("payments.kind", "=", "charge")
    .where("payments.status", "in", ["pending", "requires_action"])
    .execute();
}

/** The driver's balances and every movement of each, oldest first (the export; docs/decisions/0210). */
export async function listBalancesOfUserForExport(db: Executor, userId: string) {
  const balances = await db
    .selectFrom("balances")
    .innerJoin("organisations", "organisations.id", "balances.organisation_id")
    .select(["balances.id", "organisations.name as organisation", "balances.currency", "balances.amount"])
    .where("balances.user_id", "=", userId)
    .orderBy("balances.created_at")
    .execute();
  const movements = await db
    .selectFrom("balance_movements")
    .innerJoin("balances", "balances.id", "balance_movements.balance_id")
    .select([
      "balance_movements.balance_id",
      "balance_movements.kind",
      "balance_movements.amount",
      "balance_movements.payment_id",
      "balance_movements.created_at",
    ])
    .where("balances.user_id", "=", userId)
    .orderBy("balance_movements.created_at")
    .orderBy("balance_movements.id")
    .execute();
  return balances.map(({ id, ...balance }) => ({
    uuid: id,
    ...balance,
    movements: movements
      .filter((movement) => movement.balance_id === id)
      .map(({ payment_id, kind, amount, created_at }) => ({ kind, amount, payment_uuid: payment_id, created_at })),
  }));
}

/** The driver's balances that still hold money, with their organisation's name: what keeps the account (the deletion guard). */
export function listPositiveBalancesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("balances")
    .innerJoin("organisations", "organisations.id", "balances.organisation_id")
    .select(["balances.id", "organisations.name as location_name"])
    .where("balances.user_id", "=", userId)
    .where("balances.amount", ">", 0)
    .execute();
}
