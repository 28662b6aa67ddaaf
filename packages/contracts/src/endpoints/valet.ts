import { CARD_CHARGE_ERRORS, defineEndpoint, schemasOf } from "../endpoint.ts";

/** Valet: the stand's tickets, the driver's claim, payment with a tip and car request (docs/product/parking.md). */

const valet = () => import("../schemas/valet.ts");
const tag = "valet";

export const openValetTicket = defineEndpoint({
  method: "POST",
  path: "/device/valet/ticket",
  auth: "device",
  status: 201,
  errors: ["code_already_exist", "forbidden_access"],
  tag,
  summary: "A valet stand opens a ticket for a car; answers the claim link (its QR), sent by SMS when a phone is given",
  schemas: schemasOf(valet, (s) => ({ body: s.openTicketBody, response: s.openedTicket })),
});

export const listValetRequests = defineEndpoint({
  method: "GET",
  path: "/device/valet/requests",
  auth: "device",
  tag,
  summary: "The stand's queue: cars asked for and cars ready, oldest request first",
  schemas: schemasOf(valet, (s) => ({ response: s.standQueue })),
});

export const markValetCarReady = defineEndpoint({
  method: "POST",
  path: "/device/valet/ticket/:uuid/ready",
  auth: "device",
  errors: ["action_not_available"],
  tag,
  summary: "The car waits at the stand: the driver is told",
  schemas: schemasOf(valet, (s) => ({ params: s.valetTicketParams, response: s.standTicket })),
});

export const markValetCarDelivered = defineEndpoint({
  method: "POST",
  path: "/device/valet/ticket/:uuid/delivered",
  auth: "device",
  errors: ["action_not_available"],
  tag,
  summary: "The car was handed over: the ticket closes",
  schemas: schemasOf(valet, (s) => ({ params: s.valetTicketParams, response: s.standTicket })),
});

export const claimValetTicket = defineEndpoint({
  method: "POST",
  path: "/user/valet/claim",
  auth: "user",
  errors: ["action_not_available", "object_not_found"],
  tag,
  summary: "The driver claims a ticket by its link or QR; a ticket claimed by another account is refused",
  schemas: schemasOf(valet, (s) => ({ body: s.claimTicketBody, response: s.valetTicketDetail })),
});

export const listValetTickets = defineEndpoint({
  method: "GET",
  path: "/user/valet-tickets",
  auth: "user",
  tag,
  summary: "The driver's valet tickets, newest first",
  schemas: schemasOf(valet, (s) => ({ query: s.valetTicketListQuery, response: s.valetTicketPage })),
});

export const getValetTicket = defineEndpoint({
  method: "GET",
  path: "/user/valet/:uuid",
  auth: "user",
  tag,
  summary: "A valet ticket: live fee while unpaid, what was paid with the tip apart, where the car is",
  schemas: schemasOf(valet, (s) => ({ params: s.valetTicketParams, response: s.valetTicketDetail })),
});

export const payValetTicket = defineEndpoint({
  method: "POST",
  path: "/user/valet/:uuid/pay",
  auth: "user",
  idempotent: true,
  errors: [...CARD_CHARGE_ERRORS, "visit_already_paid"],
  tag,
  summary: "Pay the ticket's fee now, with an optional tip, through the ledger",
  schemas: schemasOf(valet, (s) => ({
    params: s.valetTicketParams,
    body: s.payTicketBody,
    response: s.payTicketAnswer,
  })),
});

export const requestValetCar = defineEndpoint({
  method: "POST",
  path: "/user/valet/:uuid/request",
  auth: "user",
  errors: ["action_not_available"],
  tag,
  summary: "Ask for the car: a paid ticket joins the stand's queue",
  schemas: schemasOf(valet, (s) => ({ params: s.valetTicketParams, response: s.valetTicketDetail })),
});
