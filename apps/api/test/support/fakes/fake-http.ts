import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The base of the providers' fake servers: a real node:http server on 127.0.0.1 (a random port)
 * that records every request it got, so tests can check headers, auth and body encoding as the
 * adapters really send them over the wire.
 */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/orders?search=pay_1`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  /** What the fake answered (status, content type and body), for the contract checks (test/contract). */
  answer?: { status: number; contentType: string; body: string };
}

/**
 * The adapters' timeout against a fake: long enough that a loaded CI machine answers the first
 * request in time (300 ms failed there), short enough that the "charge then hang" cases stay quick.
 */
export const FAKE_PROVIDER_TIMEOUT_MS = 2_000;

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const parsed = new URL(incoming.url ?? "/", "http://fake");
      const recorded: RecordedRequest = {
        method: incoming.method ?? "GET",
        url: incoming.url ?? "/",
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      // writeHead's headers are not readable back (getHeader): its content type is kept as it passes.
      let contentType = "";
      const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
      response.writeHead = ((...args: unknown[]) => {
        const headers = args.find((arg): arg is Record<string, unknown> => !!arg && typeof arg === "object");
        contentType = String(headers?.["content-type"] ?? "");
        return writeHead(...args);
      }) as ServerResponse["writeHead"];
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        const [chunk] = args;
        recorded.answer = {
          status: response.statusCode,
          contentType: contentType || String(response.getHeader("content-type") ?? ""),
          body: typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "",
        };
        return end(...args);
      }) as ServerResponse["end"];
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hung requests ("charge then hang") keep sockets open: cut them so close() can finish.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, contentType = "application/json") {
  response.writeHead(status, { "content-type": contentType });
  response.end(JSON.stringify(body));
}

export function sendText(response: ServerResponse, status: number, body: string, contentType = "text/plain") {
  response.writeHead(status, { "content-type": contentType });
  response.end(body);
}

/** "Charge then hang": the provider committed, then never answered (the adapter's timeout fires). */
export function hang(_response: ServerResponse): void {}
