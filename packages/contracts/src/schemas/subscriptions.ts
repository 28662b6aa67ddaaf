import { z } from "zod";
import { COUNTRIES } from "../constants.ts";
import { PAYMENT_RAILS } from "../payment-rails.ts";
import { PLAN_INTERVALS, SUBSCRIPTION_STATUSES } from "../statuses.ts";
import { amount, boundedAmount, boundedCount, MESSAGE, requiredText, text, uuid, uuidParams } from "./common.ts";
import { CURRENCIES, feeBreakdownBody } from "./parking.ts";
import { paymentReference, REFERENCE_RAILS } from "./references.ts";

/** Passes (pensiones), promo codes and partner landings (docs/product/passes-and-promo-codes.md). Money in minor units. */

const isoTimestamp = z.string();
/** A calendar day on the lot's clock, `YYYY-MM-DD` (a real date: 2026-02-30 is refused). */
export const calendarDate = z.iso.date({ error: MESSAGE.date });

/** Passes still holding their place: they count against a plan's places and block a second pass. */
export const LIVE_SUBSCRIPTION_STATUSES = ["incomplete", "trial", "active", "past_due", "unpaid"] as const;
export const DISCOUNT_KINDS = ["percent", "amount"] as const;

/** A discount: a percentage (1–100) or an amount in minor units. */
export const discountRule = z.object({ kind: z.enum(DISCOUNT_KINDS), value: boundedAmount.min(1) });
export type DiscountRule = z.infer<typeof discountRule>;

export const planLocation = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.string(),
  time_zone: z.string(),
  country: z.enum(COUNTRIES),
  /** Only drivers with a verified e-mail in this domain may buy here (the university case). */
  email_domain: z.string().nullable(),
});

/** A plan at a location, with what one period costs all-in. */
export const plan = z.object({
  uuid: z.string(),
  name: z.string(),
  cost: amount,
  currency: z.enum(CURRENCIES),
  interval: z.enum(PLAN_INTERVALS),
  /** Places; null when unlimited. */
  availability: z.number().int().nullable(),
  places_left: z.number().int().nullable(),
  requires_student_id: z.boolean(),
  /** The plan's own discount (one-time plans only). */
  discount: discountRule.nullable(),
  status: z.enum(["active", "archived"]),
  location: planLocation,
  /** One period all-in, the plan's own discount applied: subtotal, fees, tax, total. */
  period_price: feeBreakdownBody,
});
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan);
export const planParams = uuidParams();
export const planListQuery = z.object({
  country: z.enum(COUNTRIES).optional(),
  location_uuid: uuid.optional(),
});

/** `GET user/plan/{uuid}/quote`: the first period as it would be charged. */
export const planQuoteQuery = z.object({
  start_date: calendarDate.optional(),
  discount_code: text().trim().max(40).optional(),
});
export const appliedDiscount = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  /** How many periods it discounts; null for every period. */
  periods: z.number().int().nullable(),
});
export const planQuote = z.object({
  plan,
  start_date: calendarDate,
  /** The last day the first period covers. */
  last_day: calendarDate,
  /** Whether paying now charges (start today) or the pass waits in `trial` until its first day. */
  charged_now: z.boolean(),
  first_period: feeBreakdownBody,
  /**
   * The charges after the first, as steps (packages/contracts/src/pass-pricing.ts): the next
   * charge, then one more where a promo code's periods end and the price changes. Empty for a
   * one-time plan.
   */
  renewals: z.array(z.object({ from_period: z.number().int(), date: calendarDate, amounts: feeBreakdownBody })),
  discount: appliedDiscount.nullable(),
});
export type PlanQuote = z.infer<typeof planQuote>;

export const subscriptionPeriod = z.object({
  number: z.number().int(),
  start_date: calendarDate,
  last_day: calendarDate,
  status: z.enum(["due", "paid", "failed"]),
  discount: amount,
  amounts: feeBreakdownBody,
});

export const subscriptionPayment = z.object({
  uuid: z.string(),
  subscription_uuid: z.string(),
  plan_name: z.string(),
  period: z.number().int(),
  kind: z.string(),
  status: z.string(),
  amount: amount,
  currency: z.enum(CURRENCIES),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** What paid it (docs/decisions/0323): a card or a wallet (`card` names it), the balance, cash at OXXO, SPEI. */
  rail: z.enum(PAYMENT_RAILS),
  /**
   * A charge asked for by reference (OXXO, SPEI): where it stands for the driver, as the reference's
   * own page says it (waiting, paid, expired, voided); null for every other rail.
   */
  reference_status: paymentReference.shape.status.nullable(),
  created_at: isoTimestamp,
  /** The lot's clock: the history writes the charge's time on it, not the phone's. */
  time_zone: z.string(),
});
export type SubscriptionPayment = z.infer<typeof subscriptionPayment>;

export const subscriptionSummary = z.object({
  uuid: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: z.object({ uuid: z.string(), name: z.string(), interval: z.enum(PLAN_INTERVALS) }),
  location: z.object({ uuid: z.string(), name: z.string(), time_zone: z.string() }),
  vehicle: z.object({ uuid: z.string(), plate: z.string() }),
  start_date: calendarDate,
  /** The last day of the period in force (or of the last one paid). */
  current_last_day: calendarDate,
  /** Set once cancelled: the pass ends after the current period's last day. */
  cancel_at_period_end: z.boolean(),
  /** The last day the pass covers when it will not renew (cancelled, one-time); null while it renews. */
  ends_on: calendarDate.nullable(),
  /** The next charge: its day and all-in amount; null when none is coming. */
  next_charge: z.object({ date: calendarDate, total: amount }).nullable(),
  /**
   * How the next period is paid (docs/decisions/0333): charged to the card, or asked for by a reference
   * of the rail the running period was paid with, sent the day before it starts; null when none is coming.
   */
  renews_by: z.enum(["card", ...REFERENCE_RAILS]).nullable(),
  currency: z.enum(CURRENCIES),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;
export const subscriptionList = z.array(subscriptionSummary);
export const subscriptionListQuery = z.object({ status: z.enum(["current", "past"]).optional() });

export const subscriptionDetail = subscriptionSummary.extend({
  location: planLocation,
  discount: appliedDiscount.nullable(),
  /** `incomplete`: when it expires unless paid. */
  expires_at: isoTimestamp.nullable(),
  /** `past_due`: when the card is tried again. */
  next_retry_at: isoTimestamp.nullable(),
  canceled_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  periods: z.array(subscriptionPeriod),
  payments: z.array(subscriptionPayment),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;
export const subscriptionParams = uuidParams();

/**
 * `POST user/subscription`: buy a pass. Without `start_date` it starts today on the lot's clock
 * and the first period is charged now; a later date keeps it in `trial` until then.
 * `expected_total` is the first charge the driver was shown.
 */
export const createSubscriptionBody = z.object({
  plan_uuid: uuid,
  vehicle_uuid: uuid,
  start_date: calendarDate.optional(),
  discount_code: text().trim().max(40).optional(),
  payment_method_uuid: uuid.optional(),
  /** Pay the first period later, in cash at OXXO or by SPEI (Mexico, docs/decisions/0314): the place is held meanwhile. */
  reference_rail: z.enum(REFERENCE_RAILS).optional(),
  expected_total: amount.optional(),
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;

export const paySubscriptionBody = z
  .object({ payment_method_uuid: uuid.optional() })
  .nullish()
  .transform((body) => body ?? {});

export const subscriptionCharge = z.object({
  subscription: subscriptionDetail,
  /** The charge made now; null when nothing was charged (a trial, a free period). */
  payment: z
    .object({
      uuid: z.string(),
      status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
      redirect_url: z.string().nullable(),
    })
    .nullable(),
});
export type SubscriptionCharge = z.infer<typeof subscriptionCharge>;

export const subscriptionPaymentList = z.array(subscriptionPayment);

/** Promo codes: `GET user/discount/{code}` (the /promo/{code} screen). */
export const discountParams = z.object({ code: text().trim().min(1).max(40) });
export const promo = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  periods: z.number().int().nullable(),
  ends_on: calendarDate.nullable(),
  plans: planList,
});
export type Promo = z.infer<typeof promo>;

/** Partner landings (`/aisd`, `/vaughn`): configured per host. */
export const partnerParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: "object_not_found" }) });
export const partnerPage = z.object({
  slug: z.string(),
  title: z.object({ es: z.string(), en: z.string() }),
  text: z.object({ es: z.string(), en: z.string() }),
  plans: planList,
});
export type PartnerPage = z.infer<typeof partnerPage>;

/** Admin calls (operators with the admin role). */
export const createPlanBody = z.object({
  location_uuid: uuid,
  name: requiredText(120),
  cost: boundedAmount.min(1),
  interval: z.enum(PLAN_INTERVALS),
  availability: boundedCount.nullable().default(null),
  requires_student_id: z.boolean().default(false),
  discount: discountRule.nullable().default(null),
});
export const updatePlanBody = z.object({
  name: requiredText(120).optional(),
  cost: boundedAmount.min(1).optional(),
  availability: boundedCount.nullable().optional(),
  requires_student_id: z.boolean().optional(),
  discount: discountRule.nullable().optional(),
});
export const createDiscountBody = z.object({
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: MESSAGE.alphanumeric })
    .transform((code) => code.toUpperCase()),
  kind: z.enum(DISCOUNT_KINDS),
  value: boundedAmount.min(1),
  /** Required for an amount; a percentage applies in any currency. */
  currency: z.enum(CURRENCIES).nullable().default(null),
  plan_uuid: uuid.nullable().default(null),
  periods: boundedCount.nullable().default(null),
  starts_on: calendarDate.nullable().default(null),
  ends_on: calendarDate.nullable().default(null),
  max_redemptions: boundedCount.nullable().default(null),
});
/**
 * A promo code's state on today's UTC calendar (docs/decisions/0047): usable, not started yet,
 * past its last day, every redemption taken, or ended by an operator.
 */
export const DISCOUNT_STATUSES = ["active", "scheduled", "ended", "used_up", "disabled"] as const;
export const adminDiscount = z.object({
  uuid: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  plan_uuid: z.string().nullable(),
  /** The plan it is limited to (with its location); null for every plan (the platform role's codes). */
  plan: z.object({ uuid: z.string(), name: z.string(), location_name: z.string() }).nullable(),
  periods: z.number().int().nullable(),
  starts_on: calendarDate.nullable(),
  ends_on: calendarDate.nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  status: z.enum(DISCOUNT_STATUSES),
  disabled_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

/** Keyset paging of the console's lists: the last row's `created_at|id`, answered as `next_cursor`. */
const pageCursor = text().max(120).optional();
const pageLimit = z.coerce.number().int().min(1).max(100).default(25);

/** `GET admin/plans`: the organisation's plans, newest first, optionally at one location or in one status. */
export const adminPlanListQuery = z.object({
  location_uuid: uuid.optional(),
  status: z.enum(["active", "archived"]).optional(),
  cursor: pageCursor,
  limit: pageLimit,
});
/** A plan as its operator sees it: the public plan plus the places its live passes hold. */
export const adminPlan = plan.extend({ places_taken: z.number().int(), created_at: isoTimestamp });
export type AdminPlan = z.infer<typeof adminPlan>;
export const adminPlanPage = z.object({ items: z.array(adminPlan), next_cursor: z.string().nullable() });

/** `GET admin/discounts`: the promo codes of the organisation's plans (and, for the platform role, those of every plan). */
export const adminDiscountListQuery = z.object({
  cursor: pageCursor,
  limit: pageLimit,
});
export const adminDiscountPage = z.object({ items: z.array(adminDiscount), next_cursor: z.string().nullable() });
export const adminDiscountParams = uuidParams();

/**
 * `PUT admin/discount/{uuid}`: a code's limits and dates (what it takes off stays as drivers
 * were told). The total may not drop below the redemptions already made (`invalid_data`).
 */
export const updateDiscountBody = z.object({
  starts_on: calendarDate.nullable().optional(),
  ends_on: calendarDate.nullable().optional(),
  max_redemptions: boundedCount.nullable().optional(),
});
/** The amount to refund (minor units); without it, what is left of the period's charge. */
export const refundSubscriptionBody = z
  .object({ amount: boundedAmount.min(1).optional() })
  .nullish()
  .transform((body) => body ?? {});
