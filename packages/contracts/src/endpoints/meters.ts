import { CARD_CHARGE_ERRORS, defineEndpoint, schemasOf } from "../endpoint.ts";

/** On-street parking meters (docs/product/parking.md): zones, the map, sessions, extensions and the officer's check. */

const meters = () => import("../schemas/meters.ts");
const tag = "meters";

export const listMeterZones = defineEndpoint({
  method: "GET",
  path: "/open/meters",
  auth: "none",
  tag,
  summary: "The meter zones inside the map's bounding box, nearest its centre first",
  schemas: schemasOf(meters, (s) => ({ query: s.meterZonesQuery, response: s.meterZoneList })),
});

export const findMeterZoneByCode = defineEndpoint({
  method: "GET",
  path: "/open/meters/code/:code",
  auth: "none",
  tag,
  summary: "The zone whose sign carries this code",
  schemas: schemasOf(meters, (s) => ({ params: s.meterZoneCodeParams, response: s.meterZone })),
});

export const getMeterZone = defineEndpoint({
  method: "GET",
  path: "/open/meter/:uuid",
  auth: "none",
  tag,
  summary: "A zone's page: rate, fees, minimum and maximum stay, operating hours on its clock",
  schemas: schemasOf(meters, (s) => ({ params: s.meterZoneParams, response: s.meterZone })),
});

export const getMeterMap = defineEndpoint({
  method: "GET",
  path: "/open/meter-map",
  auth: "none",
  tag,
  summary: "The map's street style (MAP_STYLE_URL) and our own offline style, drawn when it does not load",
  schemas: schemasOf(meters, (s) => ({ response: s.meterMap })),
});

export const startMeterSession = defineEndpoint({
  method: "POST",
  path: "/user/meter-session",
  auth: "user",
  idempotent: true,
  status: 201,
  errors: [
    ...CARD_CHARGE_ERRORS,
    "invalid_visit_amount",
    "location_not_available",
    "object_not_found",
    "vehicle_not_found",
  ],
  tag,
  summary: "Pay for time in a zone (a running session of the same vehicle there is extended)",
  schemas: schemasOf(meters, (s) => ({ body: s.startMeterSessionBody, response: s.meterPurchaseAnswer })),
});

export const extendMeterSession = defineEndpoint({
  method: "POST",
  path: "/user/meter-session/:uuid/extend",
  auth: "user",
  idempotent: true,
  errors: [...CARD_CHARGE_ERRORS, "location_not_available"],
  tag,
  summary: "Add time to a running session, up to the zone's maximum stay; pays only the added time",
  schemas: schemasOf(meters, (s) => ({
    params: s.meterSessionParams,
    body: s.extendMeterSessionBody,
    response: s.meterPurchaseAnswer,
  })),
});

export const getMeterSession = defineEndpoint({
  method: "GET",
  path: "/user/meter-session/:uuid",
  auth: "user",
  tag,
  summary: "One of the driver's meter sessions, with its purchases",
  schemas: schemasOf(meters, (s) => ({ params: s.meterSessionParams, response: s.meterSession })),
});

export const listMeterSessions = defineEndpoint({
  method: "GET",
  path: "/user/meter-sessions",
  auth: "user",
  tag,
  summary: "The driver's meter sessions: active (paid until later than now) or past, newest first",
  schemas: schemasOf(meters, (s) => ({ query: s.meterSessionListQuery, response: s.meterSessionList })),
});

export const listOperatorMeterZones = defineEndpoint({
  method: "GET",
  path: "/admin/meters",
  auth: "admin",
  errors: ["object_not_found"],
  tag,
  summary: "The organisation's meter zones, found by sign code or location, in code order (keyset pages)",
  schemas: schemasOf(meters, (s) => ({ query: s.adminMeterZoneListQuery, response: s.adminMeterZonePage })),
});

export const getOperatorMeterZone = defineEndpoint({
  method: "GET",
  path: "/admin/meter/:uuid",
  auth: "admin",
  tag,
  summary: "One of the organisation's meter zones with its device id, for the console's editor",
  schemas: schemasOf(meters, (s) => ({ params: s.meterZoneParams, response: s.adminMeterZone })),
});

export const createMeterZone = defineEndpoint({
  method: "POST",
  path: "/admin/meter",
  auth: "admin",
  status: 201,
  errors: [
    "device_id_already_exists",
    "invalid_location_type",
    "location_already_has_a_parking_meter",
    "object_not_found",
  ],
  tag,
  summary: "Make a meter location a zone: sign code, area, hourly rate, stays, hours and meter device id",
  schemas: schemasOf(meters, (s) => ({ body: s.createMeterZoneBody, response: s.meterZone })),
});

export const updateMeterZone = defineEndpoint({
  method: "PUT",
  path: "/admin/meter/:uuid",
  auth: "admin",
  tag,
  summary: "Change a zone's code, area, rate, stays, hours or device id",
  schemas: schemasOf(meters, (s) => ({ params: s.meterZoneParams, body: s.meterZoneBody, response: s.meterZone })),
});

export const checkMeterPlate = defineEndpoint({
  method: "POST",
  path: "/device/meter/check",
  auth: "device",
  errors: ["forbidden_access", "object_not_found"],
  tag,
  summary: "Enforcement: whether a plate is paid in the zone and until when (no personal data)",
  schemas: schemasOf(meters, (s) => ({ body: s.meterCheckBody, response: s.meterCheck })),
});

const reminders = () => import("../schemas/reminders.ts");

/**
 * A reminder's extend link, opened without signing in (docs/product/reminders.md): reading it
 * never charges (link previewers open links). A forged token is `object_not_found`, an expired,
 * revoked or used one `invalid_code`.
 */
export const getExtendLink = defineEndpoint({
  method: "GET",
  path: "/open/meter-extend/:token",
  auth: "none",
  errors: ["invalid_code"],
  tag,
  summary: "The extend screen of a reminder's link: the session, its zone, the bound card and the time allowed",
  schemas: schemasOf(reminders, (s) => ({ params: s.extendLinkParams, response: s.extendLinkView })),
});

export const confirmExtendLink = defineEndpoint({
  method: "POST",
  path: "/open/meter-extend/:token",
  auth: "none",
  errors: [...CARD_CHARGE_ERRORS, "invalid_code", "forbidden_access", "invalid_visit_amount", "location_not_available"],
  tag,
  summary: "The confirm tap: one extension with the link's card; the link is then used",
  schemas: schemasOf(reminders, (s) => ({
    params: s.extendLinkParams,
    body: s.confirmExtendLinkBody,
    response: s.meterPurchaseAnswer,
  })),
});
