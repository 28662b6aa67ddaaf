import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { enqueue } from "../../src/modules/jobs/queue.ts";
import { startTracing } from "../../src/plugins/tracing.ts";
import { openTestDatabase, type TestApp, testConfig, testEngine, testPhone } from "../support/helpers.ts";

/**
 * Traces over OTLP/HTTP (docs/operations.md "Traces and error reports"): a collector on this
 * machine receives what the exporter sends, as a real one would, and the spans are read from it.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const attribute = (span: OtlpSpan, key: string): unknown => {
  const found = span.attributes.find((entry) => entry.key === key);
  return found && Object.values(found.value)[0];
};

describe(`traces (${testEngine})`, () => {
  const received: OtlpSpan[] = [];
  const bodies: string[] = [];
  let collector: Server;
  let app: TestApp;
  let stopTracing: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    collector = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        bodies.push(body);
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    const { port } = collector.address() as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    stopTracing = startTracing({ endpoint, serviceName: "estaciona-test", role: "all" });
    const database = await openTestDatabase({ traceStatements: true });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
      database,
      logger: { level: "info", stream },
    });
    app.addHook("onClose", async () => database.close());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    collector.close();
  });

  it("exports each request with its statements, provider calls and jobs, linked to the request id and the log, with nothing personal", async () => {
    const phone = testPhone();
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const sent = await app.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    });
    expect(sent.statusCode).toBe(200);
    const code = String(sent.json().data);
    const ran: string[] = [];
    app.jobs.register("test.traced", async () => {
      await app.db.selectFrom("users").select("id").limit(1).execute();
      ran.push("test.traced");
    });
    await enqueue(app.db, "test.traced", {});
    await app.jobs.runDueJobs();
    expect(ran).toEqual(["test.traced"]);
    const refused = await app.inject({ method: "GET", url: "/api/user/view" });
    expect(refused.statusCode).toBe(401);
    await stopTracing();

    const request = received.find((span) => span.name === "POST /api/open/user");
    expect(request, JSON.stringify(received.map((span) => span.name))).toBeDefined();
    if (!request) return;
    expect(request.traceId).toBe(callerTrace);
    expect(attribute(request, "estaciona.request_id")).toBe(sent.headers["x-request-id"]);
    expect(attribute(request, "http.response.status_code")).toBe(200);
    const statements = received.filter(
      (span) => span.traceId === request.traceId && attribute(span, "db.query.text") !== undefined,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => span.parentSpanId !== undefined)).toBe(true);
    expect(received.find((span) => span.name === "GET /api/user/view")).toMatchObject({});
    const job = received.find((span) => attribute(span, "estaciona.job.kind") === "test.traced");
    expect(job?.parentSpanId).toBeFalsy();
    expect(received.some((span) => span.traceId === job?.traceId && attribute(span, "db.query.text"))).toBe(true);
    expect(received.some((span) => attribute(span, "estaciona.provider.kind") === "sms")).toBe(true);

    const exported = bodies.join("\n");
    // As a value of its own: six digits turn up by chance inside the export's hex ids and nanosecond times.
    const standingAlone = (digits: string) => new RegExp(`(?<![0-9a-fA-F])\\+?${digits}(?![0-9a-fA-F])`);
    expect(exported).not.toMatch(standingAlone(phone.slice(1)));
    expect(exported).not.toMatch(standingAlone(code));
    const requestLines = lines.filter((line) => line.includes(String(sent.headers["x-request-id"])));
    expect(requestLines.length).toBeGreaterThan(0);
    // Fastify writes "incoming request" before any hook, so before the span; the later lines name it.
    expect(requestLines.some((line) => line.includes(`"trace_id":"${callerTrace}"`))).toBe(true);
  });
});
