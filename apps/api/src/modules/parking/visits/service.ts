import { PAGINATOR_PAGE_LINKS } from "@estaciona/contracts";
import type { StartVisitBody, VisitDetail, VisitPage, VisitQuote } from "@estaciona/contracts/schemas/parking";
import { type Db, type Executor, underUniqueRule } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import { assertNotSuspendedAt } from "../../users/suspensions.ts";
import { findLocationById } from "../locations/repository.ts";
import { acceptsVisits, type LocationRow } from "../locations/service.ts";
import { presentVisitDetail, presentVisitSummary, quoteAt } from "./presenter.ts";
import {
  findActiveVehicleOfUser,
  findLatestOpenVisitOfUser,
  findVisitOfUser,
  hasOpenVisit,
  insertVisit,
  listVisitKeysOfUser,
  listVisitsOfUser,
  type VisitKey,
  type VisitRow,
} from "./repository.ts";

type UserRow = Row<"users">;

/**
 * A location restricted to an e-mail domain (the university case) admits drivers whose
 * *verified* e-mail is in that domain or a subdomain of it: an unverified address proves nothing.
 */
export function emailAllowedAt(location: LocationRow, user: Pick<UserRow, "email" | "email_verified_at">): boolean {
  if (!location.email_domain) return true;
  if (!user.email || !user.email_verified_at) return false;
  const domain = location.email_domain.toLowerCase().replace(/^@/, "");
  const host = user.email.slice(user.email.lastIndexOf("@") + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** The checks every new visit passes, from the app or from a gate: the location takes visits and admits the driver. */
export function assertLocationAdmits(location: LocationRow, user: Pick<UserRow, "email" | "email_verified_at">): void {
  if (location.active !== 1) throw new AppError("location_not_available");
  if (!acceptsVisits(location)) throw new AppError("invalid_location_type");
  if (!emailAllowedAt(location, user)) throw new AppError("location_email_blocked");
}

/**
 * Opens a visit; the partial unique index `visits_one_open_per_vehicle` is what guarantees one
 * open visit per vehicle when two starts race, the read before it only gives the common case a
 * clean answer.
 */
export async function openVisit(
  db: Executor,
  visit: Pick<VisitRow, "user_id" | "vehicle_id" | "location_id" | "source" | "entry_device_id" | "currency">,
  at: string,
): Promise<VisitRow> {
  if (await hasOpenVisit(db, { vehicleId: visit.vehicle_id })) throw new AppError("vehicle_with_active_visit");
  const row: VisitRow = {
    ...visit,
    id: newId(),
    status: "in_progress",
    exit_device_id: null,
    entered_at: at,
    exited_at: null,
    paid_at: null,
    exit_deadline: null,
    subtotal: null,
    convenience_fee: null,
    processing_fee: null,
    tax: null,
    total: null,
    created_at: at,
    updated_at: at,
  };
  await underUniqueRule("vehicle_with_active_visit", () => insertVisit(db, row));
  return row;
}

/** `POST user/visit`: the driver starts a stay from the location's QR page (in_progress, entered now). */
export async function startVisit(db: Db, user: UserRow, body: StartVisitBody): Promise<VisitDetail> {
  const vehicle = await findActiveVehicleOfUser(db, user.id, body.vehicle_uuid);
  if (!vehicle) throw new AppError("vehicle_not_found");
  const location = await findLocationById(db, body.location_uuid);
  if (!location) throw new AppError("object_not_found");
  assertLocationAdmits(location, user);
  await assertNotSuspendedAt(db, user.id, location.id);
  const now = Date.now();
  const visit = await openVisit(
    db,
    {
      user_id: user.id,
      vehicle_id: vehicle.id,
      location_id: location.id,
      source: "app",
      entry_device_id: null,
      currency: location.currency,
    },
    new Date(now).toISOString(),
  );
  return presentVisitDetail(db, visit, now);
}

/** Pages ahead whose start a list answer gives: enough for every link of the spec's paginator. */
const PAGES_AHEAD = PAGINATOR_PAGE_LINKS - 1;

/** A page's start as the client carries it: opaque text (base64url of the last row's key). */
const encodeCursor = (key: VisitKey): string =>
  Buffer.from(JSON.stringify([key.created_at, key.id])).toString("base64url");

function decodeCursor(cursor: string): VisitKey {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string") return { created_at: createdAt, id };
  } catch {
    // Answered below like any other text that is not one of our cursors.
  }
  throw new AppError("invalid_data", { detail: "after: not a cursor from a visits list" });
}

/**
 * `GET user/visits`: one page of the driver's visits, newest first, paged by keyset: `after` is
 * where the page starts (none for the first). The answer also gives where each of the next
 * pages starts (`next_pages`), read from the index alone, so the paginator can link to every page
 * it shows without an offset (issue 16 item 9).
 *
 * `total` comes from those same keys, not from counting every stay of the driver (20,000 for a
 * regular, read on every first page: docs/decisions/0347): the rows before this page (the page
 * number the client gives) plus the ones read from its start, which stop at the first row of the
 * last page the paginator links. It is exact when that read ends early (`total_exact`), else a
 * floor that still reaches every page the paginator shows, so its links and "next" stay right.
 */
export async function listVisits(
  db: Executor,
  userId: string,
  query: { status?: "active" | "past"; page: number; limit: number; after?: string },
): Promise<VisitPage> {
  const now = Date.now();
  const after = query.after ? decodeCursor(query.after) : undefined;
  const filter = { status: query.status, after };
  // One key past the last page ahead tells whether that page has rows, and whether the count is whole.
  const keysRead = query.limit * PAGES_AHEAD + 1;
  const [rows, keys] = await Promise.all([
    listVisitsOfUser(db, userId, { ...filter, limit: query.limit }),
    listVisitKeysOfUser(db, userId, { ...filter, limit: keysRead }),
  ]);
  // Each page ahead that has rows starts after the last row of the page before it.
  const nextPages: string[] = [];
  for (let end = query.limit; end < keys.length; end += query.limit) {
    const last = keys[end - 1];
    if (last) nextPages.push(encodeCursor(last));
  }
  return {
    items: rows.map((row) => presentVisitSummary(row, now)),
    page: query.page,
    limit: query.limit,
    total: (query.page - 1) * query.limit + keys.length,
    total_exact: keys.length < keysRead,
    next_pages: nextPages,
  };
}

/** A visit of this driver; another driver's visit answers exactly like a missing one. */
export async function requireVisitOfUser(db: Executor, userId: string, visitId: string): Promise<VisitRow> {
  const visit = await findVisitOfUser(db, userId, visitId);
  if (!visit) throw new AppError("object_not_found");
  return visit;
}

export async function getVisit(db: Executor, userId: string, visitId: string): Promise<VisitDetail> {
  return presentVisitDetail(db, await requireVisitOfUser(db, userId, visitId), Date.now());
}

/** `GET user/visit/{uuid}/quote`: the live price; a settled visit answers what it was charged. */
export async function quoteVisit(db: Executor, userId: string, visitId: string): Promise<VisitQuote> {
  const visit = await requireVisitOfUser(db, userId, visitId);
  const location = await findLocationById(db, visit.location_id);
  if (!location) throw new Error(`Visit ${visit.id} points at a missing location`);
  if (visit.status === "finished") throw new AppError("visit_already_paid");
  return quoteAt(visit, location, Date.now());
}

export async function getParkingDashboard(db: Executor, userId: string) {
  const now = Date.now();
  const [open, recent] = await Promise.all([
    findLatestOpenVisitOfUser(db, userId),
    listVisitsOfUser(db, userId, { limit: 5 }),
  ]);
  return {
    active_visit: open ? await presentVisitDetail(db, open, now) : null,
    recent_visits: recent.map((row) => presentVisitSummary(row, now)),
  };
}

/** docs/product/parking.md: a vehicle with an open visit cannot be deleted (called by the vehicles module). */
export async function assertVehicleHasNoOpenVisit(db: Executor, vehicleId: string): Promise<void> {
  if (await hasOpenVisit(db, { vehicleId })) throw new AppError("vehicle_with_active_visit");
}
