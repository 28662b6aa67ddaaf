import type { MeterCheck, MeterSession } from "@estaciona/contracts/schemas/meters";
import { breakdownBody } from "@estaciona/contracts/schemas/parking";
import type { Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import {
  findPaidSessionOfPlate,
  findSessionOfUser,
  findZone,
  findZoneByCode,
  listPurchasesOfSessions,
  listSessionsOfUser,
  type MeterSessionRow,
  type MeterZoneRow,
} from "./repository.ts";

/** A driver's meter sessions as they read them, and the officer's check of a plate. */

/** The sessions a list answers: a driver's recent meter history, not an archive. */
const SESSION_LIST_LIMIT = 20;

const sessionStatus = (session: MeterSessionRow, now: string): MeterSession["status"] =>
  session.status === "active" && session.ends_at <= now ? "expired" : session.status;

async function presentSessions(db: Executor, sessions: MeterSessionRow[]): Promise<MeterSession[]> {
  const now = nowIso();
  const purchases = await listPurchasesOfSessions(
    db,
    sessions.map((session) => session.id),
  );
  const zones = new Map<string, MeterZoneRow | undefined>();
  for (const session of sessions)
    if (!zones.has(session.location_id)) zones.set(session.location_id, await findZone(db, session.location_id));
  return sessions.map((session) => {
    const zone = zones.get(session.location_id);
    if (!zone) throw new Error(`Meter session ${session.id} points at a missing zone`);
    const own = purchases.filter((purchase) => purchase.session_id === session.id);
    return {
      uuid: session.id,
      zone: {
        uuid: zone.id,
        zone_code: zone.zone_code,
        name: zone.name,
        time_zone: zone.time_zone,
        max_minutes: zone.max_minutes,
      },
      vehicle: { uuid: session.vehicle_id, plate: session.plate },
      status: sessionStatus(session, now),
      started_at: session.started_at,
      ends_at: session.ends_at,
      total_paid: own
        .filter((purchase) => purchase.status === "paid")
        .reduce((sum, purchase) => sum + purchase.total, 0),
      currency: session.currency,
      purchases: own.map((purchase) => ({
        uuid: purchase.id,
        minutes: purchase.minutes,
        ends_at: purchase.ends_after,
        status: purchase.status,
        amounts: breakdownBody(
          {
            subtotal: purchase.subtotal,
            convenienceFee: purchase.convenience_fee,
            processingFee: purchase.processing_fee,
            tax: purchase.tax,
            total: purchase.total,
          },
          session.currency,
        ),
        created_at: purchase.created_at,
      })),
      server_time: now,
    };
  });
}

export const presentSession = async (db: Executor, session: MeterSessionRow): Promise<MeterSession> =>
  (await presentSessions(db, [session]))[0] as MeterSession;

/** `GET user/meter-session/{uuid}`. */
export async function getSession(db: Executor, userId: string, sessionId: string): Promise<MeterSession> {
  const session = await findSessionOfUser(db, userId, sessionId);
  if (!session) throw new AppError("object_not_found");
  return presentSession(db, session);
}

/** `GET user/meter-sessions?status=active|past`. */
export async function listSessions(db: Executor, userId: string, status: "active" | "past"): Promise<MeterSession[]> {
  return presentSessions(db, await listSessionsOfUser(db, userId, status, nowIso(), SESSION_LIST_LIMIT));
}

/** `POST device/meter/check`: paid or not, and until when; the plate's owner is never named. */
export async function checkPlate(
  db: Executor,
  device: Row<"devices">,
  body: { plate: string; zone_code?: string | undefined },
): Promise<MeterCheck> {
  if (device.kind !== "meter") throw new AppError("forbidden_access");
  const zone = body.zone_code ? await findZoneByCode(db, body.zone_code) : await findZone(db, device.location_id);
  if (!zone) throw new AppError("object_not_found");
  const now = nowIso();
  const paid = await findPaidSessionOfPlate(db, body.plate, zone.id, now);
  return {
    plate: body.plate,
    zone_code: zone.zone_code,
    paid: paid !== undefined,
    paid_until: paid?.ends_at ?? null,
    time_zone: zone.time_zone,
    checked_at: now,
  };
}
