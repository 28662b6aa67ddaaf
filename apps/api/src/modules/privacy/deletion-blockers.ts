import type { PayableType } from "@estaciona/contracts";
import type { DeletionBlocker } from "@estaciona/contracts/schemas/user";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { listUpcomingEventVisitsOfUser } from "../events/personal-data.ts";
import { listRunningSessionsOfUser } from "../meters/personal-data.ts";
import { listOpenVisitsOfUser } from "../parking/personal-data.ts";
import { listChargesInFlightOfUser, listPositiveBalancesOfUser } from "../payments/personal-data.ts";
import { listPassesHeldByUser } from "../subscriptions/personal-data.ts";
import { listOpenTicketsOfUser } from "../valet/personal-data.ts";

/**
 * What keeps an account from being deleted (issue 21 item 5, docs/decisions/0106), one entry per
 * payable kind — a Record over the contracts' union, so a new kind does not compile until it says
 * what of it holds the account. An account keeps what it paid for: deleting it would hide the
 * pass, the session or the QR from the driver who paid.
 */
type Held = { id: string; location_name: string; until?: string | null };
const HELD_BY_KIND: Record<PayableType, ((db: Executor, userId: string, now: string) => Promise<Held[]>) | null> = {
  /** A stay started and not settled: parked, or waiting to be paid. */
  visit: (db, userId) => listOpenVisitsOfUser(db, userId),
  /** A pass active, on trial, renewing or owing, or cancelled with a paid period still running. */
  subscription_period: listPassesHeldByUser,
  /** A meter session whose paid time is not over. */
  meter_purchase: listRunningSessionsOfUser,
  /** Paid event parking before its event ends. */
  event_visit: listUpcomingEventVisitsOfUser,
  /** A valet ticket whose car is not back with the driver. */
  valet_ticket: (db, userId) => listOpenTicketsOfUser(db, userId),
  /** A card verification is given back at once and holds nothing. */
  payment_method: null,
  /** A balance that still holds money: paid out to the card first (docs/decisions/0212). */
  balance_top_up: listPositiveBalancesOfUser,
};

/** The code `DELETE user` answers for a kind: passes have their own. */
const codeOf = (kind: PayableType): DeletionBlocker["error"] =>
  kind === "subscription_period"
    ? "user_has_active_subscriptions"
    : kind === "balance_top_up"
      ? "action_not_available"
      : "user_has_active_visits";

/**
 * Everything of the driver's that holds the account, passes first; and any charge whose outcome
 * is not known yet, which may still buy something.
 */
export async function listDeletionBlockers(db: Executor, userId: string): Promise<DeletionBlocker[]> {
  const now = nowIso();
  // Charges in flight are read first: a charge that settles between the two reads (each its own
  // snapshot on PostgreSQL) then shows as what it bought, never as neither.
  const inFlight = await listChargesInFlightOfUser(db, userId);
  const blockers: DeletionBlocker[] = [];
  for (const [kind, heldBy] of Object.entries(HELD_BY_KIND) as [PayableType, (typeof HELD_BY_KIND)[PayableType]][]) {
    for (const held of heldBy ? await heldBy(db, userId, now) : [])
      blockers.push({
        kind,
        uuid: held.id,
        location_name: held.location_name,
        until: held.until ?? null,
        error: codeOf(kind),
      });
  }
  for (const charge of inFlight)
    if (!blockers.some((blocker) => blocker.kind === charge.payable_type && blocker.uuid === charge.payable_id))
      blockers.push({
        kind: charge.payable_type,
        uuid: charge.payable_id,
        location_name: charge.location_name,
        until: null,
        error: codeOf(charge.payable_type),
      });
  return blockers.sort(
    (a, b) => Number(b.error === "user_has_active_subscriptions") - Number(a.error === "user_has_active_subscriptions"),
  );
}

/**
 * The one place that decides whether an account may be deleted, called inside the deleting
 * transaction with the user's row locked. A purchase that creates what it pays for (a pass, an
 * event visit) takes the same lock first (the lock order, ARCHITECTURE.md), so a purchase racing
 * the deletion is either seen here or refused there (docs/decisions/0141).
 */
export async function assertAccountCanBeDeleted(db: Executor, userId: string): Promise<void> {
  const [first] = await listDeletionBlockers(db, userId);
  if (first?.error === "action_not_available")
    throw new AppError(first.error, { status: 409, messageKey: "payments.balance_blocks_deletion" });
  if (first) throw new AppError(first.error);
}
