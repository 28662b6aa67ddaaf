import { z } from "zod";
import { COUNTRIES, PAGINATOR_ROWS } from "../constants.ts";
import type { FeeBreakdown, FeeRates, Tariff } from "../fees.ts";
import { VISIT_STATUSES } from "../statuses.ts";
import { amount, optionalText, paymentSource, plate, text, uuid, uuidParams } from "./common.ts";
import { chargedCard } from "./wallet.ts";

/** Calls of docs/product/parking.md (locations, visits, devices). Money is integer minor units; rates are basis points. */

export const CURRENCIES = ["mxn", "usd"] as const;
export const LOCATION_KINDS = ["lot", "meter", "venue", "valet"] as const;
export const VISIT_SOURCES = ["app", "device"] as const;
export const DEVICE_KINDS = ["gate", "camera", "meter", "valet"] as const;
export const DEVICE_DIRECTIONS = ["entry", "exit", "both"] as const;
/** Visits that are not settled yet: they block a new visit of the vehicle and deleting it or the account. */
export const OPEN_VISIT_STATUSES = ["inactive", "in_progress", "pending_payment"] as const;

const isoTimestamp = z.string();

/** The amounts of docs/product/money.md, as stored on a payment and shown before paying. */
export const feeBreakdownBody = z.object({
  subtotal: amount,
  convenience_fee: amount,
  processing_fee: amount,
  tax: amount,
  total: amount,
  currency: z.enum(CURRENCIES),
});
export type FeeBreakdownBody = z.infer<typeof feeBreakdownBody>;

/** The fee engine's breakdown in the wire's terms, with its currency (API answers, SPA live prices). */
export const breakdownBody = (breakdown: FeeBreakdown, currency: FeeBreakdownBody["currency"]): FeeBreakdownBody => ({
  subtotal: breakdown.subtotal,
  convenience_fee: breakdown.convenienceFee,
  processing_fee: breakdown.processingFee,
  tax: breakdown.tax,
  total: breakdown.total,
  currency,
});

export const tariffBody = z.object({
  grace_minutes: z.number().int(),
  first_period_minutes: z.number().int(),
  first_period_price: amount,
  /** 0 when there are no increments after the first period. */
  increment_minutes: z.number().int(),
  increment_price: amount,
  daily_max: amount.nullable(),
});
export type TariffBody = z.infer<typeof tariffBody>;

/** The wire's tariff in the fee engine's terms (for the SPA's previews with `parkingFee`, `describeTariff`). */
export const tariffFromBody = (body: TariffBody): Tariff => ({
  graceMinutes: body.grace_minutes,
  firstPeriodMinutes: body.first_period_minutes,
  firstPeriodPrice: body.first_period_price,
  incrementMinutes: body.increment_minutes,
  incrementPrice: body.increment_price,
  dailyMax: body.daily_max,
});

export const feeRatesBody = z.object({
  tax_rate_bp: z.number().int(),
  convenience_rate_bp: z.number().int(),
  convenience_fixed: amount,
  card_rate_bp: z.number().int(),
  card_fixed: amount,
});
export type FeeRatesBody = z.infer<typeof feeRatesBody>;

export const feeRatesFromBody = (body: FeeRatesBody): FeeRates => ({
  taxRateBp: body.tax_rate_bp,
  convenienceRateBp: body.convenience_rate_bp,
  convenienceFixed: body.convenience_fixed,
  cardRateBp: body.card_rate_bp,
  cardFixed: body.card_fixed,
});

/** `GET open/location/{uuid}` and each item of `GET open/locations`. */
export const location = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  kind: z.enum(LOCATION_KINDS),
  country: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  freeflow: z.boolean(),
  available: z.boolean(),
  /** Only drivers with a verified e-mail in this domain may park (the university case). */
  email_domain: z.string().nullable(),
  capacity: z.number().int().nullable(),
  exit_window_minutes: z.number().int(),
  tariff: tariffBody,
  rates: feeRatesBody,
  /** The first period's all-in price: what the driver pays for a stay of up to the first period. */
  first_period: feeBreakdownBody,
});
export type Location = z.infer<typeof location>;

export const locationParams = uuidParams();
export const locationList = z.array(location);

export const visitLocation = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.string(),
  kind: z.enum(LOCATION_KINDS),
  freeflow: z.boolean(),
  time_zone: z.string(),
  exit_window_minutes: z.number().int(),
});

export const visitVehicle = z.object({
  uuid: z.string(),
  plate: z.string(),
  state: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
});

/** A live price: what paying would charge at `at`. */
export const visitQuote = feeBreakdownBody.extend({
  visit_uuid: z.string(),
  at: isoTimestamp,
  duration_minutes: z.number().int(),
  tariff: tariffBody,
  /**
   * When the price rises next (it holds through `at`, then becomes `total`, all-in); null when it
   * no longer changes (the vehicle has left, or the tariff never rises). The API always sends it;
   * optional in the type so older fixtures stay valid.
   */
  next_change: z.object({ at: isoTimestamp, subtotal: amount, total: amount }).nullable().optional(),
});
export type VisitQuote = z.infer<typeof visitQuote>;

/** One ledger row of the visit: charges and refunds, with their outcome. */
export const visitPayment = z.object({
  uuid: z.string(),
  kind: z.string(),
  status: z.string(),
  amount: amount,
  currency: z.enum(CURRENCIES),
  card: chargedCard.nullable(),
  created_at: isoTimestamp,
});
export type VisitPayment = z.infer<typeof visitPayment>;

/** What a printable receipt needs (the SPA builds the page). Present once the visit is settled. */
export const visitReceipt = z.object({
  number: z.string(),
  issued_at: isoTimestamp,
  operator: z.object({
    name: z.string(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
  }),
  location: z.object({ name: z.string(), address: z.string() }),
  plate: z.string(),
  entered_at: isoTimestamp.nullable(),
  settled_at: isoTimestamp,
  duration_minutes: z.number().int(),
  amounts: feeBreakdownBody,
  tax_rate_bp: z.number().int(),
  card: chargedCard.nullable(),
  payment_uuid: z.string().nullable(),
});

export const visitSummary = z.object({
  uuid: z.string(),
  status: z.enum(VISIT_STATUSES),
  source: z.enum(VISIT_SOURCES),
  /** `time_zone`: the lot's clock, which every time of the visit is shown on. */
  location: z.object({ uuid: z.string(), name: z.string(), time_zone: z.string() }),
  vehicle: z.object({ uuid: z.string(), plate: z.string() }),
  entered_at: isoTimestamp.nullable(),
  exited_at: isoTimestamp.nullable(),
  paid_at: isoTimestamp.nullable(),
  /** The settled total, or the live total while the visit is open. */
  total: amount,
  currency: z.enum(CURRENCIES),
});
export type VisitSummary = z.infer<typeof visitSummary>;

/** `GET user/visit/{uuid}` and the answer of start and pay. */
export const visitDetail = z.object({
  uuid: z.string(),
  status: z.enum(VISIT_STATUSES),
  source: z.enum(VISIT_SOURCES),
  location: visitLocation,
  vehicle: visitVehicle,
  entered_at: isoTimestamp.nullable(),
  exited_at: isoTimestamp.nullable(),
  paid_at: isoTimestamp.nullable(),
  /** Until when a paid visit may leave through the gate. */
  exit_deadline: isoTimestamp.nullable(),
  duration_minutes: z.number().int(),
  /** The settled amounts once finished; null while open. */
  amounts: feeBreakdownBody.nullable(),
  /** The live price while the visit is open (in_progress, pending_payment); null once settled. */
  quote: visitQuote.nullable(),
  payments: z.array(visitPayment),
  receipt: visitReceipt.nullable(),
});
export type VisitDetail = z.infer<typeof visitDetail>;

export const startVisitBody = z.object({ location_uuid: uuid, vehicle_uuid: uuid });
export type StartVisitBody = z.input<typeof startVisitBody>;

/**
 * The body is optional: without one, the default card of the location's country pays.
 * `expected_total` is the total the driver was shown (docs/product/money.md: the price shown is the price
 * charged); when the fee has moved on since, nothing is charged and the new price is answered.
 */
export const payVisitBody = z
  .object({ payment_method_uuid: paymentSource.optional(), expected_total: amount.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type PayVisitBody = z.input<typeof payVisitBody>;

export const visitParams = uuidParams();

/** `POST user/visit/{uuid}/pay`: the visit after paying, and the charge (null for a free stay). */
export const payVisitAnswer = z.object({
  visit: visitDetail,
  payment: z
    .object({
      uuid: z.string(),
      status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
      redirect_url: z.string().nullable(),
    })
    .nullable(),
});
export type PayVisitAnswer = z.infer<typeof payVisitAnswer>;

export const visitListQuery = z.object({
  status: z.enum(["active", "past"]).optional(),
  /** The page number shown (answered back); which rows come is `after`'s choice. */
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGINATOR_ROWS),
  /** Where the page starts: a cursor from an earlier answer's `next_pages`; none for the first page. */
  after: z.string().min(1).max(200).optional(),
});
export type VisitListQuery = z.input<typeof visitListQuery>;

export const visitPage = z.object({
  items: z.array(visitSummary),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * The driver's visits under the filter, counted no further than the first row of the last page
   * the paginator links from this page (docs/decisions/0347): exact when `total_exact`, else "at least".
   */
  total: z.number().int(),
  total_exact: z.boolean(),
  /** Where each following page starts (the `after` of pages page+1, page+2, …), as far as the paginator links. */
  next_pages: z.array(z.string()),
});
export type VisitPage = z.infer<typeof visitPage>;

/** `GET user/dashboard`: the open visit (with its live price) and the latest visits. */
export const parkingDashboard = z.object({
  active_visit: visitDetail.nullable(),
  recent_visits: z.array(visitSummary),
});
export type ParkingDashboard = z.infer<typeof parkingDashboard>;

export const registerDeviceBody = z.object({
  device_id: text()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[A-Za-z0-9._:-]+$/),
  location_uuid: uuid,
  kind: z.enum(DEVICE_KINDS),
  direction: z.enum(DEVICE_DIRECTIONS),
  /** What the operator calls it in the console. */
  name: optionalText(80),
});
export type RegisterDeviceBody = z.input<typeof registerDeviceBody>;

/** The device key is answered once, here; only its HMAC is stored. */
export const registeredDevice = z.object({
  uuid: z.string(),
  device_id: z.string(),
  location_uuid: z.string(),
  kind: z.enum(DEVICE_KINDS),
  direction: z.enum(DEVICE_DIRECTIONS),
  name: z.string().nullable(),
  key: z.string(),
  created_at: isoTimestamp,
});

export const deviceEventBody = z.object({ plate });
export type DeviceEventBody = z.input<typeof deviceEventBody>;

/**
 * What a device does after reporting a plate. `open`: raise the barrier. `charge`: at a freeflow
 * exit, the outcome of charging the driver's card (`not_needed` for a free or already paid stay).
 */
export const deviceEventResult = z.object({
  open: z.boolean(),
  charge: z.enum(["succeeded", "declined", "pending", "not_needed"]).nullable(),
  visit: z.object({
    uuid: z.string(),
    status: z.enum(VISIT_STATUSES),
    plate: z.string(),
    entered_at: isoTimestamp.nullable(),
    exited_at: isoTimestamp.nullable(),
    total: amount.nullable(),
    currency: z.enum(CURRENCIES),
  }),
});
export type DeviceEventResult = z.infer<typeof deviceEventResult>;
