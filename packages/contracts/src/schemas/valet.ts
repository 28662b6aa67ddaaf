import { z } from "zod";
import { PAGINATOR_ROWS } from "../constants.ts";
import { VISIT_STATUSES } from "../statuses.ts";
import { amount, e164Phone, paymentSource, plate, text, uuidParams } from "./common.ts";
import { CURRENCIES, feeBreakdownBody, feeRatesBody, tariffBody, visitPayment } from "./parking.ts";

/** Valet tickets (docs/product/parking.md, docs/decisions/0032). Money is integer minor units. */

const isoTimestamp = z.string();

/** Where the car is: parked by the attendant, asked for by the driver, waiting at the stand, handed over. */
export const CAR_STATUSES = ["parked", "requested", "ready", "delivered"] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** The most a driver may tip at once, in minor units ($1,000). */
export const MAX_TIP = 100_000;

/** `POST device/valet/ticket`: the stand opens a ticket; the phone, when given, gets the claim link by SMS. */
export const openTicketBody = z.object({
  number: text()
    .trim()
    .min(1)
    .max(12)
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
  plate: plate.optional(),
  phone_number: e164Phone.optional(),
});
export type OpenTicketBody = z.input<typeof openTicketBody>;

/** The claim token is answered once, here (and printed as the ticket's QR); only its HMAC is kept. */
export const openedTicket = z.object({
  uuid: z.string(),
  number: z.string(),
  plate: z.string().nullable(),
  claim_token: z.string(),
  claim_url: z.string(),
  opened_at: isoTimestamp,
});
export type OpenedTicket = z.infer<typeof openedTicket>;

export const claimTicketBody = z.object({ token: z.string().min(1).max(200) });
export type ClaimTicketBody = z.input<typeof claimTicketBody>;

export const valetTicketSummary = z.object({
  uuid: z.string(),
  number: z.string(),
  plate: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  car_status: z.enum(CAR_STATUSES),
  location: z.object({ uuid: z.string(), name: z.string(), time_zone: z.string() }),
  opened_at: isoTimestamp,
  paid_at: isoTimestamp.nullable(),
  /** The amount paid (tip included), or the fee so far while unpaid. */
  total: amount,
  currency: z.enum(CURRENCIES),
});
export type ValetTicketSummary = z.infer<typeof valetTicketSummary>;

/** `GET user/valet/{uuid}`: the ticket, its live fee while unpaid, what was paid (the tip apart), the car's progress. */
export const valetTicketDetail = valetTicketSummary.extend({
  location: z.object({ uuid: z.string(), name: z.string(), address: z.string(), time_zone: z.string() }),
  tariff: tariffBody,
  rates: feeRatesBody,
  /** What paying now would charge before the tip; null once paid. */
  quote: feeBreakdownBody.extend({ at: isoTimestamp }).nullable(),
  /** The fee paid, and the tip beside it (untaxed, no fees); null while unpaid. */
  amounts: feeBreakdownBody.extend({ tip: amount }).nullable(),
  requested_at: isoTimestamp.nullable(),
  ready_at: isoTimestamp.nullable(),
  delivered_at: isoTimestamp.nullable(),
  payments: z.array(visitPayment),
});
export type ValetTicketDetail = z.infer<typeof valetTicketDetail>;

export const valetTicketParams = uuidParams();

/** The fee is computed when paying; `expected_total` (fee and tip) is what the driver was shown. */
export const payTicketBody = z.object({
  tip: z.number().int().min(0).max(MAX_TIP).default(0),
  payment_method_uuid: paymentSource.optional(),
  expected_total: amount.optional(),
});
export type PayTicketBody = z.input<typeof payTicketBody>;

export const payTicketAnswer = z.object({
  ticket: valetTicketDetail,
  payment: z.object({
    uuid: z.string(),
    status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
    redirect_url: z.string().nullable(),
  }),
});
export type PayTicketAnswer = z.infer<typeof payTicketAnswer>;

export const valetTicketListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGINATOR_ROWS),
});
export const valetTicketPage = z.object({
  items: z.array(valetTicketSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ValetTicketPage = z.infer<typeof valetTicketPage>;

/** One car the stand must bring, in the order they were asked for. */
export const standTicket = z.object({
  uuid: z.string(),
  number: z.string(),
  plate: z.string().nullable(),
  car_status: z.enum(CAR_STATUSES),
  requested_at: isoTimestamp.nullable(),
  ready_at: isoTimestamp.nullable(),
});
export type StandTicket = z.infer<typeof standTicket>;
export const standQueue = z.array(standTicket);
