import type { Executor } from "../../../db/database.ts";
import { phoneEndsWith } from "./phone-ending.ts";

/** The console's queries of charges, refunds and revenue. Callers pass the ids of the locations in the caller's scope. */

/**
 * Charges with their location, driver, plate and rail, read from the ledger alone: every charge
 * records its location, vehicle and rail when it is made (docs/decisions/0105, 0346); refunds are
 * read as lines of their charge.
 */
const chargesIn = (db: Executor, locationIds: string[]) =>
  db
    .selectFrom("payments")
    .innerJoin("locations", "locations.id", "payments.location_id")
    .innerJoin("users", "users.id", "payments.user_id")
    .leftJoin("vehicles", "vehicles.id", "payments.vehicle_id")
    .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
    .where("payments.location_id", "in", locationIds.length ? locationIds : [""])
    .where("payments.kind", "=", "charge")
    .select((eb) => [
      "payments.id",
      "payments.kind",
      "payments.status",
      "payments.payable_type",
      "payments.payable_id",
      "payments.user_id",
      "payments.currency",
      "payments.subtotal",
      "payments.convenience_fee",
      "payments.processing_fee",
      "payments.tax",
      "payments.amount",
      "payments.gateway",
      "payments.provider_ref",
      "payments.description",
      "payments.created_at",
      "locations.id as location_id",
      "locations.name as location_name",
      "users.phone",
      "users.deleted_at as driver_deleted_at",
      "vehicles.plate",
      "payment_methods.brand as card_brand",
      "payment_methods.last4 as card_last4",
      "payment_methods.wallet as card_wallet",
      "payments.rail",
      eb
        .selectFrom("payments as refunds")
        .select((r) => r.fn.coalesce(r.fn.sum<number>("refunds.amount"), r.lit(0)).as("sum"))
        .whereRef("refunds.parent_payment_id", "=", "payments.id")
        .where("refunds.kind", "=", "refund")
        .where("refunds.status", "=", "succeeded")
        .as("refunded"),
    ]);

export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargesIn>["execute"]>>[number];

export interface ChargeFilters {
  from?: string;
  /** Exclusive. */
  until?: string;
  locationId?: string;
  plate?: string;
  /** The driver's charges (the console's driver page). */
  userId?: string;
  phoneDigits?: string;
  status?: ChargeRow["status"];
  statuses?: ChargeRow["status"][];
  rail?: ChargeRow["rail"];
  /** Pending charges attempted before (needs review) or since (still pending) a moment (decision 0246). */
  review?: { olderThan: string } | { newerThan: string };
  /** Keyset: rows strictly older than this `created_at`, `id`. */
  before?: { createdAt: string; id: string };
}

/** A page of charges, newest first (keyset paging on `created_at`, `id`). */
export function searchCharges(db: Executor, locationIds: string[], filters: ChargeFilters, limit: number) {
  const { before, review } = filters;
  return chargesIn(db, locationIds)
    .$if(filters.from !== undefined, (qb) => qb.where("payments.created_at", ">=", filters.from ?? ""))
    .$if(filters.until !== undefined, (qb) => qb.where("payments.created_at", "<", filters.until ?? ""))
    .$if(filters.locationId !== undefined, (qb) => qb.where("locations.id", "=", filters.locationId ?? ""))
    .$if(filters.plate !== undefined, (qb) => qb.where("vehicles.plate", "=", filters.plate ?? ""))
    .$if(filters.userId !== undefined, (qb) => qb.where("payments.user_id", "=", filters.userId ?? ""))
    .$if(filters.phoneDigits !== undefined, (qb) => qb.where(phoneEndsWith(filters.phoneDigits ?? "")))
    .$if(filters.status !== undefined, (qb) => qb.where("payments.status", "=", filters.status ?? "pending"))
    .$if(filters.rail !== undefined, (qb) => qb.where("payments.rail", "=", filters.rail ?? "card"))
    .$if(filters.statuses !== undefined, (qb) => qb.where("payments.status", "in", filters.statuses ?? []))
    .$if(review !== undefined, (qb) =>
      review && "olderThan" in review
        ? qb.where("payments.created_at", "<=", review.olderThan)
        : qb.where("payments.created_at", ">", review?.newerThan ?? ""),
    )
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("payments.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("payments.created_at", "=", before?.createdAt ?? ""), eb("payments.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(limit)
    .execute();
}

export function findChargeIn(db: Executor, locationIds: string[], paymentId: string) {
  return chargesIn(db, locationIds).where("payments.id", "=", paymentId).executeTakeFirst();
}

/** The charge and its refunds, in order: the ledger lines of one payment. */
export function ledgerLinesOf(db: Executor, chargeId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", chargeId), eb("parent_payment_id", "=", chargeId)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
