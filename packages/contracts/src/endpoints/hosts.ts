import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The white-label host (docs/product/hosts-and-themes.md). */

const host = () => import("../schemas/host.ts");

export const getHost = defineEndpoint({
  method: "GET",
  path: "/open/host",
  auth: "none",
  tag: "hosts",
  summary: "The requesting host's public configuration (theme, country, login text, map options, client id)",
  schemas: schemasOf(host, (s) => ({ response: s.hostConfig })),
});
