import type { StartVisitBody, VisitDetail, VisitQuote, VisitSummary } from "@estaciona/contracts/schemas/parking";
import { type Db, type Executor, underUniqueRule } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { newId } from "../../../lib/ids.ts";
import { findLocationById } from "../locations/repository.ts";
import { acceptsVisits, type LocationRow } from "../locations/service.ts";
import { presentVisitDetail, presentVisitSummary, quoteAt } from "./presenter.ts";
import {
  countVisitsOfUser,
  findActiveVehicleOfUser,
  findLatestOpenVisitOfUser,
  findVisitOfUser,
  hasOpenVisit,
  insertVisit,
  listVisitsOfUser,
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

export async function listVisits(
  db: Executor,
  userId: string,
  query: { status?: "active" | "past"; page: number; limit: number },
): Promise<{ items: VisitSummary[]; page: number; limit: number; total: number }> {
  const now = Date.now();
  const [rows, total] = await Promise.all([
    listVisitsOfUser(db, userId, { status: query.status, limit: query.limit, offset: (query.page - 1) * query.limit }),
    countVisitsOfUser(db, userId, query.status),
  ]);
  return {
    items: rows.map((row) => presentVisitSummary(row, now)),
    page: query.page,
    limit: query.limit,
    total,
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
    listVisitsOfUser(db, userId, { limit: 5, offset: 0 }),
  ]);
  return {
    active_visit: open ? await presentVisitDetail(db, open, now) : null,
    recent_visits: recent.map((row) => presentVisitSummary(row, now)),
  };
}

/** DESIGN §7: a vehicle with an open visit cannot be deleted (called by the vehicles module). */
export async function assertVehicleHasNoOpenVisit(db: Executor, vehicleId: string): Promise<void> {
  if (await hasOpenVisit(db, { vehicleId })) throw new AppError("vehicle_with_active_visit");
}

/** DESIGN §7, §9: an account with an open visit cannot be deleted (called by the users module). */
export async function assertUserHasNoOpenVisit(db: Executor, userId: string): Promise<void> {
  if (await hasOpenVisit(db, { userId })) throw new AppError("user_has_active_visits");
}
