import type { Executor } from "../../db/database.ts";
import { nowIso } from "../../lib/time.ts";
import { insertReminderClaim } from "./repository.ts";

/**
 * Claims a reminder before it is sent (docs/decisions/0291): true once per key, so two workers, or
 * a job run twice, tell the driver once whatever channel they pick in between. A notice whose own
 * row cannot carry a mark (a card about to expire) claims here.
 */
export const claimReminder = (db: Executor, key: string): Promise<boolean> => insertReminderClaim(db, key, nowIso());
