import { CARD_CHARGE_ERRORS, defineEndpoint, schemasOf } from "../endpoint.ts";

/** Locations and visits (docs/product/parking.md). */

const parking = () => import("../schemas/parking.ts");
const tag = "parking";

export const getLocation = defineEndpoint({
  method: "GET",
  path: "/open/location/:uuid",
  auth: "none",
  tag,
  summary: "A location's public page: address, tariff and the first period's all-in price",
  schemas: schemasOf(parking, (s) => ({ params: s.locationParams, response: s.location })),
});

export const listLocations = defineEndpoint({
  method: "GET",
  path: "/open/locations",
  auth: "none",
  tag,
  summary: "Every active location, for the map",
  schemas: schemasOf(parking, (s) => ({ response: s.locationList })),
});

export const startVisit = defineEndpoint({
  method: "POST",
  path: "/user/visit",
  auth: "user",
  status: 201,
  errors: [
    "invalid_location_type",
    "location_email_blocked",
    "location_not_available",
    "object_not_found",
    "vehicle_not_found",
    "vehicle_with_active_visit",
  ],
  tag,
  summary: "Start a stay at a location with one of the driver's vehicles (in_progress, entered now)",
  schemas: schemasOf(parking, (s) => ({ body: s.startVisitBody, response: s.visitDetail })),
});

export const listVisits = defineEndpoint({
  method: "GET",
  path: "/user/visits",
  auth: "user",
  tag,
  summary: "The driver's visits, newest first: active (open) or past (finished)",
  schemas: schemasOf(parking, (s) => ({ query: s.visitListQuery, response: s.visitPage })),
});

export const getVisit = defineEndpoint({
  method: "GET",
  path: "/user/visit/:uuid",
  auth: "user",
  tag,
  summary: "A visit: location, vehicle, times, live price while open, payments and receipt",
  schemas: schemasOf(parking, (s) => ({ params: s.visitParams, response: s.visitDetail })),
});

export const quoteVisit = defineEndpoint({
  method: "GET",
  path: "/user/visit/:uuid/quote",
  auth: "user",
  errors: ["visit_already_paid"],
  tag,
  summary: "What paying the visit would charge now, with fees and tax",
  schemas: schemasOf(parking, (s) => ({ params: s.visitParams, response: s.visitQuote })),
});

export const payVisit = defineEndpoint({
  method: "POST",
  path: "/user/visit/:uuid/pay",
  auth: "user",
  idempotent: true,
  errors: [...CARD_CHARGE_ERRORS, "invalid_visit_amount", "visit_already_paid"],
  tag,
  summary: "Pay the visit now (also /checkout/{uuid}): charges the fee and leaves an exit window",
  schemas: schemasOf(parking, (s) => ({ params: s.visitParams, body: s.payVisitBody, response: s.payVisitAnswer })),
});

export const getParkingDashboard = defineEndpoint({
  method: "GET",
  path: "/user/dashboard",
  auth: "user",
  tag,
  summary: "The home screen: the open visit with its live price, and the latest visits",
  schemas: schemasOf(parking, (s) => ({ response: s.parkingDashboard })),
});
