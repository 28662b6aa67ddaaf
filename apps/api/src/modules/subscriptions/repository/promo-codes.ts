import type { Executor } from "../../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../../db/schema.ts";
import type { Before } from "./plans.ts";

export type DiscountRow = Row<"discounts">;

const discountListColumns = [
  "plans.name as plan_name",
  "plans.location_id as plan_location_id",
  "locations.name as location_name",
  "locations.organisation_id as location_organisation_id",
  "locations.time_zone as location_time_zone",
] as const;

/** A promo code with its plan's name and location (null for a code of every plan). */
export function findDiscountWithPlan(db: Executor, discountId: string) {
  return db
    .selectFrom("discounts")
    .leftJoin("plans", "plans.id", "discounts.plan_id")
    .leftJoin("locations", "locations.id", "plans.location_id")
    .selectAll("discounts")
    .select(discountListColumns)
    .where("discounts.id", "=", discountId)
    .executeTakeFirst();
}

/**
 * The promo codes of an organisation's plans (at all its locations, or only `locationIds`) and,
 * with `everyPlan`, its codes for every plan; newest first, `limit` rows after `before`.
 */
export function listDiscountsOfOrganisation(
  db: Executor,
  filter: { organisationId: string; locationIds: string[] | null; everyPlan: boolean; before: Before; limit: number },
) {
  const { before } = filter;
  return db
    .selectFrom("discounts")
    .leftJoin("plans", "plans.id", "discounts.plan_id")
    .leftJoin("locations", "locations.id", "plans.location_id")
    .selectAll("discounts")
    .select(discountListColumns)
    .where((eb) => {
      const ours = eb.and([
        eb("locations.organisation_id", "=", filter.organisationId),
        ...(filter.locationIds === null
          ? []
          : [eb("plans.location_id", "in", filter.locationIds.length ? filter.locationIds : [""])]),
      ]);
      const everyPlanOfOurs = eb.and([
        eb("discounts.plan_id", "is", null),
        eb("discounts.organisation_id", "=", filter.organisationId),
      ]);
      return filter.everyPlan ? eb.or([ours, everyPlanOfOurs]) : ours;
    })
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("discounts.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("discounts.created_at", "=", before?.createdAt ?? ""), eb("discounts.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("discounts.created_at", "desc")
    .orderBy("discounts.id", "desc")
    .limit(filter.limit)
    .execute();
}

/**
 * Changes a promo code; a new redemption limit is written only while it is not below the
 * redemptions already taken (one conditional UPDATE, so a checkout in between cannot slip past
 * it). Undefined when the limit was refused.
 */
export function updateDiscountRow(db: Executor, discountId: string, changes: RowUpdate<"discounts">) {
  const limit = changes.max_redemptions;
  return db
    .updateTable("discounts")
    .set(changes)
    .where("id", "=", discountId)
    .$if(typeof limit === "number", (qb) => qb.where("redemptions", "<=", limit as number))
    .returningAll()
    .executeTakeFirst();
}

export function findDiscountByCode(db: Executor, code: string) {
  return db.selectFrom("discounts").selectAll().where("code", "=", code.toUpperCase()).executeTakeFirst();
}

export function findDiscountById(db: Executor, discountId: string) {
  return db.selectFrom("discounts").selectAll().where("id", "=", discountId).executeTakeFirst();
}

export async function insertDiscount(db: Executor, discount: NewRow<"discounts">): Promise<void> {
  await db.insertInto("discounts").values(discount).execute();
}

export async function hasRedeemed(db: Executor, discountId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("discount_redemptions")
    .select("id")
    .where("discount_id", "=", discountId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one redemption: a single conditional UPDATE, so two checkouts can never both take the
 * last one (the row's write lock orders them on PostgreSQL; SQLite runs one writer). False when
 * none is left.
 */
export async function takeRedemption(db: Executor, discountId: string): Promise<boolean> {
  const result = await db
    .updateTable("discounts")
    .set((eb) => ({ redemptions: eb("redemptions", "+", 1) }))
    .where("id", "=", discountId)
    .where("disabled_at", "is", null)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("redemptions", "<", eb.ref("max_redemptions"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRedemption(db: Executor, redemption: NewRow<"discount_redemptions">): Promise<void> {
  await db.insertInto("discount_redemptions").values(redemption).execute();
}

/** Gives a pass's redemption back (the pass expired unpaid): the code counts it no more. */
export async function releaseRedemption(db: Executor, subscriptionId: string, discountId: string): Promise<void> {
  const removed = await db
    .deleteFrom("discount_redemptions")
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0)
    await db
      .updateTable("discounts")
      .set((eb) => ({ redemptions: eb("redemptions", "-", 1) }))
      .where("id", "=", discountId)
      .execute();
}
