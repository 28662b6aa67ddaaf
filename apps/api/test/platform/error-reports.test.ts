import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startErrorReports } from "../../src/plugins/error-reports.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/**
 * Server error reports (docs/operations.md "Traces and error reports"): a local stand-in for the
 * reporting service's ingest endpoint receives the envelope the SDK sends, as the real one would.
 */
describe(`server error reports (${testEngine})`, () => {
  const envelopes: string[] = [];
  let ingest: Server;
  let app: TestApp;
  let flushReports: () => Promise<void>;

  beforeAll(async () => {
    ingest = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        envelopes.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
        response.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
    const { port } = ingest.address() as { port: number };
    flushReports = startErrorReports(`http://public@127.0.0.1:${port}/7`, "api");
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    ingest.close();
  });

  it("sends an unexpected failure with its request id and nothing about the request or the driver", async () => {
    const driver = await createSignedInUser(app);
    // A failure no catalogue code describes, inside a real signed-in route.
    const select = app.db.selectFrom.bind(app.db);
    app.db.selectFrom = (() => {
      throw new TypeError("reports: an unexpected failure");
    }) as typeof app.db.selectFrom;
    const failed = await app.inject({
      method: "GET",
      url: "/api/user/vehicles?secret_query=abc",
      headers: { ...driver.headers, cookie: "session=cookie-secret" },
    });
    app.db.selectFrom = select;
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe("server_error");
    await flushReports();

    const sent = envelopes.join("\n");
    expect(sent).toContain("reports: an unexpected failure");
    expect(sent).toContain(String(failed.headers["x-request-id"]));
    for (const personal of [driver.user.phone, driver.user.id, driver.accessToken, "cookie-secret", "secret_query"])
      expect(sent).not.toContain(personal);

    const answered = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: driver.headers });
    expect(answered.statusCode).toBe(200);
    await flushReports();
    expect(envelopes.join("\n")).toBe(sent);
  });
});
