import { CARD_CHARGE_ERRORS, defineEndpoint, REFERENCE_CHARGE_ERRORS, schemasOf } from "../endpoint.ts";

/** Passes (pensiones), promo codes and partner landings (docs/product/passes-and-promo-codes.md). */

const subscriptions = () => import("../schemas/subscriptions.ts");
const tag = "subscriptions";

export const listPlans = defineEndpoint({
  method: "GET",
  path: "/open/plans",
  auth: "none",
  tag,
  summary: "Active plans with one period's all-in price, by country or location",
  schemas: schemasOf(subscriptions, (s) => ({ query: s.planListQuery, response: s.planList })),
});

export const getPlan = defineEndpoint({
  method: "GET",
  path: "/open/plan/:uuid",
  auth: "none",
  tag,
  summary: "One plan: location, interval, places left, one period's all-in price",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.planParams, response: s.plan })),
});

export const quotePlan = defineEndpoint({
  method: "GET",
  path: "/user/plan/:uuid/quote",
  auth: "user",
  errors: ["discount_not_available", "discount_not_available_for_this_plan", "discount_not_found"],
  tag,
  summary: "What buying the plan would charge: first period with a promo code, its last day, later periods",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.planParams, query: s.planQuoteQuery, response: s.planQuote })),
});

export const createSubscription = defineEndpoint({
  method: "POST",
  path: "/user/subscription",
  auth: "user",
  idempotent: true,
  status: 201,
  errors: [
    ...CARD_CHARGE_ERRORS,
    ...REFERENCE_CHARGE_ERRORS,
    "discount_not_available",
    "discount_not_found",
    "location_email_blocked",
    "object_not_found",
    "plan_availability_reached",
    "subscription_already_active",
    "subscription_creation_failed",
    "vehicle_not_found",
  ],
  tag,
  summary: "Buy a pass for a vehicle: charges the first period now, or waits in trial until the chosen date",
  schemas: schemasOf(subscriptions, (s) => ({ body: s.createSubscriptionBody, response: s.subscriptionCharge })),
});

export const listSubscriptions = defineEndpoint({
  method: "GET",
  path: "/user/subscriptions",
  auth: "user",
  tag,
  summary: "The driver's passes, newest first: current (still holding a place) or past",
  schemas: schemasOf(subscriptions, (s) => ({ query: s.subscriptionListQuery, response: s.subscriptionList })),
});

export const listSubscriptionPayments = defineEndpoint({
  method: "GET",
  path: "/user/subscriptions/payments",
  auth: "user",
  tag,
  summary: "Every charge and refund of the driver's passes, newest first",
  schemas: schemasOf(subscriptions, (s) => ({ response: s.subscriptionPaymentList })),
});

export const getSubscription = defineEndpoint({
  method: "GET",
  path: "/user/subscription/:uuid",
  auth: "user",
  tag,
  summary: "A pass: status, vehicle, periods with their last days, payments",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.subscriptionParams, response: s.subscriptionDetail })),
});

export const paySubscription = defineEndpoint({
  method: "POST",
  path: "/user/subscription/:uuid/pay",
  auth: "user",
  idempotent: true,
  errors: [...CARD_CHARGE_ERRORS, "subscription_update_failed"],
  tag,
  summary: "Pay an incomplete, past-due or paused pass now (another card, or the default one)",
  schemas: schemasOf(subscriptions, (s) => ({
    params: s.subscriptionParams,
    body: s.paySubscriptionBody,
    response: s.subscriptionCharge,
  })),
});

export const cancelSubscription = defineEndpoint({
  method: "POST",
  path: "/user/subscription/:uuid/cancel",
  auth: "user",
  errors: ["subscription_already_canceled"],
  tag,
  summary: "Cancel a pass: it ends after the current period's last day (at once when not active yet)",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.subscriptionParams, response: s.subscriptionDetail })),
});

export const getPromo = defineEndpoint({
  method: "GET",
  path: "/user/discount/:code",
  auth: "user",
  errors: ["discount_not_available", "discount_not_found"],
  tag,
  summary: "A promo code (/promo/{code}): what it discounts, for how many periods, and the plans it applies to",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.discountParams, response: s.promo })),
});

export const getPartnerPage = defineEndpoint({
  method: "GET",
  path: "/open/partner/:slug",
  auth: "none",
  tag,
  summary: "A partner landing of this host (/aisd, /vaughn): its texts and the plans it offers",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.partnerParams, response: s.partnerPage })),
});

export const createPlan = defineEndpoint({
  method: "POST",
  path: "/admin/plan",
  auth: "admin",
  status: 201,
  errors: [
    "invalid_discount_amount",
    "invalid_plan_for_discount",
    "object_not_found",
    "only_one_time_plans",
    "plan_creation_error",
  ],
  tag,
  summary: "Create a plan at a location (only one-time plans at venues; a built-in discount only on one-time plans)",
  schemas: schemasOf(subscriptions, (s) => ({ body: s.createPlanBody, response: s.plan })),
});

export const updatePlan = defineEndpoint({
  method: "PUT",
  path: "/admin/plan/:uuid",
  auth: "admin",
  errors: ["invalid_plan_for_discount"],
  tag,
  summary: "Change a plan's name, cost, places, student requirement or discount (next periods only)",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.planParams, body: s.updatePlanBody, response: s.plan })),
});

export const archivePlan = defineEndpoint({
  method: "POST",
  path: "/admin/plan/:uuid/archive",
  auth: "admin",
  tag,
  summary: "Archive a plan: no new passes; passes already sold keep renewing",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.planParams, response: s.plan })),
});

export const createDiscount = defineEndpoint({
  method: "POST",
  path: "/admin/discount",
  auth: "admin",
  status: 201,
  errors: ["code_already_exist", "discount_creation_failed", "invalid_discount_amount", "object_not_found"],
  tag,
  summary: "Create a promo code: percentage or amount, plan, first N periods, dates, redemption limit",
  schemas: schemasOf(subscriptions, (s) => ({ body: s.createDiscountBody, response: s.adminDiscount })),
});

export const refundSubscription = defineEndpoint({
  method: "POST",
  path: "/admin/subscription/:uuid/refund",
  auth: "admin",
  idempotent: true,
  errors: ["invalid_refund", "subscription_already_refunded"],
  tag,
  summary: "Refund a pass's last paid period (whole or part) and end it at once",
  schemas: schemasOf(subscriptions, (s) => ({
    params: s.subscriptionParams,
    body: s.refundSubscriptionBody,
    response: s.subscriptionDetail,
  })),
});

export const listAdminPlans = defineEndpoint({
  method: "GET",
  path: "/admin/plans",
  auth: "admin",
  tag,
  summary: "The organisation's plans, newest first (keyset pages): location, price, places and places taken, status",
  schemas: schemasOf(subscriptions, (s) => ({ query: s.adminPlanListQuery, response: s.adminPlanPage })),
});

export const listDiscounts = defineEndpoint({
  method: "GET",
  path: "/admin/discounts",
  auth: "admin",
  tag,
  summary: "Promo codes of the organisation's plans, newest first (keyset pages): uses, limits, dates, status",
  schemas: schemasOf(subscriptions, (s) => ({ query: s.adminDiscountListQuery, response: s.adminDiscountPage })),
});

export const updateDiscount = defineEndpoint({
  method: "PUT",
  path: "/admin/discount/:uuid",
  auth: "admin",
  tag,
  summary: "Change a promo code's dates or redemption limit (audited)",
  schemas: schemasOf(subscriptions, (s) => ({
    params: s.adminDiscountParams,
    body: s.updateDiscountBody,
    response: s.adminDiscount,
  })),
});

export const disableDiscount = defineEndpoint({
  method: "POST",
  path: "/admin/discount/:uuid/disable",
  auth: "admin",
  tag,
  summary: "End a promo code now: no more redemptions (passes already discounted keep their periods)",
  schemas: schemasOf(subscriptions, (s) => ({ params: s.adminDiscountParams, response: s.adminDiscount })),
});
