import type { Country } from "@estaciona/contracts";
import type {
  AdminPlan,
  adminPlanListQuery,
  createPlanBody,
  DiscountRule,
  Plan,
  updatePlanBody,
} from "@estaciona/contracts/schemas/subscriptions";
import type { z } from "zod";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { hostLocationIds, resolveHost } from "../hosts/service.ts";
import { changedFields, decodeCursor, encodeCursor, recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { LocationRow } from "../parking/locations/service.ts";
import { presentPlan, presentPlans } from "./presenter.ts";
import {
  countLivePassesByPlan,
  findPartnerPage,
  findPlanById,
  insertPlan,
  listActivePlans,
  listPlansOfOrganisation,
  type PlanRow,
  updatePlanRow,
} from "./repository/plans.ts";

/** Plans: what drivers see and buy, the operator's plans (`admin/plans`) and partner landings. */

export async function requirePlan(db: Executor, planId: string): Promise<{ plan: PlanRow; location: LocationRow }> {
  const plan = await findPlanById(db, planId);
  if (!plan) throw new AppError("object_not_found");
  const location = await findLocationById(db, plan.location_id);
  if (!location) throw new Error(`Plan ${plan.id} points at a missing location`);
  return { plan, location };
}

/** A plan of one of the operator's locations; another organisation's answers as if it did not exist (docs/product/operators.md). */
export async function requireOperatorsPlan(db: Executor, scope: OperatorScope, planId: string) {
  const found = await requirePlan(db, planId);
  reachable(scope, found.location);
  return found;
}

/** `GET open/plans`: the passes for sale at the requesting host's lots (docs/decisions/0165; null: every lot). */
export async function listPlans(
  db: Executor,
  query: { country?: Country; location_uuid?: string },
  hostLocations: string[] | null,
): Promise<Plan[]> {
  const asked = query.location_uuid ? [query.location_uuid] : null;
  const locationIds =
    asked && hostLocations ? asked.filter((id) => hostLocations.includes(id)) : (asked ?? hostLocations);
  const plans = await listActivePlans(db, { country: query.country, locationIds: locationIds ?? undefined });
  return presentPlans(db, plans);
}

/** `GET open/plan/{uuid}`: a pass another host sells answers as if it did not exist on this one. */
export async function getPlan(db: Executor, planId: string, hostLocations: string[] | null = null): Promise<Plan> {
  const { plan } = await requirePlan(db, planId);
  if (hostLocations && !hostLocations.includes(plan.location_id)) throw new AppError("object_not_found");
  return (await presentPlans(db, [plan]))[0] as Plan;
}

/** `GET admin/plans`: the operator's plans, newest first, with the places their live passes hold. */
export async function listAdminPlans(
  db: Executor,
  scope: OperatorScope,
  query: z.output<typeof adminPlanListQuery>,
): Promise<{ items: AdminPlan[]; next_cursor: string | null }> {
  const rows = await listPlansOfOrganisation(db, {
    organisationId: scope.organisationId,
    locationIds: scope.locationIds,
    locationId: query.location_uuid,
    status: query.status,
    before: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const plans = await presentPlans(db, page);
  const live = await countLivePassesByPlan(
    db,
    page.map((row) => row.id),
  );
  const last = page[page.length - 1];
  return {
    items: plans.map((plan, index) => ({
      ...plan,
      places_taken: live.get(plan.uuid) ?? 0,
      created_at: (page[index] as PlanRow).created_at,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The plan rules of docs/product/calls-and-errors.md, as docs/decisions/0020 reads them: a venue (events) sells only
 * one-time plans (`only_one_time_plans`); a plan's own discount is for one-time plans only
 * (`invalid_plan_for_discount`) and never exceeds its cost (`invalid_discount_amount`); plans
 * exist only at active lots and venues (`plan_creation_error`).
 */
function assertPlanRules(
  location: LocationRow,
  plan: { interval: PlanRow["interval_unit"]; cost: number; discount: DiscountRule | null },
): void {
  if (location.active !== 1 || (location.kind !== "lot" && location.kind !== "venue"))
    throw new AppError("plan_creation_error");
  if (location.kind === "venue" && plan.interval !== "one_time") throw new AppError("only_one_time_plans");
  if (plan.discount) {
    if (plan.interval !== "one_time") throw new AppError("invalid_plan_for_discount");
    assertDiscountWithin(plan.discount, plan.cost);
  }
}

export function assertDiscountWithin(rule: DiscountRule, cost: number): void {
  if (rule.kind === "percent" ? rule.value > 100 : rule.value > cost) throw new AppError("invalid_discount_amount");
}

export async function createPlan(db: Db, scope: OperatorScope, body: z.output<typeof createPlanBody>): Promise<Plan> {
  const location = reachable(scope, await findLocationById(db, body.location_uuid));
  assertPlanRules(location, body);
  const now = nowIso();
  const plan: PlanRow = {
    id: newId(),
    location_id: location.id,
    name: body.name,
    cost: body.cost,
    currency: location.currency,
    interval_unit: body.interval,
    availability: body.availability,
    requires_student_id: body.requires_student_id ? 1 : 0,
    discount_kind: body.discount?.kind ?? null,
    discount_value: body.discount?.value ?? null,
    status: "active",
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (tx) => {
    await insertPlan(tx, plan);
    await recordAudit(tx, scope, { action: "plan.create", subject: { type: "plan", id: plan.id }, after: plan });
  });
  return presentPlan(plan, location, 0);
}

/** Changes apply to periods opened from now on; a period already opened keeps its price. */
export async function updatePlan(
  db: Db,
  scope: OperatorScope,
  planId: string,
  body: z.output<typeof updatePlanBody>,
): Promise<Plan> {
  const { plan, location } = await requireOperatorsPlan(db, scope, planId);
  const cost = body.cost ?? plan.cost;
  const discount =
    body.discount === undefined
      ? plan.discount_kind && plan.discount_value
        ? { kind: plan.discount_kind, value: plan.discount_value }
        : null
      : body.discount;
  assertPlanRules(location, { interval: plan.interval_unit, cost, discount });
  const updated = await updatePlanRow(db, plan.id, {
    name: body.name ?? plan.name,
    cost,
    availability: body.availability === undefined ? plan.availability : body.availability,
    requires_student_id:
      body.requires_student_id === undefined ? plan.requires_student_id : body.requires_student_id ? 1 : 0,
    discount_kind: discount?.kind ?? null,
    discount_value: discount?.value ?? null,
    updated_at: nowIso(),
  });
  await recordAudit(db, scope, {
    action: "plan.update",
    subject: { type: "plan", id: plan.id },
    ...changedFields(plan, { ...updated, updated_at: plan.updated_at }),
  });
  return getPlan(db, updated.id);
}

/** No new passes; passes already sold keep renewing until cancelled. */
export async function archivePlan(db: Db, scope: OperatorScope, planId: string): Promise<Plan> {
  const { plan } = await requireOperatorsPlan(db, scope, planId);
  await updatePlanRow(db, planId, { status: "archived", updated_at: nowIso() });
  await recordAudit(db, scope, {
    action: "plan.archive",
    subject: { type: "plan", id: planId },
    before: { status: plan.status },
    after: { status: "archived" },
  });
  return getPlan(db, planId);
}

// Partner landings

export async function getPartnerPage(db: Executor, hostHeader: string | undefined, slug: string) {
  const host = await resolveHost(db, hostHeader);
  const page = await findPartnerPage(db, slug, host.hostname);
  if (!page) throw new AppError("object_not_found");
  // A landing offers its lots that its host offers: a page never outgrows its host's tenant.
  const offered = await hostLocationIds(db, hostHeader);
  const named = JSON.parse(page.location_ids) as string[];
  const plans = await listActivePlans(db, {
    locationIds: offered ? named.filter((id) => offered.includes(id)) : named,
  });
  return {
    slug: page.slug,
    title: { es: page.title_es, en: page.title_en },
    text: { es: page.text_es, en: page.text_en },
    plans: await presentPlans(db, plans),
  };
}
