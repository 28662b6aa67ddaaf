import {
  context,
  isSpanContextValid,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { LogEvent } from "kysely";

/**
 * Traces (docs/operations.md "Traces and error reports", decision 0231): off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, then every request, database statement, provider call and
 * job is a span exported over OTLP/HTTP. Spans are made at our own boundaries (the request hooks,
 * Kysely's statement log, the provider proxy, the job runner) rather than by patching modules, so
 * they work in the ESM bundle without a loader. The request id is on the request's span and the
 * trace id on every log line of it: one links the other. Nothing personal goes into a span: no
 * query parameters, no bodies, no headers, the route's pattern rather than its path.
 */

const tracer = () => trace.getTracer("estaciona");

export interface TracingSettings {
  endpoint: string;
  serviceName: string;
  role: string;
}

/** Starts the process's tracer provider; answers its shutdown (flushes what is buffered). */
export function startTracing(settings: TracingSettings): () => Promise<void> {
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.instance.role": settings.role }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  return () => provider.shutdown();
}

/**
 * The active span's ids, for the log line being written (pino's mixin); nothing outside a span.
 * A request's span has ended when its closing line is written, and still names it.
 */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** A database statement as a span that ended when Kysely logged it (its text only, never its values). */
export function traceStatement(system: "sqlite" | "postgresql") {
  return (event: LogEvent): void => {
    const endTime = Date.now();
    const span = tracer().startSpan(event.query.sql.split(/\s/, 1)[0]?.toLowerCase() ?? "query", {
      kind: SpanKind.CLIENT,
      startTime: endTime - event.queryDurationMillis,
      attributes: { "db.system.name": system, "db.query.text": event.query.sql.slice(0, 2000) },
    });
    if (event.level === "error") span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(endTime);
  };
}

/** A call to a provider (already under way) as a span that ends with its promise. */
export function traceProviderCall<T>(kind: string, provider: string, operation: string, call: Promise<T>) {
  const span = tracer().startSpan(`${kind}.${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: { "estaciona.provider.kind": kind, "estaciona.provider": provider },
  });
  return call.then(
    (answer) => {
      span.end();
      return answer;
    },
    (error: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      span.end();
      throw error;
    },
  );
}

/** A job's run as the root span of its own trace. */
export function traceJob<T>(kind: string, attempt: number, run: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    `job ${kind}`,
    { kind: SpanKind.CONSUMER, attributes: { "estaciona.job.kind": kind, "estaciona.job.attempt": attempt } },
    async (span: Span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * Each request a server span, active for its hooks and handler (the rest of the request runs in
 * the context `done` is called in), continuing the caller's trace when it sent `traceparent`.
 */
export const tracingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer().startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { "http.request.method": request.method, "estaciona.request_id": request.id },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook("onResponse", async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute("http.route", route);
    }
    span.setAttribute("http.response.status_code", reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
});
