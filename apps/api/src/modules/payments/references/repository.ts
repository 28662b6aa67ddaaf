import type { Executor } from "../../../db/database.ts";
import type { NewRow } from "../../../db/schema.ts";
import type { IssuedReference } from "../gateway.ts";

/** The reference charges' queries (docs/decisions/0280): what a driver needs to pay each one. */

export async function insertReference(db: Executor, reference: NewRow<"payment_references">): Promise<void> {
  await db.insertInto("payment_references").values(reference).execute();
}

export async function recordIssuedReference(db: Executor, paymentId: string, issued: IssuedReference): Promise<void> {
  await db
    .updateTable("payment_references")
    .set({ number: issued.number, barcode_url: issued.barcodeUrl, bank: issued.bank, expires_at: issued.expiresAt })
    .where("payment_id", "=", paymentId)
    .execute();
}

const referenceCharges = (db: Executor) =>
  db
    .selectFrom("payment_references")
    .innerJoin("payments", "payments.id", "payment_references.payment_id")
    .leftJoin("locations", "locations.id", "payments.location_id")
    .select([
      "locations.time_zone",
      "payment_references.payment_id",
      "payment_references.rail",
      "payment_references.number",
      "payment_references.barcode_url",
      "payment_references.bank",
      "payment_references.expires_at",
      "payments.user_id",
      "payments.amount",
      "payments.currency",
      "payments.status",
      "payments.failure_code",
      "payments.payable_type",
      "payments.description",
      "payments.updated_at",
    ]);

/** A charge with its reference, the charge's status telling whether it is awaiting payment, paid or expired. */
export function findReferenceCharge(db: Executor, paymentId: string) {
  return referenceCharges(db).where("payment_references.payment_id", "=", paymentId).executeTakeFirst();
}

/** The driver's references not paid yet and not past their expiry, soonest to expire first. */
export function listAwaitingReferenceCharges(db: Executor, userId: string, now: string) {
  return referenceCharges(db)
    .where("payments.user_id", "=", userId)
    .where("payments.status", "in", ["pending", "requires_action"])
    .where("payment_references.expires_at", ">", now)
    .orderBy("payment_references.expires_at", "asc")
    .limit(20)
    .execute();
}

export type ReferenceChargeRow = NonNullable<Awaited<ReturnType<typeof findReferenceCharge>>>;

/** The driver's references still awaiting payment: counted against the cap (decision 0282). */
export async function countAwaitingReferencesOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("payment_references")
    .innerJoin("payments", "payments.id", "payment_references.payment_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("payments.user_id", "=", userId)
    .where("payments.status", "in", ["pending", "requires_action"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
