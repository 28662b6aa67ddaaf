import type { DisputeStatus } from "@estaciona/contracts/schemas/verification";
import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";

/** The disputes' queries (docs/decisions/0200): each with the place it is about, for its screens and its kit. */

const disputesWithPlace = (db: Executor) =>
  db
    .selectFrom("receipt_disputes")
    .innerJoin("locations", "locations.id", "receipt_disputes.location_id")
    .selectAll("receipt_disputes")
    .select([
      "locations.name as location_name",
      "locations.address as location_address",
      "locations.time_zone as location_time_zone",
      "locations.lat as location_lat",
      "locations.lng as location_lng",
    ]);

export type DisputeRow = NonNullable<Awaited<ReturnType<typeof findDisputeOfPayment>>>;

export function findDisputeOfPayment(db: Executor, paymentId: string) {
  return disputesWithPlace(db).where("receipt_disputes.payment_id", "=", paymentId).executeTakeFirst();
}

export function findDisputeById(db: Executor, disputeId: string) {
  return disputesWithPlace(db).where("receipt_disputes.id", "=", disputeId).executeTakeFirst();
}

/** The dispute's row under a lock, for a change of state. */
export function lockDispute(db: Executor, disputeId: string) {
  return db
    .selectFrom("receipt_disputes")
    .selectAll()
    .where("id", "=", disputeId)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

/** The disputes at these locations, newest first, optionally of one state. */
export function listDisputesAt(db: Executor, locationIds: string[], status: DisputeStatus | undefined) {
  if (locationIds.length === 0) return Promise.resolve([]);
  let query = disputesWithPlace(db).where("receipt_disputes.location_id", "in", locationIds);
  if (status) query = query.where("receipt_disputes.status", "=", status);
  return query.orderBy("receipt_disputes.created_at", "desc").orderBy("receipt_disputes.id").limit(500).execute();
}

/** A new dispute, unless the charge has one already (two taps at once open one). */
export async function insertDispute(db: Executor, dispute: NewRow<"receipt_disputes">): Promise<void> {
  await db
    .insertInto("receipt_disputes")
    .values(dispute)
    .onConflict((conflict) => conflict.column("payment_id").doNothing())
    .execute();
}

export async function updateDispute(
  db: Executor,
  disputeId: string,
  change: { status: DisputeStatus; resolution: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable("receipt_disputes").set(change).where("id", "=", disputeId).execute();
}

/** Every dispute the driver opened, oldest first, with the place's name (the personal-data export). */
export function listDisputesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("receipt_disputes")
    .innerJoin("locations", "locations.id", "receipt_disputes.location_id")
    .select([
      "receipt_disputes.id as uuid",
      "receipt_disputes.payment_id as payment_uuid",
      "locations.name as location",
      "receipt_disputes.status",
      "receipt_disputes.citation_number",
      "receipt_disputes.note",
      "receipt_disputes.resolution",
      "receipt_disputes.created_at",
      "receipt_disputes.updated_at",
    ])
    .where("receipt_disputes.user_id", "=", userId)
    .orderBy("receipt_disputes.created_at")
    .orderBy("receipt_disputes.id")
    .execute();
}

/**
 * Account deletion: the driver's own words (note, ticket number) go; the dispute's state and the
 * operator's answer stay with the charge, which the money records keep.
 */
export async function eraseDisputeNotesOfUser(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("receipt_disputes")
    .set({ note: null, citation_number: null, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
}
