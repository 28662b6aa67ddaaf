import * as endpoints from "@estaciona/contracts/endpoints/webhooks";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../plugins/endpoints.ts";
import { receiveWebhook } from "./service.ts";

/**
 * `POST /api/open/webhooks/:provider`. Signatures are computed over the exact bytes the provider
 * sent, so this module parses JSON and forms itself and keeps the raw body (its own parser, encapsulated:
 * the rest of the API keeps plugins/json-body.ts). Outside the per-IP cap: a provider delivers
 * from few addresses, in bursts.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, JSON.parse(utf8.decode(raw)));
    } catch (error) {
      done(new AppError("malformed_request_invalid_json", { detail: "webhook body is not JSON", cause: error }));
    }
  });
  // Twilio's status callbacks are form fields (docs/decisions/0244), signed over them: kept raw too.
  app.removeContentTypeParser("application/x-www-form-urlencoded");
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "buffer" }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    done(null, Object.fromEntries(new URLSearchParams(raw.toString("utf8"))));
  });

  await route(
    app,
    endpoints.receiveWebhook,
    (request) =>
      receiveWebhook(
        { db: app.db, log: request.log, keys: app.config.payments.webhooks },
        {
          provider: request.params.provider,
          raw: rawBodies.get(request as unknown as FastifyRequest) ?? Buffer.alloc(0),
          headers: request.headers,
          body: request.body,
        },
      ),
    { rateLimit: false },
  );
};
