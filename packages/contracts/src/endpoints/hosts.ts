import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** White-label hosts (DESIGN §3). */

export const getHost = defineEndpoint({
  method: "GET",
  path: "/open/host",
  auth: "none",
  tag: "hosts",
  summary: "The requesting host's public configuration (theme, country, login text, map options, client id)",
  schemas: schemasOf(
    () => import("../schemas/host.ts"),
    (s) => ({ response: s.hostConfig }),
  ),
});
