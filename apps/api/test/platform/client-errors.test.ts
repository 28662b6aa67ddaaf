import { connect } from "node:net";
import { translate } from "@estaciona/i18n";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";

/**
 * Requests Node's HTTP parser refuses before any route runs (docs/product/calls-and-errors.md): they answer our
 * `{ error, error_description }` too, in the default language, never Fastify's own shape.
 */

const app = await createTestApp();
await app.listen({ port: 0, host: "127.0.0.1" });
afterAll(async () => app.close());
const { port } = app.server.address() as { port: number };

/** Sends raw bytes and answers the status and the parsed body of the reply. */
function sendRaw(request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const reply = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = reply.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: JSON.parse(body) });
    });
  });
}

describe(`requests the HTTP parser refuses (${testEngine})`, () => {
  it("a request line or headers over the size limit: 431 invalid_data, in Spanish", async () => {
    const longUrl = `/api/user/visits?${"status=past&".repeat(3000)}`;
    expect(await sendRaw(`GET ${longUrl} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).toEqual({
      status: 431,
      body: { error: "invalid_data", error_description: translate("es", "errors.api_request_head_too_large") },
    });
    expect(
      await sendRaw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"x".repeat(20_000)}\r\n\r\n`),
    ).toMatchObject({ status: 431, body: { error: "invalid_data" } });
  });

  it("a malformed request: 400 invalid_data", async () => {
    for (const request of ["NOT A REQUEST\r\n\r\n", "GET /api/health HTTP/1.1\r\nHost localhost\r\n\r\n"])
      expect(await sendRaw(request)).toEqual({
        status: 400,
        body: { error: "invalid_data", error_description: translate("es", "errors.api_invalid_data") },
      });
  });
});
