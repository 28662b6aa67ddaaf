import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";

export type TicketRow = Row<"valet_tickets">;

/** The ledger's payable type of a valet ticket. */
export const VALET_TICKET_PAYABLE = "valet_ticket";

export async function insertTicket(db: Executor, ticket: NewRow<"valet_tickets">): Promise<void> {
  await db.insertInto("valet_tickets").values(ticket).execute();
}

export function findTicketById(db: Executor, ticketId: string) {
  return db.selectFrom("valet_tickets").selectAll().where("id", "=", ticketId).executeTakeFirst();
}

/** The ticket a claim token's HMAC names: one HMAC, or two while APP_SECRET rotates. */
export function findTicketByClaimHash(db: Executor, claimHashes: readonly string[]) {
  return db.selectFrom("valet_tickets").selectAll().where("claim_hash", "in", claimHashes).executeTakeFirst();
}

export function findTicketOfUser(db: Executor, userId: string, ticketId: string) {
  return db
    .selectFrom("valet_tickets")
    .selectAll()
    .where("id", "=", ticketId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** A ticket at the stand's location; another location's ticket answers like a missing one. */
export function findTicketAtLocation(db: Executor, locationId: string, ticketId: string) {
  return db
    .selectFrom("valet_tickets")
    .selectAll()
    .where("id", "=", ticketId)
    .where("location_id", "=", locationId)
    .executeTakeFirst();
}

export function lockTicket(tx: Executor, ticketId: string) {
  return tx.selectFrom("valet_tickets").selectAll().where("id", "=", ticketId).$call(forUpdate(tx)).executeTakeFirst();
}

type TicketChanges = Omit<RowUpdate<"valet_tickets">, "id" | "location_id" | "device_id">;

/** Moves a ticket's payment only from the statuses given: the first of two racing moves wins. */
export function updateTicketIfStatus(
  db: Executor,
  ticketId: string,
  from: readonly TicketRow["status"][],
  changes: TicketChanges,
) {
  return db
    .updateTable("valet_tickets")
    .set(changes)
    .where("id", "=", ticketId)
    .where("status", "in", from)
    .returningAll()
    .executeTakeFirst();
}

/** Moves the car only from the states given: the first of two racing moves wins. */
export function updateTicketIfCar(
  db: Executor,
  ticketId: string,
  from: readonly TicketRow["car_status"][],
  changes: TicketChanges,
) {
  return db
    .updateTable("valet_tickets")
    .set(changes)
    .where("id", "=", ticketId)
    .where("car_status", "in", from)
    .returningAll()
    .executeTakeFirst();
}

/** A claim: only an unclaimed ticket takes the driver (or the same driver again). */
export function claimTicketFor(db: Executor, ticketId: string, userId: string, at: string) {
  return db
    .updateTable("valet_tickets")
    .set({ user_id: userId, claimed_at: at, updated_at: at })
    .where("id", "=", ticketId)
    .where("user_id", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export function listTicketsOfUser(db: Executor, userId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom("valet_tickets")
    .innerJoin("locations", "locations.id", "valet_tickets.location_id")
    .selectAll("valet_tickets")
    .select(["locations.name as location_name", "locations.time_zone"])
    .where("valet_tickets.user_id", "=", userId)
    .orderBy("valet_tickets.opened_at", "desc")
    .orderBy("valet_tickets.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type TicketListRow = Awaited<ReturnType<typeof listTicketsOfUser>>[number];

export async function countTicketsOfUser(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("valet_tickets")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The stand's queue: cars asked for or ready, oldest request first. */
export function listStandQueue(db: Executor, locationId: string) {
  return db
    .selectFrom("valet_tickets")
    .selectAll()
    .where("location_id", "=", locationId)
    .where("car_status", "in", ["requested", "ready"])
    .orderBy("requested_at")
    .orderBy("id")
    .execute();
}

/** Whether the ticket has a charge in flight or done (a second pay must not race it). */
export async function hasLiveChargeForTicket(db: Executor, ticketId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("payable_type", "=", VALET_TICKET_PAYABLE)
    .where("payable_id", "=", ticketId)
    .where("kind", "=", "charge")
    .where("status", "in", ["pending", "requires_action", "succeeded"])
    .executeTakeFirst();
  return row !== undefined;
}

/** Every valet ticket the driver claimed, with its place, oldest first (the personal-data export). */
export function listAllTicketsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("valet_tickets")
    .innerJoin("locations", "locations.id", "valet_tickets.location_id")
    .select([
      "valet_tickets.id",
      "locations.name as location",
      "valet_tickets.number",
      "valet_tickets.plate",
      "valet_tickets.status",
      "valet_tickets.total",
      "valet_tickets.currency",
      "valet_tickets.created_at",
    ])
    .where("valet_tickets.user_id", "=", userId)
    .orderBy("valet_tickets.created_at")
    .orderBy("valet_tickets.id")
    .execute();
}

/** The driver's valet tickets whose car has not been handed back yet. */
export function listOpenTicketsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("valet_tickets")
    .innerJoin("locations", "locations.id", "valet_tickets.location_id")
    .select(["valet_tickets.id", "locations.name as location_name"])
    .where("valet_tickets.user_id", "=", userId)
    .where("valet_tickets.car_status", "<>", "delivered")
    .execute();
}
