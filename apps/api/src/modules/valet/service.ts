import { createHmac, randomInt } from "node:crypto";
import type {
  OpenedTicket,
  OpenTicketBody,
  StandTicket,
  ValetTicketDetail,
  ValetTicketPage,
} from "@estaciona/contracts/schemas/valet";
import { type Db, type Executor, isUniqueViolation } from "../../db/database.ts";
import { newOpaqueToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { type AppSecrets, type Keyring, keyring } from "../../lib/keyring.ts";
import { requireTextablePhone } from "../../lib/phones.ts";
import { nowIso } from "../../lib/time.ts";
import { messageOrigin } from "../hosts/service.ts";
import { enqueue } from "../jobs/queue.ts";
import type { DeviceRow } from "../parking/devices/service.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { sendClaimLink } from "./messages.ts";
import { presentStandTicket, presentTicket, presentTicketSummary, ticketFeeAt } from "./presenter.ts";
import {
  claimTicketFor,
  countTicketsOfUser,
  findTicketAtLocation,
  findTicketByClaimHash,
  findTicketById,
  findTicketOfUser,
  insertTicket,
  listStandQueue,
  listTicketsOfUser,
  type TicketRow,
  updateTicketIfCar,
} from "./repository.ts";

/** Tells the driver their car waits at the stand; enqueued with the change that made it ready. */
export const JOB_CAR_READY = "valet.car_ready";
const GENERATED_NUMBER_ATTEMPTS = 5;

/**
 * Claim tokens are kept only as an HMAC under a key of their own, derived from APP_SECRET; during a
 * rotation a ticket's link printed before it still claims the ticket (docs/operations.md).
 */
export const claimKeys = (secrets: AppSecrets): Keyring => keyring(secrets, "valet-claim");
const claimHash = (key: Buffer, token: string): string => createHmac("sha256", key).update(token).digest("base64url");

const refused = (messageKey: string) => new AppError("action_not_available", { status: 409, messageKey });

function assertValetStand(device: DeviceRow): void {
  if (device.kind !== "valet") throw new AppError("forbidden_access", { messageKey: "valet.not_a_stand" });
}

/** A short number the attendant can read out, when the stand does not print its own. */
const generatedNumber = (): string => String(randomInt(1000, 10_000));

/**
 * `POST device/valet/ticket`: the stand took a car. The ticket's claim token is answered once
 * (the stand prints it as a QR) and, when the driver's phone is given, sent by SMS as a link.
 * Open ticket numbers are unique per location (an index): a generated number is tried again.
 */
export async function openTicket(
  deps: MessageDeps & { config: { publicUrl: string } },
  keys: Keyring,
  device: DeviceRow,
  body: OpenTicketBody,
): Promise<OpenedTicket> {
  assertValetStand(device);
  if (body.phone_number) requireTextablePhone(body.phone_number);
  const location = await findLocationById(deps.db, device.location_id);
  if (!location) throw new Error(`Device ${device.id} points at a missing location`);
  if (location.kind !== "valet") throw new AppError("invalid_location_type");
  const token = newOpaqueToken();
  const at = nowIso();
  const row: TicketRow = {
    id: newId(),
    location_id: location.id,
    device_id: device.id,
    number: body.number ?? generatedNumber(),
    plate: body.plate ?? null,
    claim_hash: claimHash(keys.current.key, token),
    user_id: null,
    status: "in_progress",
    car_status: "parked",
    opened_at: at,
    claimed_at: null,
    paid_at: null,
    requested_at: null,
    ready_at: null,
    delivered_at: null,
    subtotal: null,
    convenience_fee: null,
    processing_fee: null,
    tax: null,
    tip: null,
    total: null,
    currency: location.currency,
    created_at: at,
    updated_at: at,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await insertTicket(deps.db, row);
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (body.number !== undefined || attempt >= GENERATED_NUMBER_ATTEMPTS)
        throw new AppError("code_already_exist", { messageKey: "valet.number_in_use" });
      row.number = generatedNumber();
    }
  }
  const claimUrl = `${await messageOrigin(deps, null, location)}/valet/${token}`;
  if (body.phone_number)
    await sendClaimLink(
      deps,
      body.phone_number,
      { id: row.id, number: row.number, locationName: location.name, country: location.country },
      claimUrl,
    ).catch((error: unknown) => deps.log.error({ err: error, ticketId: row.id }, "valet claim link not sent"));
  return { uuid: row.id, number: row.number, plate: row.plate, claim_token: token, claim_url: claimUrl, opened_at: at };
}

/**
 * `POST user/valet/claim`: the ticket's link or QR makes it the driver's. The first driver to
 * claim it keeps it (one conditional update); another account is refused, the same one answered.
 */
export async function claimTicket(db: Db, keys: Keyring, userId: string, token: string): Promise<ValetTicketDetail> {
  const ticket = await findTicketByClaimHash(
    db,
    keys.accepted().map(({ key }) => claimHash(key, token)),
  );
  if (!ticket) throw new AppError("object_not_found");
  // A suspended driver may still pay for a car already parked (and get it back), never claim a new one.
  if (ticket.user_id === null) await assertNotSuspendedAt(db, userId, ticket.location_id);
  const claimed = ticket.user_id === null ? await claimTicketFor(db, ticket.id, userId, nowIso()) : undefined;
  const current = claimed ?? (await findTicketById(db, ticket.id)) ?? ticket;
  if (current.user_id !== userId) throw refused("valet.claimed_by_another");
  return presentTicket(db, current, Date.now());
}

export async function requireTicketOfUser(db: Executor, userId: string, ticketId: string): Promise<TicketRow> {
  const ticket = await findTicketOfUser(db, userId, ticketId);
  if (!ticket) throw new AppError("object_not_found");
  return ticket;
}

export async function getTicket(db: Executor, userId: string, ticketId: string): Promise<ValetTicketDetail> {
  return presentTicket(db, await requireTicketOfUser(db, userId, ticketId), Date.now());
}

export async function listTickets(
  db: Executor,
  userId: string,
  query: { page: number; limit: number },
): Promise<ValetTicketPage> {
  const now = Date.now();
  const [rows, total] = await Promise.all([
    listTicketsOfUser(db, userId, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countTicketsOfUser(db, userId),
  ]);
  const items = await Promise.all(
    rows.map(async (row) => {
      if (row.status === "finished") return presentTicketSummary(row, 0);
      const location = await findLocationById(db, row.location_id);
      return presentTicketSummary(row, location ? ticketFeeAt(row, location, now).total : 0);
    }),
  );
  return { items, page: query.page, limit: query.limit, total };
}

/** `POST user/valet/{uuid}/request`: a paid car joins the stand's queue; asking again changes nothing. */
export async function requestCar(db: Db, userId: string, ticketId: string): Promise<ValetTicketDetail> {
  const ticket = await requireTicketOfUser(db, userId, ticketId);
  if (ticket.status !== "finished") throw refused("valet.pay_first");
  if (ticket.car_status === "delivered") throw refused("valet.already_delivered");
  const at = nowIso();
  const requested = await updateTicketIfCar(db, ticket.id, ["parked"], {
    car_status: "requested",
    requested_at: at,
    updated_at: at,
  });
  return presentTicket(db, requested ?? ticket, Date.now());
}

export async function standQueue(db: Executor, device: DeviceRow): Promise<StandTicket[]> {
  assertValetStand(device);
  return (await listStandQueue(db, device.location_id)).map(presentStandTicket);
}

/** `POST device/valet/ticket/{uuid}/ready`: the car waits at the stand; the notice is enqueued with the change. */
export async function markCarReady(db: Db, device: DeviceRow, ticketId: string): Promise<StandTicket> {
  assertValetStand(device);
  const ticket = await findTicketAtLocation(db, device.location_id, ticketId);
  if (!ticket) throw new AppError("object_not_found");
  if (ticket.car_status === "ready") return presentStandTicket(ticket);
  if (ticket.car_status !== "requested") throw refused("valet.not_requested");
  const ready = await db.transaction().execute(async (tx) => {
    const at = nowIso();
    const moved = await updateTicketIfCar(tx, ticket.id, ["requested"], {
      car_status: "ready",
      ready_at: at,
      updated_at: at,
    });
    if (moved) await enqueue(tx, JOB_CAR_READY, { ticketId: moved.id }, { dedupeKey: `valet-ready:${moved.id}` });
    return moved;
  });
  return presentStandTicket(ready ?? ticket);
}

/** `POST device/valet/ticket/{uuid}/delivered`: the car was handed over (a paid car only). */
export async function markCarDelivered(db: Db, device: DeviceRow, ticketId: string): Promise<StandTicket> {
  assertValetStand(device);
  const ticket = await findTicketAtLocation(db, device.location_id, ticketId);
  if (!ticket) throw new AppError("object_not_found");
  if (ticket.car_status === "delivered") return presentStandTicket(ticket);
  if (ticket.status !== "finished") throw refused("valet.pay_first");
  const at = nowIso();
  const delivered = await updateTicketIfCar(db, ticket.id, ["parked", "requested", "ready"], {
    car_status: "delivered",
    delivered_at: at,
    updated_at: at,
  });
  return presentStandTicket(delivered ?? ticket);
}
