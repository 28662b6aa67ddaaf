import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The sandbox outbox (docs/product/invoicing-account-contact.md): what the sandbox providers "sent"; absent in production. */

const sandbox = () => import("../schemas/sandbox.ts");

export const listOutbox = defineEndpoint({
  method: "GET",
  path: "/sandbox/outbox",
  auth: "none",
  tag: "sandbox",
  summary: "Messages the sandbox providers kept, newest first (demo only; absent in production)",
  schemas: schemasOf(sandbox, (s) => ({ query: s.outboxQuery, response: s.outboxMessages })),
});
