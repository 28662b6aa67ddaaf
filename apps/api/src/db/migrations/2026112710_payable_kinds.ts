import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * One typed home for payable kinds (issue 21, docs/decisions/0105):
 * - each payment records where its payable belongs and what it parked (location, organisation,
 *   vehicle), so the console, its CSV and revenue read the ledger alone instead of a hand-written
 *   union of product tables; existing rows are filled in from their products here;
 * - the database refuses a `payable_type` outside the contracts' union. PostgreSQL gets a CHECK
 *   constraint; SQLite cannot add one to an existing table without rebuilding it (and every
 *   foreign key into `payments`), so two triggers refuse the insert or update with the same
 *   constraint name in the message. A kind added later drops and recreates both with its list.
 *
 * The list is written out, not imported: a migration states the schema of its day.
 */
const KINDS = ["visit", "subscription_period", "meter_purchase", "event_visit", "valet_ticket", "payment_method"];

/** Each product's location and vehicle of a payable, as of this migration (valet knows only a typed plate). */
const WHEREABOUTS: Record<string, { location: string; vehicle: string | null }> = {
  visit: {
    location: "select location_id from visits where visits.id = payments.payable_id",
    vehicle: "select vehicle_id from visits where visits.id = payments.payable_id",
  },
  subscription_period: {
    location: `select subscriptions.location_id from subscription_periods
      join subscriptions on subscriptions.id = subscription_periods.subscription_id
      where subscription_periods.id = payments.payable_id`,
    vehicle: `select subscriptions.vehicle_id from subscription_periods
      join subscriptions on subscriptions.id = subscription_periods.subscription_id
      where subscription_periods.id = payments.payable_id`,
  },
  meter_purchase: {
    location: `select meter_sessions.location_id from meter_purchases
      join meter_sessions on meter_sessions.id = meter_purchases.session_id
      where meter_purchases.id = payments.payable_id`,
    vehicle: `select meter_sessions.vehicle_id from meter_purchases
      join meter_sessions on meter_sessions.id = meter_purchases.session_id
      where meter_purchases.id = payments.payable_id`,
  },
  event_visit: {
    location: `select events.location_id from event_visits
      join events on events.id = event_visits.event_id
      where event_visits.id = payments.payable_id`,
    vehicle: "select vehicle_id from event_visits where event_visits.id = payments.payable_id",
  },
  valet_ticket: {
    location: "select location_id from valet_tickets where valet_tickets.id = payments.payable_id",
    vehicle: null,
  },
};

/** Makes the database accept exactly `kinds` as `payments.payable_type` (replacing an earlier list). */
export async function allowPayableKinds(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  const list = sql.join(kinds.map((kind) => sql.lit(kind)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table payments drop constraint if exists payments_payable_type_known`.execute(db);
    await sql`alter table payments add constraint payments_payable_type_known check (payable_type in (${list}))`.execute(
      db,
    );
    return;
  }
  for (const [name, event] of [
    ["payments_payable_type_known_insert", sql`insert`],
    ["payments_payable_type_known_update", sql`update of payable_type`],
  ] as const) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql`create trigger ${sql.id(name)} before ${event} on payments
      when new.payable_type not in (${list})
      begin select raise(abort, 'CHECK constraint failed: payments_payable_type_known'); end`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("location_id", "text", (c) => c.references("locations.id"))
    .execute();
  await db.schema
    .alterTable("payments")
    .addColumn("organisation_id", "text", (c) => c.references("organisations.id"))
    .execute();
  await db.schema
    .alterTable("payments")
    .addColumn("vehicle_id", "text", (c) => c.references("vehicles.id"))
    .execute();
  for (const [kind, where] of Object.entries(WHEREABOUTS)) {
    const vehicle = where.vehicle === null ? sql`null` : sql`(${sql.raw(where.vehicle)})`;
    await sql`update payments set location_id = (${sql.raw(where.location)}), vehicle_id = ${vehicle}
      where payable_type = ${kind}`.execute(db);
  }
  await sql`update payments set organisation_id =
    (select organisation_id from locations where locations.id = payments.location_id)
    where location_id is not null`.execute(db);
  // The console's list: a location's charges newest first, paged by (created_at, id).
  await db.schema
    .createIndex("payments_location_list")
    .on("payments")
    .columns(["location_id", "created_at", "id"])
    .execute();
  await allowPayableKinds(db, KINDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table payments drop constraint if exists payments_payable_type_known`.execute(db);
  else
    for (const name of ["payments_payable_type_known_insert", "payments_payable_type_known_update"])
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  await db.schema.dropIndex("payments_location_list").execute();
  for (const column of ["vehicle_id", "organisation_id", "location_id"])
    await db.schema.alterTable("payments").dropColumn(column).execute();
}
