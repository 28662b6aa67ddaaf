import { randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Config } from "./config.ts";
import { type DatabaseHandle, type Db, type Engine, openDatabase } from "./db/database.ts";
import { ensureDatabaseReady } from "./db/prepare.ts";
import { tooManyRequests } from "./lib/errors.ts";
import { keyring } from "./lib/keyring.ts";
import { type AccessTokens, createAccessTokens } from "./modules/auth/access-token.ts";
import { createJobRunner, type JobRunner } from "./modules/jobs/worker.ts";
import { gatewayOrigins } from "./modules/payments/card-form.ts";
import { sandboxReferencePages } from "./modules/payments/references/sandbox-pages.ts";
import { sandboxPages } from "./modules/payments/sandbox/pages.ts";
import { authenticatePlugin } from "./plugins/authenticate.ts";
import { contentSecurityDirectives } from "./plugins/content-security-policy.ts";
import { answerClientError, answerFrameworkError, errorsPlugin } from "./plugins/errors.ts";
import { jsonBodyPlugin } from "./plugins/json-body.ts";
import { logRedaction, logSerializers } from "./plugins/log-redaction.ts";
import { createMetrics, metricsPlugin } from "./plugins/metrics.ts";
import { openApiPlugin } from "./plugins/openapi.ts";
import { instrumentProviders } from "./plugins/provider-calls.ts";
import { serializerCompiler } from "./plugins/serializer.ts";
import { traceIds, tracingPlugin } from "./plugins/tracing.ts";
import { webPlugin } from "./plugins/web.ts";
import { createProviders, type Providers } from "./providers.ts";
import { apiRoutes } from "./routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbEngine: Engine;
    accessTokens: AccessTokens;
    providers: Providers;
    /** The job queue's worker: handlers are registered by features; started unless PROCESS_ROLE=api. */
    jobs: JobRunner;
    /** Shared state across instances when REDIS_URL is set (rate limits, readiness). */
    redis: Redis | null;
    /** True once the process is stopping: readiness answers 503 so the load balancer drains it. */
    draining: boolean;
  }
}

export interface AppOptions {
  config: Config;
  /** An open database (tests pass their own); otherwise the configured one is opened and closed with the app. */
  database?: DatabaseHandle;
  /** Replace providers (tests pass fakes of the outside world, never of our own code). */
  providers?: Partial<Providers>;
  logger?: FastifyServerOptions["logger"];
}

/** The whole API as one Fastify instance: plugins, then one route plugin per resource under /api. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    // Tests may silence the log (false) or send it to a stream; the redaction always applies.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === "object" ? options.logger : {}),
            redact: logRedaction,
            serializers: logSerializers,
            // With tracing on, every line names its trace: the request id on the span links back.
            ...(config.tracing ? { mixin: traceIds } : {}),
          },
    // Request ids: the proxy's X-Request-Id when it looks like one, else a new UUID; logged as reqId
    // on every line of the request and answered in X-Request-Id, so one request is followed across instances.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: trustedProxies(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? openDatabase({ ...config.database, traceStatements: Boolean(config.tracing) });
  app.addHook("onClose", async () => {
    if (!options.database) await database.close();
  });
  await ensureDatabaseReady(database, config);

  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("dbEngine", database.engine);
  app.decorate("accessTokens", createAccessTokens(keyring(config, "access-token")));
  const jobs = createJobRunner({ db: database.db, log: app.log });
  app.decorate(
    "metrics",
    createMetrics(database.db, () => (config.role === "api" ? undefined : jobs)),
  );
  // Calls to the outside world are measured here, at the one boundary every provider passes (tests' fakes included).
  app.decorate(
    "providers",
    instrumentProviders(
      { ...createProviders(config, database.db, app.log), ...options.providers },
      app.metrics.providerCalls,
    ),
  );
  app.decorate("jobs", jobs);
  if (config.role !== "api") app.addHook("onReady", async () => app.jobs.start());
  // Redis down must not slow every request: commands fail at once instead of waiting in a queue for
  // a reconnection (the rate limit then lets requests through; sign-in caps live in the database).
  // The log says so once when it goes and once when it comes back, not at every retry.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) {
    let reachable = true;
    redis.on("error", (error) => {
      if (reachable) app.log.error({ err: error }, "redis unreachable: rate limits are per instance until it returns");
      reachable = false;
    });
    redis.on("ready", () => {
      if (!reachable) app.log.info("redis reachable again");
      reachable = true;
    });
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
    // The first requests should already share the limits: wait briefly for the connection, never for long.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  app.decorate("redis", redis);
  app.decorate("draining", false);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // preClose: the worker finishes the job in hand before the database closes.
  app.addHook("preClose", async () => app.jobs.stop());
  // The card form's scripts and frames come from the configured gateways only (PCI-2); the sandbox is 'self'.
  const paymentOrigins = gatewayOrigins(app.providers.payments);

  // First, so every later hook and the handler run inside the request's span.
  if (config.tracing) await app.register(tracingPlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: contentSecurityDirectives(config, paymentOrigins),
    },
    hsts: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  await app.register(jsonBodyPlugin);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: true,
    max: config.limits.apiPerIpPerMinute,
    timeWindow: 60_000,
    // Redis down: requests pass on this limit (logged) rather than failing; sign-in sends keep their own caps.
    ...(app.redis ? { redis: app.redis, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin);
  await app.register(apiRoutes, { prefix: "/api" });
  // The sandbox's hosted pages exist only while some gateway slot is the sandbox.
  if (Object.values(app.providers.payments).some((gateway) => gateway.name === "sandbox")) {
    await app.register(sandboxPages);
    await app.register(sandboxReferencePages);
  }
  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * TRUST_PROXY as Fastify takes it (docs/decisions/0013). A hop count trusts the N nearest hops,
 * whatever their address (proxy-addr asks about hop 0, the connection, first); Fastify's own
 * number option trusts none at all, so the count is given as a function.
 */
function trustedProxies(setting: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}
