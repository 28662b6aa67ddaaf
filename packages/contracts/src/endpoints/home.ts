import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The driver's home: what the host offers near the driver (docs/decisions/0170). */

const home = () => import("../schemas/home.ts");
const tag = "home";

export const getHomeOffers = defineEndpoint({
  method: "GET",
  path: "/open/home",
  auth: "none",
  tag,
  summary:
    "The host's products for the home, nearest the given position (else the host's map centre): lots with the next hour's all-in price and places left, meter zones, upcoming events, passes for sale, valet stands",
  schemas: schemasOf(home, (s) => ({ query: s.homeQuery, response: s.homeOffers })),
});

export const listHostEvents = defineEndpoint({
  method: "GET",
  path: "/open/events",
  auth: "none",
  tag,
  summary: "Every upcoming event at the requesting host's venues, soonest first (the events list)",
  schemas: schemasOf(home, (s) => ({ response: s.hostEventList })),
});
