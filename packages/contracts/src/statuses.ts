/** Status lists of docs/product/entities-and-states.md. */
export const VISIT_STATUSES = ["inactive", "in_progress", "finished", "pending_payment"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const EVENT_STATUSES = ["inactive", "in_progress", "finished", "pending_payment"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "expired",
  "trial",
  "active",
  "past_due",
  "canceled",
  "unpaid",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PLAN_INTERVALS = ["day", "week", "month", "year", "one_time"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/**
 * A payment as the operator console shows it: the ledger's statuses, plus `needs_review`, a charge whose outcome
 * is still unknown 24 h after the attempt (docs/decisions/0246). The ledger keeps it pending and keeps asking.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "needs_review",
  "succeeded",
  "failed",
  "requires_action",
  "refunded",
] as const;
