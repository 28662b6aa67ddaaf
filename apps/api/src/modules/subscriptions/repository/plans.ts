import type { Country } from "@estaciona/contracts";
import { LIVE_SUBSCRIPTION_STATUSES } from "@estaciona/contracts/schemas/subscriptions";
import type { Executor } from "../../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../../db/schema.ts";

export type PlanRow = Row<"plans">;

export function findPlanById(db: Executor, planId: string) {
  return db.selectFrom("plans").selectAll().where("id", "=", planId).executeTakeFirst();
}

/** Active plans at active locations, by country or by locations, cheapest first within a location. */
export function listActivePlans(
  db: Executor,
  filter: { country?: Country; locationIds?: string[]; organisationId?: string },
) {
  let query = db
    .selectFrom("plans")
    .innerJoin("locations", "locations.id", "plans.location_id")
    .selectAll("plans")
    .where("plans.status", "=", "active")
    .where("locations.active", "=", 1);
  if (filter.country) query = query.where("locations.country", "=", filter.country);
  if (filter.organisationId !== undefined) query = query.where("locations.organisation_id", "=", filter.organisationId);
  if (filter.locationIds) {
    if (filter.locationIds.length === 0) return Promise.resolve([]);
    query = query.where("locations.id", "in", filter.locationIds);
  }
  return query.orderBy("locations.name").orderBy("plans.cost").orderBy("plans.id").execute();
}

export async function insertPlan(db: Executor, plan: NewRow<"plans">): Promise<void> {
  await db.insertInto("plans").values(plan).execute();
}

export function updatePlanRow(db: Executor, planId: string, changes: RowUpdate<"plans">) {
  return db.updateTable("plans").set(changes).where("id", "=", planId).returningAll().executeTakeFirstOrThrow();
}

/** Passes holding a place, per plan. */
export async function countLivePassesByPlan(db: Executor, planIds: string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("subscriptions")
    .select(["plan_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("plan_id", "in", planIds)
    .where("status", "in", LIVE_SUBSCRIPTION_STATUSES)
    .groupBy("plan_id")
    .execute();
  return new Map(rows.map((row) => [row.plan_id, Number(row.count)]));
}

/** Keyset position of the console's lists: the last row's (created_at, id), newest first. */
export type Before = { createdAt: string; id: string } | undefined;

/**
 * The plans of an organisation's locations (all of them, or only `locationIds`), newest first,
 * with their location's name; `limit` rows after `before`.
 */
export function listPlansOfOrganisation(
  db: Executor,
  filter: {
    organisationId: string;
    locationIds: string[] | null;
    locationId?: string | undefined;
    status?: PlanRow["status"] | undefined;
    before: Before;
    limit: number;
  },
) {
  const { before } = filter;
  return db
    .selectFrom("plans")
    .innerJoin("locations", "locations.id", "plans.location_id")
    .selectAll("plans")
    .where("locations.organisation_id", "=", filter.organisationId)
    .$if(filter.locationIds !== null, (qb) =>
      qb.where("plans.location_id", "in", filter.locationIds?.length ? filter.locationIds : [""]),
    )
    .$if(filter.locationId !== undefined, (qb) => qb.where("plans.location_id", "=", filter.locationId ?? ""))
    .$if(filter.status !== undefined, (qb) => qb.where("plans.status", "=", filter.status ?? "active"))
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("plans.created_at", "<", before?.createdAt ?? ""),
          eb.and([eb("plans.created_at", "=", before?.createdAt ?? ""), eb("plans.id", "<", before?.id ?? "")]),
        ]),
      ),
    )
    .orderBy("plans.created_at", "desc")
    .orderBy("plans.id", "desc")
    .limit(filter.limit)
    .execute();
}

// Partner landings

/** The host's own landing for `slug`, else the default host's (decision 0022). */
export async function findPartnerPage(db: Executor, slug: string, hostname: string) {
  const rows = await db
    .selectFrom("partner_pages")
    .innerJoin("hosts", "hosts.hostname", "partner_pages.hostname")
    .selectAll("partner_pages")
    .where("partner_pages.slug", "=", slug)
    .where((eb) => eb.or([eb("partner_pages.hostname", "=", hostname), eb("hosts.is_default", "=", 1)]))
    .execute();
  return rows.find((row) => row.hostname === hostname) ?? rows[0];
}
