/**
 * The error catalogue of docs/product/calls-and-errors.md. Every error the API answers carries one of these codes
 * (without the `api_` prefix the SPA's catalogue adds) or an OAuth error code on the token
 * endpoint. The status is the one the API answers with; see docs/product/calls-and-errors.md.
 */
export const ERROR_STATUS = {
  malformed_request_invalid_json: 400,
  missing_parameters: 400,
  object_not_found: 404,
  authentication_error: 401,
  forbidden_access: 403,
  user_already_exist: 409,
  invalid_email: 422,
  invalid_password: 422,
  user_does_not_exist: 404,
  user_suspended: 403,
  invalid_code: 400,
  invalid_payment_method: 402,
  user_already_has_payment_account: 409,
  plan_creation_error: 422,
  invalid_payment: 402,
  subscription_already_active: 409,
  subscription_creation_failed: 402,
  subscription_already_canceled: 409,
  invalid_payment_source_delete: 409,
  no_payment_method: 422,
  vehicle_with_active_visit: 409,
  vehicle_not_found: 404,
  vehicle_already_exist: 409,
  email_already_used: 409,
  card_expired: 402,
  cvc_invalid: 402,
  visit_already_paid: 409,
  invalid_refund: 422,
  subscription_already_refunded: 409,
  plan_availability_reached: 409,
  active_subscription: 409,
  phone_number_already_used: 409,
  code_already_exist: 409,
  discount_not_found: 404,
  discount_not_available_for_this_plan: 422,
  discount_not_available: 422,
  invalid_discount_amount: 422,
  discount_creation_failed: 422,
  file_not_found: 404,
  invalid_data: 422,
  action_not_available: 429,
  invoice_not_available: 422,
  invoice_with_discount_not_available: 422,
  location_not_available: 422,
  invoice_not_available_date: 422,
  user_has_active_subscriptions: 409,
  user_has_active_visits: 409,
  user_has_active_subscription: 409,
  invalid_plan_for_discount: 422,
  location_already_has_a_parking_meter: 409,
  subscription_update_failed: 422,
  only_one_time_plans: 422,
  missing_email: 422,
  invalid_location_type: 422,
  vehicle_data_missing: 422,
  invalid_user: 403,
  invalid_visit_amount: 422,
  invoice_already_approved: 409,
  invalid_invoice_amount: 422,
  invalid_invoice_data: 422,
  device_id_already_exists: 409,
  location_email_blocked: 403,
  invalid_verification_payment: 402,
  card_default_delete: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** OAuth 2.0 error codes answered by `/oauth/v2/token` (RFC 6749 §5.2). */
export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/**
 * Why an existing promo code cannot be used (docs/decisions/0251), the `reason` of a
 * `discount_not_available` answer: this driver used it already, the operator ended it, its
 * redemptions ran out, its last day has passed, its first day has not come.
 */
export const DISCOUNT_UNAVAILABLE_REASONS = ["used", "withdrawn", "spent", "expired", "not_started"] as const;
export type DiscountUnavailableReason = (typeof DISCOUNT_UNAVAILABLE_REASONS)[number];

/**
 * The codes whose answers also say why in a `reason`, and the reasons each gives: the code and
 * status stay the catalogue's, so a client that reads only `error` is unchanged.
 */
export const ERROR_REASONS: Partial<Record<ErrorCode, readonly string[]>> = {
  discount_not_available: DISCOUNT_UNAVAILABLE_REASONS,
};

/** The wire shape of every error answer (docs/product/calls-and-errors.md). */
export interface ErrorBody {
  error: ErrorCode | OAuthErrorCode | "server_error";
  error_description: string;
  /** One of `ERROR_REASONS[error]`, on the codes that declare reasons. */
  reason?: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
