import type { Country } from "@estaciona/contracts";
import { addDays, dateIn, periodLastDay } from "@estaciona/contracts/periods";
import type {
  AdminDiscount,
  AdminPlan,
  adminDiscountListQuery,
  adminPlanListQuery,
  CreateSubscriptionBody,
  createDiscountBody,
  createPlanBody,
  DiscountRule,
  Plan,
  PlanQuote,
  Promo,
  SubscriptionCharge,
  SubscriptionDetail,
  updateDiscountBody,
  updatePlanBody,
} from "@estaciona/contracts/schemas/subscriptions";
import { LIVE_SUBSCRIPTION_STATUSES } from "@estaciona/contracts/schemas/subscriptions";
import type { z } from "zod";
import { type Db, type Executor, lockName, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoAfter, nowIso } from "../../lib/time.ts";
import { resolveHost } from "../hosts/service.ts";
import { changedFields, decodeCursor, encodeCursor, recordAudit } from "../operator/audit.ts";
import { type OperatorScope, reachable } from "../operator/scope.ts";
import { findLocationById, timeZonesOfLocations } from "../parking/locations/repository.ts";
import type { LocationRow } from "../parking/locations/service.ts";
import { findActiveVehicleOfUser } from "../parking/visits/repository.ts";
import { emailAllowedAt } from "../parking/visits/service.ts";
import { type ChargeResult, chargeFailure, refundPayment } from "../payments/ledger.ts";
import { findCardOfUser, findCardToCharge, refundedAmountOf } from "../payments/repository.ts";
import { type BillingDeps, chargePeriod, INCOMPLETE_EXPIRES_SECONDS, openPeriod } from "./billing.ts";
import {
  appliedDiscount,
  presentDetail,
  presentPayment,
  presentPlan,
  presentPlans,
  presentSummaries,
} from "./presenter.ts";
import { periodPrice, renewalsOf } from "./pricing.ts";
import {
  countLivePassesByPlan,
  type DiscountRow,
  findDiscountByCode,
  findDiscountWithPlan,
  findLivePassOfVehicleAt,
  findPartnerPage,
  findPeriod,
  findPlanById,
  findSubscriptionById,
  findSubscriptionOfUser,
  findSucceededChargeOfPeriod,
  hasLiveChargeForPeriod,
  hasRedeemed,
  hasUncanceledLivePass,
  insertDiscount,
  insertPlan,
  insertRedemption,
  insertSubscription,
  listActivePlans,
  listDiscountsOfOrganisation,
  listLedgerRowsOfPasses,
  listPeriodsOf,
  listPlansOfOrganisation,
  listSubscriptionsOfUser,
  lockSubscription,
  type PlanRow,
  releaseRedemption,
  type SubscriptionRow,
  takeRedemption,
  updateDiscountRow,
  updatePlanRow,
  updateSubscriptionRow,
} from "./repository.ts";

type UserRow = Row<"users">;

/** How far ahead a pass may be scheduled to start (docs/decisions/0020). */
export const MAX_START_DAYS_AHEAD = 90;

// Plans

async function requirePlan(db: Executor, planId: string): Promise<{ plan: PlanRow; location: LocationRow }> {
  const plan = await findPlanById(db, planId);
  if (!plan) throw new AppError("object_not_found");
  const location = await findLocationById(db, plan.location_id);
  if (!location) throw new Error(`Plan ${plan.id} points at a missing location`);
  return { plan, location };
}

/** A plan of one of the operator's locations; another organisation's answers as if it did not exist (docs/product/operators.md). */
async function requireOperatorsPlan(db: Executor, scope: OperatorScope, planId: string) {
  const found = await requirePlan(db, planId);
  reachable(scope, found.location);
  return found;
}

export async function listPlans(db: Executor, query: { country?: Country; location_uuid?: string }): Promise<Plan[]> {
  const plans = await listActivePlans(db, {
    country: query.country,
    locationIds: query.location_uuid ? [query.location_uuid] : undefined,
  });
  return presentPlans(db, plans);
}

export async function getPlan(db: Executor, planId: string): Promise<Plan> {
  const { plan } = await requirePlan(db, planId);
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

function assertDiscountWithin(rule: DiscountRule, cost: number): void {
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

// Promo codes

/**
 * A promo code for one of the operator's plans; a code for every plan of every organisation is
 * the platform role's to create (forbidden_access otherwise).
 */
export async function createDiscount(db: Db, scope: OperatorScope, body: z.output<typeof createDiscountBody>) {
  if (!body.plan_uuid && !scope.platform) throw new AppError("forbidden_access");
  if (body.kind === "percent" && body.value > 100) throw new AppError("invalid_discount_amount");
  if (body.kind === "amount" && !body.currency) throw new AppError("discount_creation_failed");
  if (body.starts_on && body.ends_on && body.ends_on < body.starts_on) throw new AppError("discount_creation_failed");
  if (body.plan_uuid) {
    const { plan } = await requireOperatorsPlan(db, scope, body.plan_uuid);
    if (body.kind === "amount") {
      if (body.currency !== plan.currency) throw new AppError("discount_creation_failed");
      assertDiscountWithin(body, plan.cost);
    }
  }
  const discount: DiscountRow = {
    id: newId(),
    code: body.code,
    kind: body.kind,
    value: body.value,
    currency: body.kind === "amount" ? body.currency : null,
    plan_id: body.plan_uuid,
    periods: body.periods,
    starts_on: body.starts_on,
    ends_on: body.ends_on,
    max_redemptions: body.max_redemptions,
    redemptions: 0,
    disabled_at: null,
    created_at: nowIso(),
  };
  await db.transaction().execute(async (tx) => {
    await underUniqueRule("code_already_exist", () => insertDiscount(tx, discount));
    await recordAudit(tx, scope, {
      action: "discount.create",
      subject: { type: "discount", id: discount.id },
      after: discount,
    });
  });
  return presentAdminDiscount(await requireOperatorsDiscount(db, scope, discount.id));
}

type DiscountWithPlan = NonNullable<Awaited<ReturnType<typeof findDiscountWithPlan>>>;

/**
 * The day a code's dates are read on: its plan's lot's clock, as checkout reads them; UTC's for a
 * code of every plan (no lot to read a clock from), as `/promo/{code}` reads those.
 */
const todayFor = (row: DiscountWithPlan, now: number) => dateIn(row.location_time_zone ?? "UTC", now);

function discountStatus(discount: DiscountRow, today: string): AdminDiscount["status"] {
  if (discount.disabled_at) return "disabled";
  if (discount.ends_on && today > discount.ends_on) return "ended";
  if (discount.max_redemptions !== null && discount.redemptions >= discount.max_redemptions) return "used_up";
  if (discount.starts_on && today < discount.starts_on) return "scheduled";
  return "active";
}

function presentAdminDiscount(row: DiscountWithPlan, now = Date.now()): AdminDiscount {
  return {
    uuid: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    plan_uuid: row.plan_id,
    plan:
      row.plan_id && row.plan_name
        ? { uuid: row.plan_id, name: row.plan_name, location_name: row.location_name ?? "" }
        : null,
    periods: row.periods,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    max_redemptions: row.max_redemptions,
    redemptions: row.redemptions,
    status: discountStatus(row, todayFor(row, now)),
    disabled_at: row.disabled_at,
    created_at: row.created_at,
  };
}

/**
 * A promo code the operator may see: one of their plans' (its location in their scope), or a
 * code of every plan for the platform role; anything else answers as if it did not exist.
 */
async function requireOperatorsDiscount(db: Executor, scope: OperatorScope, discountId: string) {
  const row = await findDiscountWithPlan(db, discountId);
  if (!row) throw new AppError("object_not_found");
  if (row.plan_id === null) {
    if (!scope.platform) throw new AppError("object_not_found");
    return row;
  }
  reachable(scope, { id: row.plan_location_id ?? "", organisation_id: row.location_organisation_id ?? "" });
  return row;
}

/** `GET admin/discounts`: the operator's promo codes, newest first. */
export async function listDiscounts(
  db: Executor,
  scope: OperatorScope,
  query: z.output<typeof adminDiscountListQuery>,
): Promise<{ items: AdminDiscount[]; next_cursor: string | null }> {
  const rows = await listDiscountsOfOrganisation(db, {
    organisationId: scope.organisationId,
    locationIds: scope.locationIds,
    everyPlan: scope.platform,
    before: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const now = Date.now();
  const last = page[page.length - 1];
  return {
    items: page.map((row) => presentAdminDiscount(row, now)),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * `PUT admin/discount/{uuid}`: its dates and redemption limit. What it takes off stays what
 * drivers were told; a last day before the first, or a limit below the redemptions already
 * taken, answers `invalid_data`.
 */
export async function updateDiscount(
  db: Db,
  scope: OperatorScope,
  discountId: string,
  body: z.output<typeof updateDiscountBody>,
): Promise<AdminDiscount> {
  const current = await requireOperatorsDiscount(db, scope, discountId);
  const changes = {
    starts_on: body.starts_on === undefined ? current.starts_on : body.starts_on,
    ends_on: body.ends_on === undefined ? current.ends_on : body.ends_on,
    max_redemptions: body.max_redemptions === undefined ? current.max_redemptions : body.max_redemptions,
  };
  if (changes.starts_on && changes.ends_on && changes.ends_on < changes.starts_on) throw new AppError("invalid_data");
  await db.transaction().execute(async (tx) => {
    const updated = await updateDiscountRow(tx, discountId, changes);
    if (!updated) throw new AppError("invalid_data");
    const before = {
      starts_on: current.starts_on,
      ends_on: current.ends_on,
      max_redemptions: current.max_redemptions,
    };
    const diff = changedFields(before, changes);
    if (Object.keys(diff.after).length > 0)
      await recordAudit(tx, scope, {
        action: "discount.update",
        subject: { type: "discount", id: discountId },
        ...diff,
      });
  });
  return presentAdminDiscount(await requireOperatorsDiscount(db, scope, discountId));
}

/**
 * `POST admin/discount/{uuid}/disable`: no redemption from now on (the checkout's counter
 * refuses a disabled code too). Passes already discounted keep their discounted periods. Ending
 * an ended code changes nothing and logs nothing.
 */
export async function disableDiscount(db: Db, scope: OperatorScope, discountId: string): Promise<AdminDiscount> {
  const current = await requireOperatorsDiscount(db, scope, discountId);
  if (!current.disabled_at) {
    const disabledAt = nowIso();
    await db.transaction().execute(async (tx) => {
      await updateDiscountRow(tx, discountId, { disabled_at: disabledAt });
      await recordAudit(tx, scope, {
        action: "discount.disable",
        subject: { type: "discount", id: discountId },
        before: { disabled_at: null },
        after: { disabled_at: disabledAt },
      });
    });
  }
  return presentAdminDiscount(await requireOperatorsDiscount(db, scope, discountId));
}

/** Whether a code's dates include `today`, a calendar day on the clock of the lot it is used at. */
const dated = (discount: DiscountRow, today: string) =>
  !(discount.starts_on && today < discount.starts_on) && !(discount.ends_on && today > discount.ends_on);

/** A promo code this driver may still use (redemptions left, not used before), on any day. */
async function redeemableDiscount(db: Executor, code: string, userId: string): Promise<DiscountRow> {
  const discount = await findDiscountByCode(db, code);
  if (!discount) throw new AppError("discount_not_found");
  const exhausted = discount.max_redemptions !== null && discount.redemptions >= discount.max_redemptions;
  if (discount.disabled_at || exhausted || (await hasRedeemed(db, discount.id, userId)))
    throw new AppError("discount_not_available");
  return discount;
}

/** A promo code this driver may still use today: `today` is the day on the lot's clock. */
async function usableDiscount(db: Executor, code: string, userId: string, today: string): Promise<DiscountRow> {
  const discount = await redeemableDiscount(db, code, userId);
  if (!dated(discount, today)) throw new AppError("discount_not_available");
  return discount;
}

function assertDiscountFits(discount: DiscountRow, plan: PlanRow): void {
  if (discount.plan_id && discount.plan_id !== plan.id) throw new AppError("discount_not_available_for_this_plan");
  if (discount.kind === "amount" && discount.currency !== plan.currency)
    throw new AppError("discount_not_available_for_this_plan");
}

/** `GET user/discount/{code}`: the code and the plans of this host's country it applies to. */
export async function getPromo(
  db: Executor,
  user: UserRow,
  code: string,
  hostHeader: string | undefined,
): Promise<Promo> {
  const host = await resolveHost(db, hostHeader);
  const discount = await redeemableDiscount(db, code, user.id);
  const candidates = discount.plan_id
    ? [await findPlanById(db, discount.plan_id)].filter((plan): plan is PlanRow => plan?.status === "active")
    : await listActivePlans(db, { country: host.country });
  // The code's dates are read on each lot's clock, as the checkout reads them: a code that ends
  // today in Monterrey still shows there after midnight UTC.
  const now = Date.now();
  const timeZones = await timeZonesOfLocations(
    db,
    candidates.map((plan) => plan.location_id),
  );
  const inCurrency = candidates.filter((plan) => discount.kind === "percent" || plan.currency === discount.currency);
  const plans = inCurrency.filter((plan) => dated(discount, dateIn(timeZones.get(plan.location_id) ?? "UTC", now)));
  // With no plan to read a clock from, the day is UTC's.
  const usableToday = inCurrency.length > 0 ? plans.length > 0 : dated(discount, dateIn("UTC", now));
  if (!usableToday) throw new AppError("discount_not_available");
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.value,
    currency: discount.currency,
    periods: discount.periods,
    ends_on: discount.ends_on,
    plans: await presentPlans(db, plans),
  };
}

// Partner landings

export async function getPartnerPage(db: Executor, hostHeader: string | undefined, slug: string) {
  const host = await resolveHost(db, hostHeader);
  const page = await findPartnerPage(db, slug, host.hostname);
  if (!page) throw new AppError("object_not_found");
  const plans = await listActivePlans(db, { locationIds: JSON.parse(page.location_ids) as string[] });
  return {
    slug: page.slug,
    title: { es: page.title_es, en: page.title_en },
    text: { es: page.text_es, en: page.text_en },
    plans: await presentPlans(db, plans),
  };
}

// Buying a pass

/** The first day of a new pass: today on the lot's clock, or a chosen day up to 90 days ahead. */
function startDateOf(
  location: LocationRow,
  requested: string | undefined,
  now: number,
): { start: string; today: string } {
  const today = dateIn(location.time_zone, now);
  const start = requested ?? today;
  if (start < today || start > addDays(today, MAX_START_DAYS_AHEAD))
    throw new AppError("invalid_data", { messageKey: "errors.api_start_date_invalid" });
  return { start, today };
}

/** Who may buy the plan: an active plan, the location's e-mail domain, the student id it needs. */
function assertMayBuy(plan: PlanRow, location: LocationRow, user: UserRow): void {
  if (plan.status !== "active" || location.active !== 1) throw new AppError("location_not_available");
  if (!emailAllowedAt(location, user)) throw new AppError("location_email_blocked");
  if (plan.requires_student_id === 1 && !user.student_id)
    throw new AppError("missing_parameters", { messageKey: "errors.api_student_id_required" });
}

export async function quotePlan(
  db: Executor,
  user: UserRow,
  planId: string,
  query: { start_date?: string; discount_code?: string },
): Promise<PlanQuote> {
  const { plan, location } = await requirePlan(db, planId);
  const { start, today } = startDateOf(location, query.start_date, Date.now());
  const discount = query.discount_code ? await usableDiscount(db, query.discount_code, user.id, today) : null;
  if (discount) assertDiscountFits(discount, plan);
  const live = await countLivePassesByPlan(db, [plan.id]);
  const first = periodPrice(plan, location, discount, 1);
  return {
    plan: presentPlan(plan, location, live.get(plan.id) ?? 0),
    start_date: start,
    last_day: periodLastDay(start, plan.interval_unit, 1),
    charged_now: start === today,
    first_period: first.amounts,
    renewals: renewalsOf(plan, location, discount, start),
    discount: appliedDiscount(discount),
  };
}

/** The card a pass is paid with: the one chosen (a verified card of the lot's country) or the default one. */
async function cardToCharge(db: Executor, userId: string, country: Country, chosen: string | undefined) {
  const card = chosen
    ? await findCardOfUser(db, userId, chosen, { verified: true })
    : await findCardToCharge(db, userId, country, false);
  if (chosen && card?.country !== country) throw new AppError("invalid_payment_method");
  if (!card) throw new AppError("no_payment_method");
  return card;
}

const paymentOf = (result: ChargeResult | null): SubscriptionCharge["payment"] =>
  result
    ? {
        uuid: result.payment.id,
        status: result.status,
        redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
      }
    : null;

/**
 * Ends a pass that never got paid so a new purchase can take its place (a driver retrying with
 * another card after a decline); one with a charge still in flight is left to settle.
 */
async function supersedeIncomplete(tx: Executor, existing: SubscriptionRow | undefined): Promise<void> {
  if (!existing) return;
  const first = await findPeriod(tx, existing.id, existing.current_period);
  if (existing.status !== "incomplete" || (first && (await hasLiveChargeForPeriod(tx, first.id))))
    throw new AppError("subscription_already_active");
  const now = nowIso();
  await updateSubscriptionRow(tx, existing.id, { status: "expired", ended_at: now, updated_at: now });
  if (existing.discount_id) await releaseRedemption(tx, existing.id, existing.discount_id);
}

/**
 * `POST user/subscription`: buys a pass. In one transaction the plan's places are counted under
 * a named lock (`plan_availability_reached`), the vehicle's pass at the location is checked (and a
 * unique index stands behind it), the promo code's redemption is taken atomically, and the pass
 * and its first period are written. Then the first period is charged through the ledger with the
 * request's Idempotency-Key — or, for a later first day, the pass waits in `trial` and is charged
 * that day. A declined or 3-D-Secure-pending first payment leaves it `incomplete` (23 hours).
 */
export async function createSubscription(
  deps: BillingDeps,
  user: UserRow,
  body: CreateSubscriptionBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<SubscriptionCharge> {
  const { plan, location } = await requirePlan(deps.db, body.plan_uuid);
  assertMayBuy(plan, location, user);
  const vehicle = await findActiveVehicleOfUser(deps.db, user.id, body.vehicle_uuid);
  if (!vehicle) throw new AppError("vehicle_not_found");
  const now = Date.now();
  const { start, today } = startDateOf(location, body.start_date, now);
  const discount = body.discount_code ? await usableDiscount(deps.db, body.discount_code, user.id, today) : null;
  if (discount) assertDiscountFits(discount, plan);
  const chargedNow = start === today;
  const first = periodPrice(plan, location, discount, 1);
  if (chargedNow && body.expected_total !== undefined && body.expected_total !== first.amounts.total)
    throw new AppError("invalid_payment", { status: 409, messageKey: "errors.api_price_changed" });
  const card = await cardToCharge(deps.db, user.id, location.country, body.payment_method_uuid);

  const subscriptionId = newId();
  const period = await deps.db.transaction().execute(async (tx) => {
    await lockName(tx, `plan:${plan.id}`);
    await supersedeIncomplete(tx, await findLivePassOfVehicleAt(tx, vehicle.id, location.id));
    const live = (await countLivePassesByPlan(tx, [plan.id])).get(plan.id) ?? 0;
    if (plan.availability !== null && live >= plan.availability) throw new AppError("plan_availability_reached");
    const at = nowIso();
    const subscription: SubscriptionRow = {
      id: subscriptionId,
      user_id: user.id,
      vehicle_id: vehicle.id,
      plan_id: plan.id,
      location_id: location.id,
      status: chargedNow ? "incomplete" : "trial",
      anchor_date: start,
      anchor_period: 1,
      current_period: 1,
      cancel_at_period_end: 0,
      discount_id: discount?.id ?? null,
      failed_attempts: 0,
      next_retry_at: null,
      reminded_period: null,
      expires_at: chargedNow ? isoAfter(INCOMPLETE_EXPIRES_SECONDS, now) : null,
      canceled_at: null,
      ended_at: null,
      origin: returnOrigin,
      created_at: at,
      updated_at: at,
    };
    await underUniqueRule("subscription_already_active", () => insertSubscription(tx, subscription));
    if (discount) {
      if (!(await takeRedemption(tx, discount.id))) throw new AppError("discount_not_available");
      await underUniqueRule("discount_not_available", () =>
        insertRedemption(tx, {
          id: newId(),
          discount_id: discount.id,
          user_id: user.id,
          subscription_id: subscriptionId,
          created_at: at,
        }),
      );
    }
    return openPeriod(tx, subscription, 1);
  });

  let result: ChargeResult | null = null;
  if (chargedNow) {
    result = await chargePeriod(deps, period, {
      paymentMethodId: card.id,
      idempotencyKey,
      returnOrigin,
      declineCode: "subscription_creation_failed",
    });
    const failure = result && chargeFailure(result);
    if (failure) throw failure;
  }
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription) throw new Error(`Pass ${subscriptionId} vanished`);
  return { subscription: await presentDetail(deps.db, subscription), payment: paymentOf(result) };
}

/** `POST user/subscription/{uuid}/pay`: the driver pays a pass waiting for its money now. */
export async function paySubscription(
  deps: BillingDeps,
  user: UserRow,
  subscriptionId: string,
  body: { payment_method_uuid?: string },
  idempotencyKey: string,
  returnOrigin: string,
): Promise<SubscriptionCharge> {
  const subscription = await requireSubscriptionOfUser(deps.db, user.id, subscriptionId);
  if (!["incomplete", "past_due", "unpaid"].includes(subscription.status))
    throw new AppError("subscription_update_failed");
  const period = await findPeriod(deps.db, subscription.id, subscription.current_period);
  if (!period) throw new Error(`Pass ${subscription.id} has no current period`);
  const location = await findLocationById(deps.db, subscription.location_id);
  if (!location) throw new Error(`Pass ${subscription.id} points at a missing location`);
  const card = await cardToCharge(deps.db, user.id, location.country, body.payment_method_uuid);
  const result = await chargePeriod(deps, period, {
    paymentMethodId: card.id,
    idempotencyKey,
    returnOrigin,
    declineCode: "subscription_creation_failed",
  });
  const failure = result && chargeFailure(result);
  if (failure) throw failure;
  const updated = await findSubscriptionById(deps.db, subscription.id);
  return { subscription: await presentDetail(deps.db, updated ?? subscription), payment: paymentOf(result) };
}

// Reading passes

async function requireSubscriptionOfUser(db: Executor, userId: string, subscriptionId: string) {
  const subscription = await findSubscriptionOfUser(db, userId, subscriptionId);
  if (!subscription) throw new AppError("object_not_found");
  return subscription;
}

export async function listSubscriptions(db: Executor, userId: string, status?: "current" | "past") {
  const statuses =
    status === "current"
      ? LIVE_SUBSCRIPTION_STATUSES
      : status === "past"
        ? (["canceled", "expired"] as const)
        : undefined;
  return presentSummaries(db, await listSubscriptionsOfUser(db, userId, statuses));
}

export async function listSubscriptionPayments(db: Executor, userId: string) {
  return (await listLedgerRowsOfPasses(db, { userId })).map(presentPayment);
}

export async function getSubscription(
  db: Executor,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionDetail> {
  return presentDetail(db, await requireSubscriptionOfUser(db, userId, subscriptionId));
}

/**
 * `POST user/subscription/{uuid}/cancel`: an active or past-due pass ends after its current
 * period's last day (no renewal, no refund); one not active yet (`trial`, `incomplete`) or paused
 * (`unpaid`) ends at once — nothing of it was paid (a first charge still settling is refunded when
 * it lands).
 */
export async function cancelSubscription(db: Db, userId: string, subscriptionId: string): Promise<SubscriptionDetail> {
  await requireSubscriptionOfUser(db, userId, subscriptionId);
  const updated = await db.transaction().execute(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription) throw new AppError("object_not_found");
    const now = nowIso();
    if (subscription.status === "canceled" || subscription.status === "expired" || subscription.cancel_at_period_end)
      throw new AppError("subscription_already_canceled");
    if (subscription.status === "active" || subscription.status === "past_due")
      return updateSubscriptionRow(tx, subscription.id, { cancel_at_period_end: 1, canceled_at: now, updated_at: now });
    if (subscription.discount_id && subscription.status !== "unpaid")
      await releaseRedemption(tx, subscription.id, subscription.discount_id);
    return updateSubscriptionRow(tx, subscription.id, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      updated_at: now,
    });
  });
  return presentDetail(db, updated);
}

/**
 * `POST admin/subscription/{uuid}/refund`: the operator refunds the last paid period (whole or
 * part, their rule) and the pass ends at once. A period refunded before answers
 * `subscription_already_refunded`; nothing paid, `invalid_refund`.
 */
export async function refundSubscription(
  deps: BillingDeps,
  scope: OperatorScope,
  subscriptionId: string,
  body: { amount?: number },
  idempotencyKey: string,
): Promise<SubscriptionDetail> {
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription) throw new AppError("object_not_found");
  reachable(scope, await findLocationById(deps.db, subscription.location_id));
  const periods = await listPeriodsOf(deps.db, [subscription.id]);
  const paid = periods.filter((period) => period.status === "paid").at(-1);
  const charge = paid ? await findSucceededChargeOfPeriod(deps.db, paid.id) : undefined;
  if (!charge) throw new AppError("invalid_refund");
  if (charge.status === "refunded" || (await refundedAmountOf(deps.db, charge.id)) > 0)
    throw new AppError("subscription_already_refunded");
  const result = await refundPayment(deps, {
    paymentId: charge.id,
    amount: body.amount,
    reason: "subscription_refund",
    idempotencyKey,
  });
  if (result.status === "failed") throw new AppError("invalid_refund");
  const now = nowIso();
  const ended = await updateSubscriptionRow(deps.db, subscription.id, {
    status: "canceled",
    cancel_at_period_end: 1,
    canceled_at: subscription.canceled_at ?? now,
    ended_at: now,
    updated_at: now,
  });
  await recordAudit(deps.db, scope, {
    action: "subscription.refund",
    subject: { type: "subscription", id: subscription.id },
    before: { status: subscription.status },
    after: { status: ended.status, refund_uuid: result.refund.id, amount: result.refund.amount },
  });
  return presentDetail(deps.db, ended);
}

// Rules other modules ask

/** docs/product/passes-and-promo-codes.md: a vehicle with a pass that still renews cannot be deleted (called by the vehicles module). */
export async function assertVehicleHasNoLivePass(db: Executor, vehicleId: string): Promise<void> {
  if (await hasUncanceledLivePass(db, { vehicleId })) throw new AppError("active_subscription");
}
