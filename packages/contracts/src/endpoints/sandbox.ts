import { defineEndpoint, schemasOf } from "../endpoint.ts";

/**
 * The sandbox outbox (DESIGN §9): registered only while the e-mail provider is the sandbox and
 * never in production; real messages are not readable through the API.
 */
export const listOutbox = defineEndpoint({
  method: "GET",
  path: "/sandbox/outbox",
  auth: "none",
  tag: "sandbox",
  summary: "Messages the sandbox providers kept, newest first (demo only; absent in production)",
  schemas: schemasOf(
    () => import("../schemas/sandbox.ts"),
    (s) => ({ query: s.outboxQuery, response: s.outboxMessages }),
  ),
});
