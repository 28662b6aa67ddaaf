import type { Country } from "@estaciona/contracts";
import { sql } from "kysely";
import { changedColumns, compiledOnce, compiledPerShape } from "../../db/compiled-once.ts";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";

/**
 * Every query of the ledger and of saved cards (the personal-data ones are in personal-data-repository.ts). Each takes an Executor: the database or the open
 * transaction of the step that calls it (ledger.ts explains the steps).
 */

export type PaymentRow = Row<"payments">;
export type PaymentMethodRow = Row<"payment_methods">;

// The ledger ----------------------------------------------------------------------------------

/** The driver's charges (refunds are rows of their own). */
const chargesOfUser = (db: Executor, userId: string) =>
  db.selectFrom("payments").selectAll().where("user_id", "=", userId).where("kind", "=", "charge");

/**
 * The charge a driver already made with an Idempotency-Key, if any (replayed instead of charging
 * again). Compiled once, like the other statements of the pay path (db/compiled-once.ts).
 */
export const findChargeByIdempotencyKey = compiledOnce((db, userId: string, key: string) =>
  // The predicate of the partial unique index `payments_user_key` written out as SQL: SQLite uses a
  // partial index only when the query states its condition literally (a bound `kind = ?` does not),
  // and otherwise reads every charge of the driver.
  db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .where(sql<boolean>`kind = 'charge' and idempotency_key is not null`),
).first;

/** One of the driver's charges: another driver's payment is simply not found. */
export function findChargeOfUser(db: Executor, userId: string, paymentId: string) {
  return chargesOfUser(db, userId).where("id", "=", paymentId).executeTakeFirst();
}

/** The driver's paid charges (refunded later included) of these payables, oldest first: a product's receipts. */
export function listPaidChargesOfPayables(db: Executor, userId: string, payableIds: string[]) {
  if (payableIds.length === 0) return Promise.resolve([]);
  return chargesOfUser(db, userId)
    .where("payable_id", "in", payableIds)
    .where("status", "in", ["succeeded", "refunded"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findPaymentById(db: Executor, paymentId: string) {
  return db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
}

/** The payment row locked until the transaction ends: settling it is one writer at a time. */
export const lockPayment = compiledOnce((tx, paymentId: string) =>
  tx.selectFrom("payments").selectAll().where("id", "=", paymentId).$call(forUpdate(tx)),
).first;

export { insertPayment } from "./insert-payment-repository.ts";

/** A payment's update, compiled once per set of columns it changes (each settlement writes one). */
const paymentUpdate = compiledPerShape<PaymentRow>();

export async function updatePayment(
  db: Executor,
  paymentId: string,
  changes: Pick<RowUpdate<"payments">, "status" | "provider_ref" | "action_url" | "failure_code" | "updated_at">,
): Promise<PaymentRow> {
  const changed = changedColumns(changes);
  const statement = paymentUpdate(changed.shape, changed.values.length + 1, (executor, ...values) =>
    executor
      .updateTable("payments")
      .set(changed.set(values))
      .where("id", "=", values[changed.values.length] as string)
      .returningAll(),
  );
  const updated = await statement.first(db, ...changed.values, paymentId);
  if (!updated) throw new Error(`payment ${paymentId} not found`);
  return updated;
}

/** The provider's id of a charge whose outcome is not known yet, kept the moment it is known (never overwritten). */
export async function recordProviderRef(db: Executor, paymentId: string, providerRef: string, at: string) {
  await db
    .updateTable("payments")
    .set({ provider_ref: providerRef, updated_at: at })
    .where("id", "=", paymentId)
    .where("provider_ref", "is", null)
    .execute();
}

/** A charge of ours by the provider's id of it, on one gateway (a webhook names the provider's object). */
export function findChargeByProviderRef(db: Executor, gateway: string, providerRef: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("gateway", "=", gateway)
    .where("provider_ref", "=", providerRef)
    .where("kind", "=", "charge")
    .executeTakeFirst();
}

/** The refund of a charge still waiting for the gateway (at most one is in flight per charge). */
export function findPendingRefundOf(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("parent_payment_id", "=", chargeId)
    .where("kind", "=", "refund")
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/** The refund of a charge that a call with this Idempotency-Key made, latest first (a replay answers it). */
export function findRefundByKey(db: Executor, chargeId: string, key: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("parent_payment_id", "=", chargeId)
    .where("kind", "=", "refund")
    .where("idempotency_key", "=", key)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** What has been given back of a charge so far, minor units. */
export async function refundedAmountOf(db: Executor, chargeId: string): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
    .where("parent_payment_id", "=", chargeId)
    .where("kind", "=", "refund")
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Charges still unsettled (pending or waiting for 3-D Secure) created before a moment. */
export function listUnsettledChargesBefore(db: Executor, before: string, limit: number) {
  return db
    .selectFrom("payments")
    .select(["id", "kind", "status", "created_at"])
    .where("kind", "=", "charge")
    .where("status", "in", ["pending", "requires_action"])
    .where("created_at", "<", before)
    .limit(limit)
    .execute();
}

/** Refunds still waiting for the gateway's answer, created before a moment. */
export function listPendingRefundsBefore(db: Executor, before: string, limit: number) {
  return db
    .selectFrom("payments")
    .select("id")
    .where("kind", "=", "refund")
    .where("status", "=", "pending")
    .where("created_at", "<", before)
    .limit(limit)
    .execute();
}

/** Card verification charges that succeeded and were still not refunded (last changed before a moment). */
export function listUnrefundedVerificationsBefore(db: Executor, before: string, limit: number) {
  return db
    .selectFrom("payments")
    .select(["id", "created_at"])
    .where("kind", "=", "charge")
    .where("purpose", "=", "card_verification")
    .where("status", "=", "succeeded")
    .where("updated_at", "<", before)
    .limit(limit)
    .execute();
}

// Saved cards ---------------------------------------------------------------------------------

/**
 * The driver's cards that were not removed. `verified`: only those whose verification charge
 * succeeded, the only cards a driver sees, manages and is charged on — never a wallet payment's
 * one-off method, which only the pay call that registered it names (docs/decisions/0284).
 */
function cardsOfUser(db: Executor, userId: string, { verified }: { verified: boolean }) {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .$if(verified, (query) => query.where("verified_at", "is not", null).where("wallet", "is", null));
}

const cardOfUser = {
  any: compiledOnce((db, userId: string, methodId: string) =>
    cardsOfUser(db, userId, { verified: false }).where("id", "=", methodId),
  ),
  verified: compiledOnce((db, userId: string, methodId: string) =>
    cardsOfUser(db, userId, { verified: true }).where("id", "=", methodId),
  ),
};

/** One of the driver's cards: another driver's card is simply not found (compiled once: the pay path reads it). */
export function findCardOfUser(db: Executor, userId: string, methodId: string, options = { verified: false }) {
  return cardOfUser[options.verified ? "verified" : "any"].first(db, userId, methodId);
}

/** A card's row locked until the transaction ends (a verification charge's payable). */
export function lockCard(tx: Executor, methodId: string) {
  return tx
    .selectFrom("payment_methods")
    .selectAll()
    .where("id", "=", methodId)
    .$call(forUpdate(tx))
    .executeTakeFirst();
}

/** The provider's id of a card's first charge, its check (docs/decisions/0206); null when it has none recorded. */
export async function findCardCheckRef(db: Executor, methodId: string): Promise<string | null> {
  const check = await db
    .selectFrom("payments")
    .select("provider_ref")
    .where("payment_method_id", "=", methodId)
    .where("kind", "=", "charge")
    .where("purpose", "=", "card_verification")
    .where("status", "in", ["succeeded", "refunded"])
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return check?.provider_ref ?? null;
}

export function findCardById(db: Executor, methodId: string) {
  return db.selectFrom("payment_methods").selectAll().where("id", "=", methodId).executeTakeFirst();
}

export function listVerifiedCardsOfUser(db: Executor, userId: string) {
  return cardsOfUser(db, userId, { verified: true }).orderBy("created_at").orderBy("id").execute();
}

/** findCardToCharge's two statements, compiled once (the pay path reads the default card). */
const cardToCharge = {
  defaultOnly: compiledOnce((db, userId: string, country: Country) =>
    cardsOfUser(db, userId, { verified: true }).where("country", "=", country).where("is_default", "=", 1).limit(1),
  ),
  freeFlowFirst: compiledOnce((db, userId: string, country: Country) =>
    cardsOfUser(db, userId, { verified: true })
      .where("country", "=", country)
      .where((eb) => eb.or([eb("is_default", "=", 1), eb("free_flow", "=", 1)]))
      .orderBy("free_flow", "desc")
      .orderBy("is_default", "desc")
      .limit(1),
  ),
};

/**
 * The card a charge goes to when the driver does not pick one: the default card of the country,
 * or — at a freeflow exit — the card flagged `free_flow` first. Verified cards only.
 */
export function findCardToCharge(db: Executor, userId: string, country: Country, preferFreeFlow: boolean) {
  return cardToCharge[preferFreeFlow ? "freeFlowFirst" : "defaultOnly"].first(db, userId, country);
}

/** Whether the driver has another verified card in the card's country. */
export async function hasOtherVerifiedCard(db: Executor, card: PaymentMethodRow): Promise<boolean> {
  const other = await cardsOfUser(db, card.user_id, { verified: true })
    .where("country", "=", card.country)
    .where("id", "!=", card.id)
    .executeTakeFirst();
  return other !== undefined;
}

export function findPaymentCustomer(db: Executor, userId: string, gateway: string) {
  return db
    .selectFrom("payment_customers")
    .selectAll()
    .where("user_id", "=", userId)
    .where("gateway", "=", gateway)
    .executeTakeFirst();
}

/** The driver's customer record at a gateway; a concurrent first card may have created it already. */
export async function insertPaymentCustomerUnlessExists(db: Executor, customer: NewRow<"payment_customers">) {
  await db
    .insertInto("payment_customers")
    .values(customer)
    .onConflict((conflict) => conflict.columns(["user_id", "gateway"]).doNothing())
    .execute();
}

export async function insertCard(db: Executor, card: NewRow<"payment_methods">): Promise<void> {
  await db.insertInto("payment_methods").values(card).execute();
}

export function markCardVerified(db: Executor, methodId: string, at: string) {
  return db
    .updateTable("payment_methods")
    .set({ verified_at: at, updated_at: at })
    .where("id", "=", methodId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes the card its country's default only when the driver has no default card there yet. */
export async function makeDefaultIfCountryHasNone(db: Executor, card: PaymentMethodRow): Promise<void> {
  await db
    .updateTable("payment_methods")
    .set({ is_default: 1 })
    .where("id", "=", card.id)
    .where("deleted_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payment_methods as other")
            .select("other.id")
            .where("other.user_id", "=", card.user_id)
            .where("other.country", "=", card.country)
            .where("other.is_default", "=", 1)
            .where("other.deleted_at", "is", null),
        ),
      ),
    )
    .execute();
}

/** Moves the country's default to this card. */
export async function setDefaultCard(db: Executor, card: PaymentMethodRow, at: string) {
  await db
    .updateTable("payment_methods")
    .set({ is_default: 0, updated_at: at })
    .where("user_id", "=", card.user_id)
    .where("country", "=", card.country)
    .where("is_default", "=", 1)
    .execute();
  return db
    .updateTable("payment_methods")
    .set({ is_default: 1, updated_at: at })
    .where("id", "=", card.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a card from use; `unverifiedOnly` leaves a card alone once its verification succeeded. */
export async function softDeleteCard(
  db: Executor,
  methodId: string,
  at: string,
  options: { unverifiedOnly?: boolean } = {},
): Promise<void> {
  await db
    .updateTable("payment_methods")
    .set({ deleted_at: at, is_default: 0, updated_at: at })
    .where("id", "=", methodId)
    .$if(options.unverifiedOnly === true, (query) => query.where("verified_at", "is", null))
    .execute();
}

/** The user's "has a card in this country" flag (`payment_methods_mx` / `payment_methods_us`, docs/product/calls-and-errors.md). */
export async function setUserCardFlag(
  db: Executor,
  userId: string,
  country: Country,
  hasCard: boolean,
  at: string,
): Promise<void> {
  const flag = hasCard ? 1 : 0;
  await db
    .updateTable("users")
    .set(country === "mx" ? { payment_methods_mx: flag, updated_at: at } : { payment_methods_us: flag, updated_at: at })
    .where("id", "=", userId)
    .execute();
}

/** The day the driver's freeflow starts (`free_flow_activation`), set once: a later freeflow card keeps the first day. */
export async function startFreeFlowOnce(db: Executor, userId: string, day: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ free_flow_activation: day })
    .where("id", "=", userId)
    .where("free_flow_activation", "is", null)
    .execute();
}

/** The add-card attempts of one driver, or from one address, since a moment, oldest first (the card-testing caps). */
export function cardAttemptsSince(db: Executor, by: { userId: string } | { ip: string }, since: string) {
  return db
    .selectFrom("card_attempts")
    .select(["created_at"])
    .$if("userId" in by, (qb) => qb.where("user_id", "=", "userId" in by ? by.userId : ""))
    .$if("ip" in by, (qb) => qb.where("ip", "=", "ip" in by ? by.ip : ""))
    .where("created_at", ">", since)
    .orderBy("created_at")
    .execute();
}

export async function insertCardAttempt(db: Executor, attempt: NewRow<"card_attempts">): Promise<void> {
  await db.insertInto("card_attempts").values(attempt).execute();
}
