import {
  type AuthKind,
  authKindOfPath,
  type Endpoint,
  type EndpointData,
  type ValidBody,
  type ValidParams,
  type ValidQuery,
} from "@estaciona/contracts/endpoint";
import { errorAnswersOf } from "@estaciona/contracts/endpoint-errors";
import * as declarations from "@estaciona/contracts/endpoints/index";
import { idempotencyKeyHeader, optionalIdempotencyKeyHeader } from "@estaciona/contracts/schemas/common";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ZodType, z } from "zod";
import { AppError } from "../lib/errors.ts";
import { JsonText } from "../lib/json-text.ts";
import { type IdempotencyRecord, idempotent } from "../modules/payments/idempotency.ts";

/** A request to endpoint `E`, validated: its parameters, query and body have the declared types. */
export type EndpointRequest<E> = Omit<FastifyRequest, "params" | "query" | "body"> & {
  params: ValidParams<E>;
  query: ValidQuery<E>;
  body: ValidBody<E>;
};

/**
 * The domain's answer: the `data` of the envelope, or its JSON already written (`JsonText`, not on
 * an idempotent endpoint, whose answer is kept as data). `idempotencyKey` is set on idempotent
 * endpoints; `keyRecord` only on a route registered with `claimsIdempotencyKey`.
 */
export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  idempotencyKey: string,
  keyRecord: IdempotencyRecord<EndpointData<E>> | null,
) => Promise<EndpointData<E> | JsonText<EndpointData<E>>>;

/** What only the server decides about a route. */
export interface RouteOptions {
  /**
   * A rate limit of its own, tighter than the global one; `false` for none (the health probes: a
   * load balancer probing from one address must never be answered 429).
   */
  rateLimit?: { max: number; timeWindow: number } | false;
  /**
   * An idempotent route whose handler claims its Idempotency-Key in its first write transaction
   * and keeps its answer in its last (`IdempotencyRecord`, payments/idempotency.ts) rather than
   * the key being claimed before the handler runs and the answer kept after it, in commits of
   * their own. The handler must write nothing before its claim.
   */
  claimsIdempotencyKey?: boolean;
}

const securityOf: Record<AuthKind, Record<string, string[]>[]> = {
  none: [],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  device: [{ deviceKey: [] }],
};

/** Each declaration's export name, its OpenAPI `operationId` (`saveMexicanCard`). */
const operationIds = new Map<unknown, string>(
  Object.values(declarations).flatMap((feature) => Object.entries(feature).map(([name, endpoint]) => [endpoint, name])),
);

/**
 * `{ data: … }` around an answer, one schema per answer: the same object for every app built from
 * the declarations, so its serializer is compiled once (plugins/serializer.ts).
 */
const envelopes = new WeakMap<ZodType, ZodType>();
function enveloped(response: ZodType): ZodType {
  let envelope = envelopes.get(response);
  if (!envelope) {
    envelope = z.object({ data: response });
    envelopes.set(response, envelope);
  }
  return envelope;
}
const FORM_OR_JSON = ["application/json", "application/x-www-form-urlencoded"];
/** OAuth endpoints validate their own body (`oauthBody`), so Fastify passes it through untouched. */
const acceptAsSent = () => (value: unknown) => ({ value });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An OAuth endpoint's body, parsed with its schema; a failure answers RFC 6749 §5.2's codes:
 * `unsupported_grant_type` for a named grant the schema does not know, else `invalid_request`.
 */
function oauthBody(schema: ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(isRecord(body) ? body : {});
  if (parsed.success) return parsed.data;
  const grant = isRecord(body) ? body.grant_type : undefined;
  const unknownGrant =
    typeof grant === "string" &&
    grant !== "" &&
    parsed.error.issues.some((issue) => issue.code === "invalid_union" && issue.path[0] === "grant_type");
  throw new AppError(unknownGrant ? "unsupported_grant_type" : "invalid_request", { detail: parsed.error.message });
}

/**
 * Registers endpoint `E` from its declaration in `@estaciona/contracts/endpoints`: the route, its
 * validation, the `{ data }` answer with the declared status, OpenAPI, and the `Idempotency-Key`
 * rule. Authentication follows from the path for every route (plugins/authenticate.ts, before any
 * validation); a declaration whose auth kind contradicts its path is refused here at start.
 * The handler only calls the domain.
 */
export async function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
) {
  const name = `${endpoint.method} ${endpoint.path}`;
  const expected = authKindOfPath(endpoint.path);
  if (endpoint.auth !== expected) throw new Error(`${name}: a ${expected} path declared with auth "${endpoint.auth}"`);
  // The stored answer of an idempotent call belongs to a signed-in caller (idempotency.ts).
  if (endpoint.idempotent && endpoint.auth !== "user" && endpoint.auth !== "admin")
    throw new Error(`${name}: an idempotent endpoint needs a signed-in caller`);
  if (options.claimsIdempotencyKey && !endpoint.idempotent)
    throw new Error(`${name}: only an idempotent endpoint has a key to claim`);
  const operationId = operationIds.get(endpoint);
  if (!operationId) throw new Error(`${name}: not exported from @estaciona/contracts/endpoints/index`);
  const schemas = await endpoint.schemas();
  const errorAnswers = errorAnswersOf(endpoint, {
    params: schemas.params !== undefined,
    query: schemas.query !== undefined,
    body: schemas.body !== undefined,
  });
  const answer = endpoint.envelope ? enveloped(schemas.response) : schemas.response;
  const bodyOf = (data: EndpointData<E>) => (endpoint.envelope ? { data } : data);

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { errorAnswers, ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}) },
    ...(endpoint.oauth ? { validatorCompiler: acceptAsSent } : {}),
    schema: {
      operationId,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      security: securityOf[endpoint.auth],
      ...(endpoint.oauth ? { consumes: FORM_OR_JSON } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      ...(endpoint.idempotent
        ? { headers: endpoint.idempotencyKeyField ? optionalIdempotencyKeyHeader : idempotencyKeyHeader }
        : {}),
      response: { [endpoint.status]: answer },
    },
    handler: async (request, reply) => {
      const typed = request as unknown as EndpointRequest<E>;
      reply.code(endpoint.status);
      if (endpoint.oauth) {
        // RFC 6749 §5.1: answers that carry tokens must not be stored, errors included.
        reply.header("cache-control", "no-store").header("pragma", "no-cache");
        if (schemas.body) typed.body = oauthBody(schemas.body, request.body) as ValidBody<E>;
      }
      if (!endpoint.idempotent) {
        const data = await handler(typed, reply, "", null);
        if (!(data instanceof JsonText)) return bodyOf(data);
        // Sent as written: a string with a JSON content type skips the serializer.
        reply.type("application/json; charset=utf-8");
        return endpoint.envelope ? `{"data":${data.text}}` : data.text;
      }
      return idempotent(
        app.db,
        request,
        reply,
        {
          keyField: endpoint.idempotencyKeyField,
          claimsKey: options.claimsIdempotencyKey === true,
          answerOf: (data: EndpointData<E>) => ({ status: endpoint.status, body: bodyOf(data) }),
        },
        async (record) => {
          const data = await handler(typed, reply, record.key, options.claimsIdempotencyKey ? record : null);
          if (data instanceof JsonText) throw new Error(`${name}: an idempotent answer is kept as data, not as text`);
          return data;
        },
      );
    },
  });
}
