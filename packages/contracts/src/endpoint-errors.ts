import type { AuthKind, Endpoint } from "./endpoint.ts";
import { ERROR_STATUS, type ErrorCode, OAUTH_ERROR_CODES, type OAuthErrorCode } from "./errors.ts";

/**
 * Every error an endpoint can answer, as `{ status, code }` pairs: the ones its shape implies (who
 * may call it, what it reads, the Idempotency-Key rule, the limits every route shares) and the
 * domain codes its declaration lists (`errors`). The OpenAPI document lists these as the
 * endpoint's error responses, and the hostile-input walk fails on an answer outside them, so a
 * declaration cannot forget a code the endpoint really answers (docs/decisions/0017).
 */
export type AnsweredCode = ErrorCode | OAuthErrorCode | "server_error";
export interface ErrorAnswer {
  status: number;
  code: AnsweredCode;
}

/** What of an endpoint's inputs exist: its schemas, known once they are loaded. */
export interface EndpointInputs {
  params: boolean;
  query: boolean;
  body: boolean;
}

const at = (status: number, ...codes: AnsweredCode[]): ErrorAnswer[] => codes.map((code) => ({ status, code }));

/**
 * Every route: a request the HTTP layer or router refuses (unreadable, a path over the length
 * limit), the per-address cap, the database out of reach.
 */
const EVERY_ROUTE = [
  ...at(400, "invalid_data"),
  ...at(414, "invalid_data"),
  ...at(429, "action_not_available"),
  ...at(503, "server_error"),
];

/**
 * The statuses a domain code answers besides its catalogue one (docs/decisions/0002): a request that
 * conflicts with one in flight (409) or a provider out of reach (503) is `action_not_available`;
 * "the price changed" (an `expected_total` that is no longer the total) is a conflict with the
 * current state (docs/decisions/0025, 0030); a payment already under way (409) or a gateway out of
 * reach (503) is `invalid_payment`.
 */
const ALSO_ANSWERED_AT: Partial<Record<ErrorCode, number[]>> = {
  action_not_available: [409, 503],
  invalid_payment: [409, 503],
  invalid_visit_amount: [409],
};

const CALLER: Record<AuthKind, ErrorAnswer[]> = {
  none: [],
  user: [...at(401, "authentication_error"), ...at(403, "user_suspended")],
  admin: [...at(401, "authentication_error"), ...at(403, "user_suspended", "forbidden_access")],
  device: at(401, "authentication_error"),
};

/** The Idempotency-Key rule (docs/decisions/0006): missing, reused for another request, still running. */
const IDEMPOTENT = [...at(400, "missing_parameters"), ...at(422, "invalid_data"), ...at(409, "action_not_available")];

/** A body (Fastify reads one on every method but GET): not JSON, too large, of a type the route does not read. */
const BODY = [...at(400, "malformed_request_invalid_json"), ...at(413, "invalid_data"), ...at(415, "invalid_data")];

/** Query or body fields: a required one absent, one that breaks its rule. */
const FIELDS = [...at(400, "missing_parameters"), ...at(422, "invalid_data")];

/** RFC 6749 §5.2: the token endpoint answers OAuth's codes, 401 for a client it does not know. */
const OAUTH = OAUTH_ERROR_CODES.map((code) => ({ status: code === "invalid_client" ? 401 : 400, code }));

/** The answers `endpoint` can give when it fails, each status and code once. */
export function errorAnswersOf(
  endpoint: Pick<Endpoint, "method" | "auth" | "idempotent" | "oauth" | "errors">,
  inputs: EndpointInputs,
): ErrorAnswer[] {
  const answers = [
    ...EVERY_ROUTE,
    ...CALLER[endpoint.auth],
    ...(endpoint.idempotent ? IDEMPOTENT : []),
    ...(endpoint.method !== "GET" ? BODY : []),
    ...(inputs.body || inputs.query ? FIELDS : []),
    ...(inputs.params ? at(404, "object_not_found") : []),
    ...(endpoint.oauth ? OAUTH : []),
    ...endpoint.errors.flatMap((code) => at(ERROR_STATUS[code], code)),
    ...endpoint.errors.flatMap((code) => (ALSO_ANSWERED_AT[code] ?? []).flatMap((status) => at(status, code))),
  ];
  const seen = new Set<string>();
  return answers.filter(({ status, code }) => {
    const key = `${status} ${code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
