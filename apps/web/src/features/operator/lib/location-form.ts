import type { COUNTRIES } from "@estaciona/contracts";
import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import type { LOCATION_INVOICING, OperatorLocation } from "@estaciona/contracts/schemas/operator";
import type { LocationBody } from "../api/operator.ts";

export const KINDS = ["lot", "meter", "venue", "valet"] as const;

/** The form holds what the operator typed: amounts as "25.00", rates as "16" (%), whole numbers as text. */
export interface LocationForm {
  name: string;
  address: string;
  kind: (typeof KINDS)[number];
  lat: string;
  lng: string;
  time_zone: string;
  country: (typeof COUNTRIES)[number];
  freeflow: boolean;
  active: boolean;
  capacity: string;
  exit_window_minutes: string;
  invoice_window_days: string;
  invoicing: (typeof LOCATION_INVOICING)[number];
  invoice_discounted: boolean;
  email_domain: string;
  grace_minutes: string;
  first_period_minutes: string;
  first_period_price: string;
  increment_minutes: string;
  increment_price: string;
  daily_max: string;
  tax_rate: string;
  convenience_rate: string;
  convenience_fixed: string;
  card_rate: string;
  card_fixed: string;
}

export const money = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");
/** Basis points as the percentage typed: 1600 → "16.00"; read back with the same two-decimal rule as money. */
export const percent = (basisPoints: number) => money(basisPoints);

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
    first_period_price: money(location.tariff.first_period_price),
    increment_minutes: String(location.tariff.increment_minutes),
    increment_price: money(location.tariff.increment_price),
    daily_max: location.tariff.daily_max === null ? "" : money(location.tariff.daily_max),
    tax_rate: percent(location.rates.tax_rate_bp),
    convenience_rate: percent(location.rates.convenience_rate_bp),
    convenience_fixed: money(location.rates.convenience_fixed),
    card_rate: percent(location.rates.card_rate_bp),
    card_fixed: money(location.rates.card_fixed),
  };
}

export const wholeNumber = (text: string): number | null =>
  /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
export const coordinate = (text: string): number | null => {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
};

export type FieldName = keyof LocationForm;

/** The fields the price preview reads: it shows as soon as these are right, whatever else is missing. */
export const PRICED_FIELDS: readonly FieldName[] = [
  "grace_minutes",
  "first_period_minutes",
  "first_period_price",
  "increment_minutes",
  "increment_price",
  "daily_max",
  "tax_rate",
  "convenience_rate",
  "convenience_fixed",
  "card_rate",
  "card_fixed",
];

/**
 * The body the API takes (null while a field is wrong), the body as read so far (for the price
 * preview), and the fields that do not read as what they should be.
 */
export function bodyOf(form: LocationForm): {
  body: LocationBody | null;
  draft: LocationBody;
  invalid: Set<FieldName>;
} {
  const invalid = new Set<FieldName>();
  const read = <T>(name: FieldName, value: T | null): T => {
    if (value === null) invalid.add(name);
    return value as T;
  };
  const optional = <T>(name: FieldName, parse: (text: string) => T | null): T | null =>
    (form[name] as string).trim() === "" ? null : read(name, parse(form[name] as string));
  if (!form.name.trim()) invalid.add("name");
  if (!form.address.trim()) invalid.add("address");
  const body: LocationBody = {
    name: form.name,
    address: form.address,
    kind: form.kind,
    lat: read("lat", coordinate(form.lat)),
    lng: read("lng", coordinate(form.lng)),
    time_zone: form.time_zone,
    country: form.country,
    freeflow: form.freeflow,
    active: form.active,
    capacity: optional("capacity", wholeNumber),
    exit_window_minutes: read("exit_window_minutes", wholeNumber(form.exit_window_minutes)),
    invoice_window_days: read("invoice_window_days", wholeNumber(form.invoice_window_days)),
    invoicing: form.invoicing,
    invoice_discounted: form.invoice_discounted,
    email_domain: form.email_domain.trim() || null,
    tariff: {
      grace_minutes: read("grace_minutes", wholeNumber(form.grace_minutes)),
      first_period_minutes: read("first_period_minutes", wholeNumber(form.first_period_minutes)),
      first_period_price: read("first_period_price", parseMinorUnits(form.first_period_price)),
      increment_minutes: read("increment_minutes", wholeNumber(form.increment_minutes)),
      increment_price: read("increment_price", parseMinorUnits(form.increment_price)),
      daily_max: optional("daily_max", parseMinorUnits),
    },
    rates: {
      tax_rate_bp: read("tax_rate", parseMinorUnits(form.tax_rate)),
      convenience_rate_bp: read("convenience_rate", parseMinorUnits(form.convenience_rate)),
      convenience_fixed: read("convenience_fixed", parseMinorUnits(form.convenience_fixed)),
      card_rate_bp: read("card_rate", parseMinorUnits(form.card_rate)),
      card_fixed: read("card_fixed", parseMinorUnits(form.card_fixed)),
    },
  };
  if (body.tariff.first_period_minutes === 0) invalid.add("first_period_minutes");
  return { body: invalid.size === 0 ? body : null, draft: body, invalid };
}
