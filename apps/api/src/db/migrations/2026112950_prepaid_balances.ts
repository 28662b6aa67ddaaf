import { type Kysely, sql } from "kysely";
import { allowPayableKinds } from "./2026112710_payable_kinds.ts";

/**
 * A prepaid balance (saldo) per driver, organisation and currency (issue 27 item 3,
 * docs/decisions/0210): the balance row (its amount, never below zero: a CHECK), every movement of
 * it (a top-up, a spend, a refund back to it, a payout to the card) tied once to its ledger line,
 * and the top-ups as the ledger's new payable kind.
 */
const KINDS = [
  "visit",
  "subscription_period",
  "meter_purchase",
  "event_visit",
  "valet_ticket",
  "payment_method",
  "balance_top_up",
];
const EARLIER_KINDS = KINDS.slice(0, -1);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("balances")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("organisation_id", "text", (c) => c.notNull().references("organisations.id"))
    .addColumn("currency", "text", (c) => c.notNull().check(sqlIn("currency", ["mxn", "usd"])))
    .addColumn("amount", "integer", (c) => c.notNull().defaultTo(0).check(sqlNonNegative("amount")))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("balances_one_per_owner", ["user_id", "organisation_id", "currency"])
    .execute();
  await db.schema
    .createTable("balance_top_ups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("balance_id", "text", (c) => c.notNull().references("balances.id"))
    .addColumn("location_id", "text", (c) => c.notNull().references("locations.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sqlIn("status", ["pending", "paid", "failed"])))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("balance_top_ups_of_balance").on("balance_top_ups").columns(["balance_id"]).execute();
  await db.schema
    .createTable("balance_movements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("balance_id", "text", (c) => c.notNull().references("balances.id"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sqlIn("kind", ["top_up", "spend", "refund", "payout", "payout_reversed"])),
    )
    /** Signed minor units: credits positive, debits negative. */
    .addColumn("amount", "integer", (c) => c.notNull())
    /** The ledger line it moved with (a top-up's or a spend's charge, a refund); at most once per kind. */
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("balance_movements_once", ["kind", "payment_id"])
    .execute();
  await db.schema
    .createIndex("balance_movements_of_balance")
    .on("balance_movements")
    .columns(["balance_id", "created_at", "id"])
    .execute();
  await allowPayableKinds(db, KINDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await allowPayableKinds(db, EARLIER_KINDS);
  await db.schema.dropTable("balance_movements").execute();
  await db.schema.dropTable("balance_top_ups").execute();
  await db.schema.dropTable("balances").execute();
}

const sqlIn = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
const sqlNonNegative = (column: string) => sql`${sql.ref(column)} >= 0`;
