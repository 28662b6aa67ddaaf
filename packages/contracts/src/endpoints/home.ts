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

export const listYourPlaces = defineEndpoint({
  method: "GET",
  path: "/user/places",
  auth: "user",
  tag,
  summary:
    "The driver's starred lots and meter zones, then the last places they paid to park in with the vehicle used, on the requesting host",
  schemas: schemasOf(home, (s) => ({ response: s.yourPlaces })),
});

export const starPlace = defineEndpoint({
  method: "PUT",
  path: "/user/favourite/:uuid",
  auth: "user",
  errors: ["object_not_found"],
  tag,
  summary: "Star a lot or a meter zone the requesting host offers (starring it again changes nothing)",
  schemas: schemasOf(home, (s) => ({ params: s.placeParams, response: s.noData })),
});

export const unstarPlace = defineEndpoint({
  method: "DELETE",
  path: "/user/favourite/:uuid",
  auth: "user",
  errors: ["object_not_found"],
  tag,
  summary: "Unstar a place (unstarring one not starred changes nothing; an id that is no place is object_not_found)",
  schemas: schemasOf(home, (s) => ({ params: s.placeParams, response: s.noData })),
});
