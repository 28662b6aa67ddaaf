import { z } from "zod";
import {
  COUNTRIES,
  contrastWithWhite,
  DOMAINS,
  HOST_FEATURES,
  HOST_WIDTH,
  MIN_BUTTON_CONTRAST,
  THEMES,
} from "../constants.ts";
import { PAYABLE_TYPES } from "../payables.ts";
import { PAYMENT_RAILS } from "../payment-rails.ts";
import { PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from "../statuses.ts";
import {
  amount,
  boundedAmount,
  e164Phone,
  email,
  MESSAGE,
  optionalText,
  plate,
  positiveAmountOr,
  requiredText,
  text,
  uuid,
  uuidParams,
} from "./common.ts";
import { hostFaq } from "./host.ts";
import { PAYMENT_KINDS, paymentSummary } from "./operator-payments.ts";
import {
  CURRENCIES,
  DEVICE_DIRECTIONS,
  DEVICE_KINDS,
  feeRatesBody,
  LOCATION_KINDS,
  location,
  tariffBody,
} from "./parking.ts";

/** The operator console's calls (docs/product/operators.md, docs/decisions/0041–0045). Money in minor units. */

export { PAYMENT_KINDS, type PaymentSummary, paymentSummary } from "./operator-payments.ts";
export { PAYMENT_STATUSES };
/** How a location's drivers get invoices (docs/product/invoicing-account-contact.md): not at all, issued at once, or after the operator approves. */
export const LOCATION_INVOICING = ["none", "automatic", "approval"] as const;
const minutes = z.number().int().min(0).max(100_000);
const basisPoints = z.number().int().min(0).max(10_000);
const isoDate = z.iso.date();
/** Keyset paging: the last row's `created_at|id`, answered as `next_cursor`. */
const cursor = text().max(120).optional();
const pageLimit = z.coerce.number().int().min(1).max(100).default(25);

/** `GET admin/me`: who the caller is in the console. */
export const operatorProfile = z.object({
  user_uuid: z.string(),
  name: z.string(),
  organisation: z.object({ uuid: z.string(), name: z.string() }),
  platform: z.boolean(),
  /** null: every location of the organisation; else only these (a staff member). */
  location_uuids: z.array(z.string()).nullable(),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

/** What an operator sets on a location (docs/product/parking.md). */
export const locationBody = z.object({
  name: requiredText(120),
  address: requiredText(255),
  kind: z.enum(LOCATION_KINDS),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  time_zone: requiredText(60).refine((zone) => Intl.supportedValuesOf("timeZone").includes(zone) || zone === "UTC", {
    error: MESSAGE.timeZone,
  }),
  country: z.enum(COUNTRIES),
  freeflow: z.boolean(),
  active: z.boolean(),
  capacity: z.number().int().min(1).max(100_000).nullable(),
  exit_window_minutes: minutes,
  invoice_window_days: z.number().int().min(0).max(366),
  invoicing: z.enum(LOCATION_INVOICING),
  /** Whether payments with a promo-code discount may be invoiced; absent: left as it is (a new location: yes). */
  invoice_discounted: z.boolean().optional(),
  email_domain: optionalText(120),
  tariff: tariffBody.extend({
    grace_minutes: minutes,
    first_period_minutes: minutes.min(1),
    first_period_price: boundedAmount,
    increment_minutes: minutes,
    increment_price: boundedAmount,
    daily_max: boundedAmount.nullable(),
  }),
  rates: feeRatesBody.extend({
    tax_rate_bp: basisPoints,
    convenience_rate_bp: basisPoints,
    convenience_fixed: boundedAmount,
    card_rate_bp: basisPoints,
    card_fixed: boundedAmount,
  }),
});
export type LocationBody = z.input<typeof locationBody>;

/** A location as the console sees it: the public page's fields plus what only its operator sets. */
export const operatorLocation = location.extend({
  invoice_window_days: z.number().int(),
  invoicing: z.enum(LOCATION_INVOICING),
  invoice_discounted: z.boolean(),
  active: z.boolean(),
  open_stays: z.number().int(),
});
export type OperatorLocation = z.infer<typeof operatorLocation>;
export const operatorLocationList = z.array(operatorLocation);
/** One location, with the address its printed QR opens: its QR landing on the host of its country (not the console's). */
/** `signed_url`: the landing with its organisation's signature, for the printed QR (decision 0287). */
export const operatorLocationDetail = operatorLocation.extend({ landing_url: z.string(), signed_url: z.string() });
export type OperatorLocationDetail = z.infer<typeof operatorLocationDetail>;
export const locationParams = uuidParams();

/** `GET admin/today`. */
export const todayQuery = z.object({ days: z.coerce.number().int().min(1).max(31).default(7) });
export const revenueRow = z.object({
  day: z.string(),
  product: z.enum(PAYABLE_TYPES),
  currency: z.enum(CURRENCIES),
  /** Charges that succeeded minus their refunds, minor units. */
  amount: z.number().int(),
});
export const todayReport = z.object({
  locations: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      capacity: z.number().int().nullable(),
      open_stays: z.number().int(),
    }),
  ),
  revenue: z.array(revenueRow),
  /** The same money by the rail it came by, per currency, over the report's days (docs/decisions/0323). */
  revenue_by_rail: z.array(
    z.object({ rail: z.enum(PAYMENT_RAILS), currency: z.enum(CURRENCIES), amount: z.number().int() }),
  ),
  attention: z.array(paymentSummary),
});
export type TodayReport = z.infer<typeof todayReport>;

/** Devices. */
export const operatorDevice = z.object({
  uuid: z.string(),
  device_id: z.string(),
  name: z.string().nullable(),
  location: z.object({ uuid: z.string(), name: z.string() }),
  kind: z.enum(DEVICE_KINDS),
  direction: z.enum(DEVICE_DIRECTIONS),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorDevice = z.infer<typeof operatorDevice>;
export const deviceListQuery = z.object({ location_uuid: uuid.optional() });
export const deviceList = z.array(operatorDevice);
export const deviceParams = uuidParams();
export const renameDeviceBody = z.object({ name: optionalText(80) });
export const deviceKey = z.object({ uuid: z.string(), key: z.string() });

/** Payments. */
export const paymentSearchQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  location_uuid: uuid.optional(),
  plate: plate.optional(),
  phone: text().trim().max(20).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  rail: z.enum(PAYMENT_RAILS).optional(),
  cursor,
  limit: pageLimit,
});
export type PaymentSearchQuery = z.input<typeof paymentSearchQuery>;
export const paymentPage = z.object({ items: z.array(paymentSummary), next_cursor: z.string().nullable() });
export const paymentParams = uuidParams();
export const ledgerLine = z.object({
  uuid: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  subtotal: amount,
  convenience_fee: amount,
  processing_fee: amount,
  tax: amount,
  amount: amount,
  gateway: z.string(),
  provider_ref: z.string().nullable(),
  failure_code: z.string().nullable(),
  description: z.string(),
  created_at: z.string(),
});
export const paymentDetail = paymentSummary.extend({
  refundable: amount,
  lines: z.array(ledgerLine),
  driver_uuid: z.string(),
  payable: z.object({ type: z.enum(PAYABLE_TYPES), uuid: z.string() }),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;
export const refundBody = z.object({
  /** Minor units; absent: everything still refundable. Any amount that cannot be one answers `invalid_refund`. */
  amount: positiveAmountOr("invalid_refund").optional(),
  reason: requiredText(250),
});
export type RefundBody = z.input<typeof refundBody>;

/** Drivers. */
export const driverSearchQuery = z.object({ q: text().trim().min(1).max(20) });
export const driverSummary = z.object({
  uuid: z.string(),
  phone: z.string(),
  name: z.string(),
  /** At the reader's organisation: suspended by it or by the platform role. */
  status: z.enum(["active", "suspended"]),
  plates: z.array(z.string()),
});
export const driverList = z.array(driverSummary);
export const driverParams = uuidParams();
export const driverDetail = driverSummary.extend({
  /** Suspended by the platform role: refused at every organisation's locations; only the platform role restores. */
  suspended_everywhere: z.boolean(),
  email: z.string().nullable(),
  created_at: z.string(),
  vehicles: z.array(z.object({ uuid: z.string(), plate: z.string(), state: z.string(), deleted: z.boolean() })),
  stays: z.array(
    z.object({
      uuid: z.string(),
      location: z.string(),
      status: z.string(),
      plate: z.string(),
      entered_at: z.string().nullable(),
      total: amount.nullable(),
      currency: z.enum(CURRENCIES),
    }),
  ),
  passes: z.array(
    z.object({
      uuid: z.string(),
      plan: z.string(),
      location: z.string(),
      plate: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      cost: amount,
      currency: z.enum(CURRENCIES),
      created_at: z.string(),
      ended_at: z.string().nullable(),
    }),
  ),
  payments: z.array(paymentSummary),
});
export type DriverDetail = z.infer<typeof driverDetail>;

/** Members of the organisation. */
export const addOperatorBody = z.object({
  phone: e164Phone,
  /** Limit the member to these locations of the organisation; absent or empty: every location. */
  location_uuids: z.array(uuid).max(200).optional(),
});
export type AddOperatorBody = z.input<typeof addOperatorBody>;
export const operatorMember = z.object({
  user_uuid: z.string(),
  phone: z.string(),
  name: z.string(),
  platform: z.boolean(),
  location_uuids: z.array(z.string()).nullable(),
});
export type OperatorMember = z.infer<typeof operatorMember>;
export const operatorMemberList = z.array(operatorMember);
export const memberParams = uuidParams();
/** A member's locations: empty for every location of the organisation. */
export const memberGrantsBody = z.object({ location_uuids: z.array(uuid).max(200) });
export type MemberGrantsBody = z.input<typeof memberGrantsBody>;

/** Hosts (platform role): what the theme store holds (docs/product/entities-and-states.md, docs/product/hosts-and-themes.md). */
const hexColor = z
  .string({ error: MESSAGE.color })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: MESSAGE.color })
  .refine((color) => contrastWithWhite(color) >= MIN_BUTTON_CONTRAST, { error: MESSAGE.contrast });
/** Same-origin only: the Content Security Policy loads images from this site alone. */
const logoPath = text()
  .trim()
  .max(255, { error: MESSAGE.maxLength })
  .regex(/^\/(?!\/)[A-Za-z0-9._~/-]+\.(svg|png|webp|jpe?g)$/, { error: MESSAGE.logo });
const httpsUrl = text()
  .trim()
  .max(500, { error: MESSAGE.maxLength })
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { error: MESSAGE.url });
const inRange = (min: number, max: number) =>
  z.number({ error: MESSAGE.required }).min(min, { error: MESSAGE.range }).max(max, { error: MESSAGE.range });
const loginText = text({ multiline: true }).trim().max(500, { error: MESSAGE.maxLength });
export const hostParams = z.object({
  hostname: z
    .string()
    .max(253, { error: "object_not_found" })
    .regex(/^[a-z0-9.-]+$/, { error: "object_not_found" }),
});
export const hostBody = z.object({
  theme: z.enum(THEMES),
  brand_name: requiredText(80),
  logo: logoPath,
  primary_color: hexColor,
  login_text: z.object({ es: loginText, en: loginText }),
  width: inRange(HOST_WIDTH.min, HOST_WIDTH.max).int({ error: MESSAGE.range }),
  map: z.object({ lat: inRange(-90, 90), lng: inRange(-180, 180), zoom: inRange(1, 20) }),
  force_spanish: z.boolean(),
  features: z
    .array(z.enum(HOST_FEATURES, { error: MESSAGE.features }))
    .max(HOST_FEATURES.length)
    .refine((list) => new Set(list).size === list.length, { error: MESSAGE.features }),
  organisation_uuid: uuid.nullable(),
  privacy_url_en: httpsUrl,
  /** What the host offers (docs/decisions/0165): locations of its organisation; null: all of them in its country. Omitted: unchanged. */
  location_uuids: z.array(uuid).max(500).nullish(),
  /** The host's own support contact (null: its organisation's); omitted: unchanged. */
  support_email: email.nullish(),
  support_phone: e164Phone.nullish(),
  /** The host's own questions (null: its theme's and country's); omitted: unchanged. */
  faq: hostFaq.nullish(),
});
export type HostBody = z.input<typeof hostBody>;
export const operatorHost = z.object({
  hostname: z.string(),
  is_default: z.boolean(),
  theme: z.enum(THEMES),
  domain: z.enum(DOMAINS),
  country: z.enum(COUNTRIES),
  brand_name: z.string(),
  logo: z.string(),
  primary_color: z.string(),
  login_text: z.object({ es: z.string(), en: z.string() }),
  width: z.number().int(),
  map: z.object({ lat: z.number(), lng: z.number(), zoom: z.number() }),
  force_spanish: z.boolean(),
  features: z.array(z.string()),
  organisation: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  privacy_url_en: z.string().nullable(),
  location_uuids: z.array(z.string()).nullable(),
  support_email: z.string().nullable(),
  support_phone: z.string().nullable(),
  faq: hostFaq.nullable(),
});
export type OperatorHost = z.infer<typeof operatorHost>;
export const operatorHostList = z.array(operatorHost);

/** Organisations (platform role). */
export const organisationBody = z.object({
  name: requiredText(120),
  contact_email: email.nullish().transform((value) => value ?? null),
  contact_phone: e164Phone.nullish().transform((value) => value ?? null),
});
export type OrganisationBody = z.input<typeof organisationBody>;
export const organisation = z.object({
  uuid: z.string(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  operators: z.number().int(),
  locations: z.number().int(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisation>;
export const organisationList = z.array(organisation);
export const organisationParams = uuidParams();
export const organisationOperatorBody = z.object({ phone: e164Phone });

/** The audit log. */
export const auditQuery = z.object({ cursor, limit: pageLimit });
export const auditEntry = z.object({
  uuid: z.string(),
  actor: z.object({ uuid: z.string(), name: z.string() }),
  action: z.string(),
  subject_type: z.string(),
  subject_uuid: z.string(),
  /** The location the change is about: its clock writes the entry's times, its currency the amounts. */
  location: z
    .object({ uuid: z.string(), name: z.string(), time_zone: z.string(), currency: z.enum(["mxn", "usd"]) })
    .nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({ items: z.array(auditEntry), next_cursor: z.string().nullable() });

/** Payments of a period as CSV; without dates, this month so far (UTC). */
export const exportQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export const csvText = z.string();
