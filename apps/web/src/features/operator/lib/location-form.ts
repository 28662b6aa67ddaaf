import { parseMinorUnits } from "@estaciona/contracts/money";
import { locationBody, type OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { LOCATION_KINDS } from "@estaciona/contracts/schemas/parking";
import { z } from "zod";
import { decimalText } from "./sales-forms.ts";
import { coordinate, optionalTypedText, typedText, wholeNumber } from "./typed-text.ts";

export const KINDS = LOCATION_KINDS;

/** Every field that does not read says this (the editor's "Check this field"). */
const INVALID = "operator:locations.invalid";
const body = locationBody.shape;
const tariff = body.tariff.shape;
const rates = body.rates.shape;
const whole = (field: z.ZodType<number, number>) => typedText(wholeNumber, INVALID).pipe(field);
const money = (field: z.ZodType<number, number>) => typedText(parseMinorUnits, INVALID).pipe(field);

/**
 * The tariff and the fees as typed: amounts "25.00", rates as percentages "16" (read, like money,
 * into hundredths: basis points), minutes as whole numbers. The price preview reads these alone.
 */
const pricedFields = {
  grace_minutes: whole(tariff.grace_minutes),
  first_period_minutes: whole(tariff.first_period_minutes),
  first_period_price: money(tariff.first_period_price),
  increment_minutes: whole(tariff.increment_minutes),
  increment_price: money(tariff.increment_price),
  daily_max: optionalTypedText(parseMinorUnits, INVALID).pipe(tariff.daily_max),
  tax_rate: money(rates.tax_rate_bp),
  convenience_rate: money(rates.convenience_rate_bp),
  convenience_fixed: money(rates.convenience_fixed),
  card_rate: money(rates.card_rate_bp),
  card_fixed: money(rates.card_fixed),
};

/** The price preview's reading: it shows as soon as these read, whatever else is missing. */
export const pricingSchema = z.object(pricedFields).transform((priced) => ({
  tariff: {
    graceMinutes: priced.grace_minutes,
    firstPeriodMinutes: priced.first_period_minutes,
    firstPeriodPrice: priced.first_period_price,
    incrementMinutes: priced.increment_minutes,
    incrementPrice: priced.increment_price,
    dailyMax: priced.daily_max,
  },
  rates: {
    taxRateBp: priced.tax_rate,
    convenienceRateBp: priced.convenience_rate,
    convenienceFixed: priced.convenience_fixed,
    cardRateBp: priced.card_rate,
    cardFixed: priced.card_fixed,
  },
}));

/** A location as the editor holds it (one flat form), read into the contract's `locationBody`. */
export const locationFormSchema = z
  .object({
    name: body.name,
    address: body.address,
    kind: body.kind,
    country: body.country,
    time_zone: body.time_zone,
    lat: typedText(coordinate, INVALID).pipe(body.lat),
    lng: typedText(coordinate, INVALID).pipe(body.lng),
    capacity: optionalTypedText(wholeNumber, INVALID).pipe(body.capacity),
    exit_window_minutes: whole(body.exit_window_minutes),
    invoice_window_days: whole(body.invoice_window_days),
    invoicing: body.invoicing,
    email_domain: body.email_domain,
    freeflow: body.freeflow,
    active: body.active,
    invoice_discounted: z.boolean(),
    ...pricedFields,
  })
  .transform((form) => ({
    name: form.name,
    address: form.address,
    kind: form.kind,
    lat: form.lat,
    lng: form.lng,
    time_zone: form.time_zone,
    country: form.country,
    freeflow: form.freeflow,
    active: form.active,
    capacity: form.capacity,
    exit_window_minutes: form.exit_window_minutes,
    invoice_window_days: form.invoice_window_days,
    invoicing: form.invoicing,
    invoice_discounted: form.invoice_discounted,
    email_domain: form.email_domain,
    tariff: {
      grace_minutes: form.grace_minutes,
      first_period_minutes: form.first_period_minutes,
      first_period_price: form.first_period_price,
      increment_minutes: form.increment_minutes,
      increment_price: form.increment_price,
      daily_max: form.daily_max,
    },
    rates: {
      tax_rate_bp: form.tax_rate,
      convenience_rate_bp: form.convenience_rate,
      convenience_fixed: form.convenience_fixed,
      card_rate_bp: form.card_rate,
      card_fixed: form.card_fixed,
    },
  }));

/** What the operator types: amounts as "25.00", rates as "16.00" (%), whole numbers as text. */
export type LocationForm = z.input<typeof locationFormSchema>;

/** Basis points as the percentage typed: 1600 → "16.00"; read back with the same two-decimal rule as money. */
const percent = (basisPoints: number) => decimalText(basisPoints);

export const NEW_LOCATION: LocationForm = {
  name: "",
  address: "",
  kind: "lot",
  lat: "25.6866",
  lng: "-100.3161",
  time_zone: "America/Monterrey",
  country: "mx",
  freeflow: false,
  active: true,
  capacity: "",
  exit_window_minutes: "15",
  invoice_window_days: "30",
  invoicing: "automatic",
  invoice_discounted: true,
  email_domain: "",
  grace_minutes: "15",
  first_period_minutes: "60",
  first_period_price: "20.00",
  increment_minutes: "30",
  increment_price: "10.00",
  daily_max: "",
  tax_rate: "16.00",
  convenience_rate: "0.00",
  convenience_fixed: "5.00",
  card_rate: "2.90",
  card_fixed: "0.00",
};

export function formOf(location: OperatorLocation): LocationForm {
  return {
    name: location.name,
    address: location.address,
    kind: location.kind,
    lat: String(location.coordinates.lat),
    lng: String(location.coordinates.lng),
    time_zone: location.time_zone,
    country: location.country,
    freeflow: location.freeflow,
    active: location.active,
    capacity: location.capacity === null ? "" : String(location.capacity),
    exit_window_minutes: String(location.exit_window_minutes),
    invoice_window_days: String(location.invoice_window_days),
    invoicing: location.invoicing,
    invoice_discounted: location.invoice_discounted,
    email_domain: location.email_domain ?? "",
    grace_minutes: String(location.tariff.grace_minutes),
    first_period_minutes: String(location.tariff.first_period_minutes),
    first_period_price: decimalText(location.tariff.first_period_price),
    increment_minutes: String(location.tariff.increment_minutes),
    increment_price: decimalText(location.tariff.increment_price),
    daily_max: location.tariff.daily_max === null ? "" : decimalText(location.tariff.daily_max),
    tax_rate: percent(location.rates.tax_rate_bp),
    convenience_rate: percent(location.rates.convenience_rate_bp),
    convenience_fixed: decimalText(location.rates.convenience_fixed),
    card_rate: percent(location.rates.card_rate_bp),
    card_fixed: decimalText(location.rates.card_fixed),
  };
}
