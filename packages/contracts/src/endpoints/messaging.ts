import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The sandbox outbox (DESIGN §9): what the sandbox providers "sent"; absent in production. */

const messaging = () => import("../schemas/messaging.ts");

export const outbox = defineEndpoint({
  method: "GET",
  path: "/sandbox/outbox",
  auth: "none",
  tag: "sandbox",
  summary: "Messages the sandbox providers kept, newest first (demo only; absent in production)",
  schemas: schemasOf(messaging, (s) => ({ query: s.outboxQuery, response: s.outboxList })),
});
