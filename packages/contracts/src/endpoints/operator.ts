import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The operator console (docs/product/operators.md): every call scoped to the caller's organisation and locations. */

const operator = () => import("../schemas/operator.ts");
const tag = "operator";

export const getOperatorProfile = defineEndpoint({
  method: "GET",
  path: "/admin/me",
  auth: "admin",
  tag,
  summary: "Who the caller is in the console: organisation, platform role, the locations they may see",
  schemas: schemasOf(operator, (s) => ({ response: s.operatorProfile })),
});

export const getToday = defineEndpoint({
  method: "GET",
  path: "/admin/today",
  auth: "admin",
  tag,
  summary:
    "Today: occupancy and open stays per location, revenue by day and product and by rail, failed and pending payments",
  schemas: schemasOf(operator, (s) => ({ query: s.todayQuery, response: s.todayReport })),
});

export const listOperatorLocations = defineEndpoint({
  method: "GET",
  path: "/admin/locations",
  auth: "admin",
  tag,
  summary: "The organisation's locations the caller may see",
  schemas: schemasOf(operator, (s) => ({ response: s.operatorLocationList })),
});

export const createLocation = defineEndpoint({
  method: "POST",
  path: "/admin/location",
  auth: "admin",
  status: 201,
  tag,
  summary: "Open a location with its tariff, fees and rules",
  schemas: schemasOf(operator, (s) => ({ body: s.locationBody, response: s.operatorLocation })),
});

export const getOperatorLocation = defineEndpoint({
  method: "GET",
  path: "/admin/location/:uuid",
  auth: "admin",
  tag,
  summary: "One of the organisation's locations",
  schemas: schemasOf(operator, (s) => ({ params: s.locationParams, response: s.operatorLocationDetail })),
});

export const updateLocation = defineEndpoint({
  method: "PUT",
  path: "/admin/location/:uuid",
  auth: "admin",
  tag,
  summary: "Change a location, its tariff, fees and rules (audited)",
  schemas: schemasOf(operator, (s) => ({
    params: s.locationParams,
    body: s.locationBody,
    response: s.operatorLocation,
  })),
});

export const listDevices = defineEndpoint({
  method: "GET",
  path: "/admin/devices",
  auth: "admin",
  errors: ["object_not_found"],
  tag,
  summary: "The devices of the organisation's locations",
  schemas: schemasOf(operator, (s) => ({ query: s.deviceListQuery, response: s.deviceList })),
});

export const renameDevice = defineEndpoint({
  method: "PUT",
  path: "/admin/device/:uuid",
  auth: "admin",
  tag,
  summary: "Rename a device",
  schemas: schemasOf(operator, (s) => ({
    params: s.deviceParams,
    body: s.renameDeviceBody,
    response: s.operatorDevice,
  })),
});

export const rotateDeviceKey = defineEndpoint({
  method: "POST",
  path: "/admin/device/:uuid/key",
  auth: "admin",
  tag,
  summary: "Give a device a new key (answered once); the old one stops working",
  schemas: schemasOf(operator, (s) => ({ params: s.deviceParams, response: s.deviceKey })),
});

export const revokeDevice = defineEndpoint({
  method: "DELETE",
  path: "/admin/device/:uuid",
  auth: "admin",
  tag,
  summary: "Revoke a device: its key is refused from now on",
  schemas: schemasOf(operator, (s) => ({ params: s.deviceParams, response: s.operatorDevice })),
});

export const searchPayments = defineEndpoint({
  method: "GET",
  path: "/admin/payments",
  auth: "admin",
  tag,
  summary:
    "Payments at the organisation's locations by date, location, plate, phone and status, newest first (keyset pages)",
  schemas: schemasOf(operator, (s) => ({ query: s.paymentSearchQuery, response: s.paymentPage })),
});

export const getPayment = defineEndpoint({
  method: "GET",
  path: "/admin/payment/:uuid",
  auth: "admin",
  tag,
  summary: "A payment with its ledger lines (the charge and its refunds)",
  schemas: schemasOf(operator, (s) => ({ params: s.paymentParams, response: s.paymentDetail })),
});

export const refundPayment = defineEndpoint({
  method: "POST",
  path: "/admin/payment/:uuid/refund",
  auth: "admin",
  idempotent: true,
  errors: ["invalid_refund"],
  tag,
  summary: "Refund all or part of a charge through the ledger, exactly once",
  schemas: schemasOf(operator, (s) => ({ params: s.paymentParams, body: s.refundBody, response: s.paymentDetail })),
});

export const exportPayments = defineEndpoint({
  method: "GET",
  path: "/admin/payments/export",
  auth: "admin",
  envelope: false,
  tag,
  summary: "Payments of a period as CSV, streamed (amounts as decimals, the fee breakdown in columns)",
  schemas: schemasOf(operator, (s) => ({ query: s.exportQuery, response: s.csvText })),
});

export const searchDrivers = defineEndpoint({
  method: "GET",
  path: "/admin/drivers",
  auth: "admin",
  tag,
  summary: "Drivers who parked at the organisation's locations, by phone or plate",
  schemas: schemasOf(operator, (s) => ({ query: s.driverSearchQuery, response: s.driverList })),
});

export const getDriver = defineEndpoint({
  method: "GET",
  path: "/admin/driver/:uuid",
  auth: "admin",
  tag,
  summary: "A driver: vehicles, stays and payments at the organisation's locations",
  schemas: schemasOf(operator, (s) => ({ params: s.driverParams, response: s.driverDetail })),
});

export const suspendDriver = defineEndpoint({
  method: "POST",
  path: "/admin/driver/:uuid/suspend",
  auth: "admin",
  errors: ["invalid_user"],
  tag,
  summary:
    "Suspend a driver at the organisation's locations (user_suspended there); the platform role suspends the account everywhere",
  schemas: schemasOf(operator, (s) => ({ params: s.driverParams, response: s.driverDetail })),
});

export const restoreDriver = defineEndpoint({
  method: "POST",
  path: "/admin/driver/:uuid/restore",
  auth: "admin",
  tag,
  summary: "Restore a driver the organisation suspended; only the platform role restores a suspension everywhere",
  schemas: schemasOf(operator, (s) => ({ params: s.driverParams, response: s.driverDetail })),
});

export const listOperators = defineEndpoint({
  method: "GET",
  path: "/admin/operators",
  auth: "admin",
  tag,
  summary: "The organisation's operators and the locations each may see",
  schemas: schemasOf(operator, (s) => ({ response: s.operatorMemberList })),
});

export const addOperator = defineEndpoint({
  method: "POST",
  path: "/admin/operator",
  auth: "admin",
  status: 201,
  errors: ["invalid_user", "object_not_found"],
  tag,
  summary: "Make an existing user an operator of the organisation, optionally limited to some locations",
  schemas: schemasOf(operator, (s) => ({ body: s.addOperatorBody, response: s.operatorMember })),
});

export const listAudit = defineEndpoint({
  method: "GET",
  path: "/admin/audit",
  auth: "admin",
  tag,
  summary: "The organisation's audit log: who changed what, when, before and after (keyset pages)",
  schemas: schemasOf(operator, (s) => ({ query: s.auditQuery, response: s.auditPage })),
});

export const removeOperator = defineEndpoint({
  method: "DELETE",
  path: "/admin/operator/:uuid",
  auth: "admin",
  errors: ["invalid_user"],
  tag,
  summary:
    "Remove an operator or staff member from the organisation (their next console call is refused); the last operator with every location stays",
  schemas: schemasOf(operator, (s) => ({ params: s.memberParams, response: s.operatorMemberList })),
});

export const updateOperatorGrants = defineEndpoint({
  method: "PUT",
  path: "/admin/operator/:uuid",
  auth: "admin",
  errors: ["invalid_user"],
  tag,
  summary: "Change the locations a member may see (empty: every location of the organisation)",
  schemas: schemasOf(operator, (s) => ({
    params: s.memberParams,
    body: s.memberGrantsBody,
    response: s.operatorMember,
  })),
});

export const listHosts = defineEndpoint({
  method: "GET",
  path: "/admin/hosts",
  auth: "admin",
  tag,
  summary: "Platform role: every host and what its theme store holds",
  schemas: schemasOf(operator, (s) => ({ response: s.operatorHostList })),
});

export const updateHost = defineEndpoint({
  method: "PUT",
  path: "/admin/host/:hostname",
  auth: "admin",
  tag,
  summary: "Platform role: change a host's theme, brand, login text, width, map, language and features (audited)",
  // The support e-mail is checked as an address (invalid_email); named lots must be the organisation's.
  errors: ["invalid_email", "object_not_found"],
  schemas: schemasOf(operator, (s) => ({ params: s.hostParams, body: s.hostBody, response: s.operatorHost })),
});

export const listOrganisations = defineEndpoint({
  method: "GET",
  path: "/admin/organisations",
  auth: "admin",
  tag,
  summary: "Platform role: every organisation with its number of operators and locations",
  schemas: schemasOf(operator, (s) => ({ response: s.organisationList })),
});

export const createOrganisation = defineEndpoint({
  method: "POST",
  path: "/admin/organisation",
  auth: "admin",
  status: 201,
  errors: ["invalid_email"],
  tag,
  summary: "Platform role: create an organisation (audited)",
  schemas: schemasOf(operator, (s) => ({ body: s.organisationBody, response: s.organisation })),
});

export const addOrganisationOperator = defineEndpoint({
  method: "POST",
  path: "/admin/organisation/:uuid/operator",
  auth: "admin",
  status: 201,
  errors: ["invalid_user"],
  tag,
  summary:
    "Platform role: make an existing user an operator of an organisation (invalid_user when the account is missing, suspended or another organisation's)",
  schemas: schemasOf(operator, (s) => ({
    params: s.organisationParams,
    body: s.organisationOperatorBody,
    response: s.operatorMember,
  })),
});
