import { type Kysely, sql } from "kysely";

/**
 * Reads that went through a whole table in the scale run at 100,000 drivers (issue 25 item 8,
 * docs/decisions/0337), each given the index it needs:
 * - the job queue's claim asks for the earliest live job (queued and due, or running past its
 *   lease); finished jobs, one per stay, are nearly all of the table, so the index holds live ones only;
 * - the console's payments search by plate matches any vehicle with that plate, deleted ones too
 *   (their charges stay), which the unique index of active plates cannot answer, then that
 *   vehicle's charges in the dates asked (not every charge of the dates, then the plate);
 * - every charge the console lists sums its refunds: refunds by the charge they return;
 * - the sandbox gateway (the demo's and the bench's provider) sums a charge's refunds on each pay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("jobs_live")
    .on("jobs")
    .column("run_at")
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
  await db.schema.createIndex("vehicles_plate").on("vehicles").column("plate").execute();
  await db.schema.createIndex("payments_vehicle").on("payments").columns(["vehicle_id", "created_at"]).execute();
  await db.schema
    .createIndex("payments_refunds_of_charge")
    .on("payments")
    .column("parent_payment_id")
    .where(sql<boolean>`kind = 'refund'`)
    .execute();
  await db.schema.createIndex("sandbox_refunds_charge").on("sandbox_refunds").column("charge_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sandbox_refunds_charge").execute();
  await db.schema.dropIndex("payments_refunds_of_charge").execute();
  await db.schema.dropIndex("payments_vehicle").execute();
  await db.schema.dropIndex("vehicles_plate").execute();
  await db.schema.dropIndex("jobs_live").execute();
}
