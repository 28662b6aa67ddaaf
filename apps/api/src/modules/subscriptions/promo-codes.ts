import type { DiscountUnavailableReason } from "@estaciona/contracts";
import { dateIn } from "@estaciona/contracts/periods";
import type {
  AdminDiscount,
  adminDiscountListQuery,
  createDiscountBody,
  Promo,
  updateDiscountBody,
} from "@estaciona/contracts/schemas/subscriptions";
import type { z } from "zod";
import { type Db, type Executor, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { hostLocationIds, resolveHost } from "../hosts/service.ts";
import { changedFields, decodeCursor, encodeCursor, recordAudit } from "../operator/audit.ts";
import { assertWholeOrganisation, type OperatorScope, reachable } from "../operator/scope.ts";
import { timeZonesOfLocations } from "../parking/locations/repository.ts";
import { assertDiscountWithin, requireOperatorsPlan } from "./plans.ts";
import { presentPlans } from "./presenter.ts";
import { listActivePlans, type PlanRow } from "./repository/plans.ts";
import {
  type DiscountRow,
  findDiscountByCode,
  findDiscountWithPlan,
  hasRedeemed,
  insertDiscount,
  listDiscountsOfOrganisation,
  updateDiscountRow,
} from "./repository/promo-codes.ts";

/** Promo codes: the operator's (`admin/discounts`), and whether a driver may use one at checkout. */

type UserRow = Row<"users">;

/**
 * A promo code for one of the operator's plans, or for every plan of the operator's organisation
 * (docs/decisions/0165): that is organisation-wide, not for a staff member limited to some lots
 * (forbidden_access). A code never discounts another organisation's plan.
 */
export async function createDiscount(db: Db, scope: OperatorScope, body: z.output<typeof createDiscountBody>) {
  if (!body.plan_uuid) assertWholeOrganisation(scope);
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
    organisation_id: scope.organisationId,
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
 * code of every plan of their organisation for a member who sees all of it; anything else
 * answers as if it did not exist.
 */
async function requireOperatorsDiscount(db: Executor, scope: OperatorScope, discountId: string) {
  const row = await findDiscountWithPlan(db, discountId);
  if (!row) throw new AppError("object_not_found");
  if (row.plan_id === null) {
    if (row.organisation_id !== scope.organisationId || scope.locationIds !== null)
      throw new AppError("object_not_found");
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
    everyPlan: scope.locationIds === null,
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

/**
 * `discount_not_available` with why (docs/decisions/0251): the answer keeps the catalogue's code
 * and status, says the reason in words and names it in `reason` for the promo page.
 */
export const discountUnavailable = (reason: DiscountUnavailableReason) =>
  new AppError("discount_not_available", { reason, messageKey: `errors.discount_reason_${reason}` });

/** Why a code's dates leave out `today` (a calendar day on the clock of the lot it is used at), or null. */
const outOfDates = (discount: DiscountRow, today: string): DiscountUnavailableReason | null =>
  discount.starts_on && today < discount.starts_on
    ? "not_started"
    : discount.ends_on && today > discount.ends_on
      ? "expired"
      : null;

const dated = (discount: DiscountRow, today: string) => outOfDates(discount, today) === null;

/** A promo code this driver may still use (not ended, redemptions left, not used before), on any day. */
async function redeemableDiscount(db: Executor, code: string, userId: string): Promise<DiscountRow> {
  const discount = await findDiscountByCode(db, code);
  if (!discount) throw new AppError("discount_not_found");
  if (discount.disabled_at) throw discountUnavailable("withdrawn");
  // The driver's own use first: a driver whose redemption was the last is told they used it.
  if (await hasRedeemed(db, discount.id, userId)) throw discountUnavailable("used");
  if (discount.max_redemptions !== null && discount.redemptions >= discount.max_redemptions)
    throw discountUnavailable("spent");
  return discount;
}

/** A promo code this driver may still use today: `today` is the day on the lot's clock. */
export async function usableDiscount(db: Executor, code: string, userId: string, today: string): Promise<DiscountRow> {
  const discount = await redeemableDiscount(db, code, userId);
  const outside = outOfDates(discount, today);
  if (outside) throw discountUnavailable(outside);
  return discount;
}

/** A code discounts its own plan, or any plan of its own organisation; never another organisation's (docs/decisions/0165). */
export function assertDiscountFits(discount: DiscountRow, plan: PlanRow, location: { organisation_id: string }): void {
  if (discount.plan_id && discount.plan_id !== plan.id) throw new AppError("discount_not_available_for_this_plan");
  if (discount.organisation_id !== location.organisation_id) throw new AppError("discount_not_available_for_this_plan");
  if (discount.kind === "amount" && discount.currency !== plan.currency)
    throw new AppError("discount_not_available_for_this_plan");
}

/**
 * `GET user/discount/{code}`: the code and the plans it applies to that this host sells
 * (docs/decisions/0165): its own organisation's, at the host's lots of the host's country.
 */
export async function getPromo(
  db: Executor,
  user: UserRow,
  code: string,
  hostHeader: string | undefined,
): Promise<Promo> {
  const host = await resolveHost(db, hostHeader);
  const offered = await hostLocationIds(db, hostHeader);
  const discount = await redeemableDiscount(db, code, user.id);
  const ofOrganisation = await listActivePlans(db, {
    country: host.country,
    organisationId: discount.organisation_id ?? "",
    locationIds: offered ?? undefined,
  });
  const candidates = discount.plan_id ? ofOrganisation.filter((plan) => plan.id === discount.plan_id) : ofOrganisation;
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
  if (!usableToday) {
    // Every lot's day is outside the dates: the first lot's (or UTC's) says on which side.
    const first = inCurrency[0];
    const day = dateIn((first && timeZones.get(first.location_id)) ?? "UTC", now);
    throw discountUnavailable(outOfDates(discount, day) ?? "expired");
  }
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
