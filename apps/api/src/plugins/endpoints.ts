import {
  authKindOfPath,
  type Endpoint,
  type EndpointData,
  type ValidBody,
  type ValidParams,
  type ValidQuery,
} from "@estaciona/contracts/endpoint";
import { idempotencyKeyHeader } from "@estaciona/contracts/schemas/common";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { idempotent } from "../modules/payments/idempotency.ts";

/** A request to endpoint `E`, validated: its parameters, query and body have the declared types. */
export type EndpointRequest<E> = Omit<FastifyRequest, "params" | "query" | "body"> & {
  params: ValidParams<E>;
  query: ValidQuery<E>;
  body: ValidBody<E>;
};

/** The domain's answer: the `data` of the envelope. `idempotencyKey` is set on idempotent endpoints. */
export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  idempotencyKey: string,
) => Promise<EndpointData<E>>;

/**
 * Registers endpoint `E` from its declaration in `@estaciona/contracts/endpoints`: the route, its
 * validation, the `{ data }` answer with the declared status, OpenAPI, and the `Idempotency-Key`
 * rule. Authentication follows from the path for every route (plugins/authenticate.ts, before any
 * validation); a declaration whose auth kind contradicts its path is refused here at start.
 * The handler only calls the domain.
 */
export async function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>) {
  const expected = authKindOfPath(endpoint.path);
  if (endpoint.auth !== expected)
    throw new Error(`${endpoint.method} ${endpoint.path}: a ${expected} path declared with auth "${endpoint.auth}"`);
  const schemas = await endpoint.schemas();
  const answer = endpoint.envelope ? z.object({ data: schemas.response }) : schemas.response;
  const send = async (request: EndpointRequest<E>, reply: FastifyReply, key: string) => {
    const data = await handler(request, reply, key);
    return endpoint.envelope ? { data } : data;
  };

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyKeyHeader } : {}),
      response: { [endpoint.status]: answer },
    },
    handler: async (request, reply) => {
      const typed = request as unknown as EndpointRequest<E>;
      reply.code(endpoint.status);
      if (!endpoint.idempotent) return send(typed, reply, "");
      return idempotent(app.db, request, reply, async (key) => ({
        status: endpoint.status,
        body: await send(typed, reply, key),
      }));
    },
  });
}
