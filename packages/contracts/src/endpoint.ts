import type { z } from "zod";
import type { ErrorCode } from "./errors.ts";

/**
 * One declaration per API endpoint, read by both sides: the API registers its route from it
 * (authentication, validation, serialisation, OpenAPI, Idempotency-Key) and the SPA calls it
 * through a typed client. Nothing about an endpoint is written anywhere else.
 *
 * The schemas load on demand (`schemas`): the SPA imports declarations for their method and path
 * only, so its first download carries no zod (≈ 92 KB gzip on its own). The API awaits them once
 * when it registers the route. docs/decisions/0017.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call (docs/product/calls-and-errors.md): anyone (`none`), a signed-in driver (`user`), an operator with the
 * admin role (`admin`), a gate, camera, meter or valet stand with its key (`device`).
 */
export type AuthKind = "none" | "user" | "admin" | "device";

/** What charging a saved card can answer: declined or out of reach, expired, its CVC refused, no card. */
export const CARD_CHARGE_ERRORS = [
  "card_expired",
  "cvc_invalid",
  "invalid_payment",
  "no_payment_method",
] as const satisfies readonly ErrorCode[];

/** What paying later by reference (OXXO, SPEI) adds: no such rail here, or too many places held unpaid. */
export const REFERENCE_CHARGE_ERRORS = [
  "invalid_payment_method",
  "action_not_available",
] as const satisfies readonly ErrorCode[];

/** What saving a card can answer: its token or verification refused, the card itself refused, no profile yet. */
export const CARD_SAVE_ERRORS = [
  "card_expired",
  "cvc_invalid",
  "invalid_payment",
  "invalid_payment_method",
  "invalid_verification_payment",
  "missing_email",
] as const satisfies readonly ErrorCode[];

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** What the answer's `data` holds; the whole answer when the endpoint has no envelope. */
  response: z.ZodType;
}

export interface EndpointOptions<S extends EndpointSchemas> {
  method: HttpMethod;
  /** Under `/api`, with `:name` parameters, exactly as the spec and docs/product/calls-and-errors.md name it. */
  path: string;
  auth: AuthKind;
  /** A money call: requires an `Idempotency-Key` header and answers a repeated request once (docs/product/money.md). */
  idempotent?: boolean;
  /**
   * The body field that stands in for a missing `Idempotency-Key` on an idempotent endpoint: the
   * spec's own card calls (docs/product/calls-and-errors.md) send no key, and their single-use provider token names the request
   * as surely (docs/decisions/0060). null: the header is required.
   */
  idempotencyKeyField?: string | null;
  /** The success status; 200 unless the endpoint creates something (201). */
  status?: 200 | 201;
  /** false: the answer is the response schema itself, not `{ data }` (OAuth's token endpoint). */
  envelope?: boolean;
  /**
   * An OAuth 2.0 endpoint (RFC 6749 §5, RFC 7009): the body may also come form-encoded, a body that
   * fails its schema answers OAuth's `invalid_request` (`unsupported_grant_type` for a grant the
   * schema does not know) instead of the API's validation codes, and no answer may be cached.
   */
  oauth?: boolean;
  /**
   * The catalogue codes the endpoint's own rules answer, beyond those its shape implies (its
   * caller, inputs and Idempotency-Key: `errorAnswersOf` in endpoint-errors.ts).
   */
  errors?: readonly ErrorCode[];
  /** OpenAPI grouping and one line on what the call does. */
  tag: string;
  summary: string;
  schemas: () => Promise<S>;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas>
  extends Required<Omit<EndpointOptions<S>, "schemas">> {
  schemas: () => Promise<S>;
}

/**
 * Declares an endpoint. Free of side effects (the annotation tells the bundler so): the SPA's
 * first download keeps only the declarations it calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<S extends EndpointSchemas>(options: EndpointOptions<S>): Endpoint<S> {
  return {
    idempotent: false,
    idempotencyKeyField: null,
    status: 200,
    envelope: true,
    oauth: false,
    errors: [],
    ...options,
  };
}

/**
 * `schemas` for the endpoints of one feature: loads the feature's schema module once and picks
 * this endpoint's schemas from it (`schemasOf(parking, (s) => ({ params: s.visitParams, … }))`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function schemasOf<M, S extends EndpointSchemas>(load: () => Promise<M>, pick: (module: M) => S) {
  return async (): Promise<S> => pick(await load());
}

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
type Input<S, K extends keyof EndpointSchemas> = S extends { [key in K]: z.ZodType } ? z.input<S[K]> : never;
type Output<S, K extends keyof EndpointSchemas> = S extends { [key in K]: z.ZodType } ? z.output<S[K]> : never;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export type EndpointParams<E> = Input<SchemasOf<E>, "params">;
export type EndpointQuery<E> = Input<SchemasOf<E>, "query">;
export type EndpointBody<E> = Input<SchemasOf<E>, "body">;
/** What a handler receives once validated. */
export type ValidParams<E> = Output<SchemasOf<E>, "params">;
export type ValidQuery<E> = Output<SchemasOf<E>, "query">;
export type ValidBody<E> = Output<SchemasOf<E>, "body">;
/** What the answer's `data` holds (the whole answer without an envelope). */
export type EndpointData<E> = Output<SchemasOf<E>, "response">;

/** The path with its parameters filled in and encoded: `/user/visit/:uuid` → `/user/visit/4f…`. */
export function endpointPath(endpoint: Pick<Endpoint, "path">, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The auth kind a path's prefix demands, so a declaration cannot put a `user/…` path in the open. */
export function authKindOfPath(path: string): AuthKind {
  if (path.startsWith("/user/") || path === "/user") return "user";
  if (path.startsWith("/admin/")) return "admin";
  if (path.startsWith("/device/")) return "device";
  return "none";
}
