import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import type { AdminEvent } from "@estaciona/contracts/schemas/events";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import type { CreateEventBody } from "../api/venues.ts";
import { isoToVenueTime, venueTimeToIso } from "./venue-time.ts";

/** What the operator typed: times on the venue's clock ("2026-12-05T20:30"), amounts as "150.00". */
export interface EventForm {
  venue: string;
  series: string;
  name: string;
  description: string;
  starts_at: string;
  ends_at: string;
  sales_open_at: string;
  sales_close_at: string;
  places: string;
  amount: string;
  editable: boolean;
  min_amount: string;
  max_amount: string;
}
export type FieldName = keyof EventForm;
export type EventFields = Omit<CreateEventBody, "location_uuid" | "series_slug">;

export const decimal = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");
export const DAY_MS = 86_400_000;

/** A new event: tomorrow 20:00–23:00 on the venue's clock, on sale from now until it ends. */
export function newEventForm(venue: OperatorLocation | undefined): EventForm {
  const zone = venue?.time_zone ?? "America/Monterrey";
  const tomorrow = isoToVenueTime(new Date(Date.now() + DAY_MS).toISOString(), zone).slice(0, 10);
  return {
    venue: venue?.uuid ?? "",
    series: "",
    name: "",
    description: "",
    starts_at: `${tomorrow}T20:00`,
    ends_at: `${tomorrow}T23:00`,
    sales_open_at: isoToVenueTime(new Date().toISOString(), zone),
    sales_close_at: `${tomorrow}T23:00`,
    places: "100",
    amount: "100.00",
    editable: false,
    min_amount: "100.00",
    max_amount: "100.00",
  };
}

export function formOf(event: AdminEvent): EventForm {
  const zone = event.location.time_zone;
  return {
    venue: event.location.uuid,
    series: event.series?.slug ?? "",
    name: event.name,
    description: event.description,
    starts_at: isoToVenueTime(event.starts_at, zone),
    ends_at: isoToVenueTime(event.ends_at, zone),
    sales_open_at: isoToVenueTime(event.sales.open_at, zone),
    sales_close_at: isoToVenueTime(event.sales.close_at, zone),
    places: String(event.places),
    amount: decimal(event.amount.suggested),
    editable: event.amount.editable,
    min_amount: decimal(event.amount.min),
    max_amount: decimal(event.amount.max),
  };
}

export const wholeNumber = (text: string): number | null =>
  /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
export const positive = (minor: number | null) => (minor !== null && minor > 0 ? minor : null);

/** The event's fields the API takes, or the fields that do not read as what they should be. */
export function fieldsOf(form: EventForm, timeZone: string): { fields: EventFields | null; invalid: Set<FieldName> } {
  const invalid = new Set<FieldName>();
  const read = <T>(name: FieldName, value: T | null): T => {
    if (value === null) invalid.add(name);
    return value as T;
  };
  const instant = (name: "starts_at" | "ends_at" | "sales_open_at" | "sales_close_at") =>
    read(name, venueTimeToIso(form[name], timeZone));
  if (!form.name.trim()) invalid.add("name");
  const amount = read("amount", positive(parseMinorUnits(form.amount)));
  const fields: EventFields = {
    name: form.name,
    description: form.description,
    starts_at: instant("starts_at"),
    ends_at: instant("ends_at"),
    sales_open_at: instant("sales_open_at"),
    sales_close_at: instant("sales_close_at"),
    places: read("places", wholeNumber(form.places)),
    suggested_amount: amount,
    amount_editable: form.editable,
    min_amount: form.editable ? read("min_amount", positive(parseMinorUnits(form.min_amount))) : amount,
    max_amount: form.editable ? read("max_amount", positive(parseMinorUnits(form.max_amount))) : amount,
  };
  if (!invalid.has("ends_at") && fields.ends_at <= fields.starts_at) invalid.add("ends_at");
  if (!invalid.has("sales_close_at") && fields.sales_close_at <= fields.sales_open_at) invalid.add("sales_close_at");
  if (!invalid.has("sales_close_at") && fields.sales_close_at > fields.ends_at) invalid.add("sales_close_at");
  return { fields: invalid.size === 0 ? fields : null, invalid };
}
