import { parseMinorUnits } from "@estaciona/contracts/money";
import { type AdminEvent, createEventBody } from "@estaciona/contracts/schemas/events";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { z } from "zod";
import { decimalText } from "./sales-forms.ts";
import { typedText, wholeNumber } from "./typed-text.ts";
import { isoToVenueTime, VENUE_TIME, venueTimeToIso } from "./venue-time.ts";

/** Every field that does not read says this (the editor's "Check this field"). */
const INVALID = "operator:events.invalid";
const event = createEventBody.shape;
const positiveAmount = (text: string) => {
  const minor = parseMinorUnits(text);
  return minor !== null && minor > 0 ? minor : null;
};
const venueTime = z.string().regex(VENUE_TIME, { error: INVALID });

/**
 * An event as the editor holds it: times on the venue's clock ("2026-12-05T20:30", whatever the
 * browser's zone), amounts as "150.00", places as text. Read into the contract's event fields with
 * the venue's zone (`timeZoneOf` the chosen venue): it ends after it starts, and sales close after
 * they open and by its end. The lowest and highest amounts are read only when the driver may choose
 * one; else both are the suggested amount.
 */
export const eventFormSchema = (timeZoneOf: (venue: string) => string) =>
  z
    .object({
      venue: z.string(),
      series: z.string(),
      name: event.name,
      description: event.description,
      starts_at: venueTime,
      ends_at: venueTime,
      sales_open_at: venueTime,
      sales_close_at: venueTime,
      places: typedText(wholeNumber, INVALID).pipe(event.places),
      amount: typedText(positiveAmount, INVALID).pipe(event.suggested_amount),
      editable: z.boolean(),
      min_amount: z.string(),
      max_amount: z.string(),
    })
    .transform((form, context) => {
      const invalid = (path: string) => context.addIssue({ code: "custom", path: [path], message: INVALID });
      const instant = (text: string) => venueTimeToIso(text, timeZoneOf(form.venue)) ?? "";
      const range = (path: "min_amount" | "max_amount") => {
        if (!form.editable) return form.amount;
        const minor = positiveAmount(form[path].trim());
        if (minor === null) invalid(path);
        return minor ?? 0;
      };
      const fields = {
        name: form.name,
        description: form.description,
        starts_at: instant(form.starts_at),
        ends_at: instant(form.ends_at),
        sales_open_at: instant(form.sales_open_at),
        sales_close_at: instant(form.sales_close_at),
        places: form.places,
        suggested_amount: form.amount,
        amount_editable: form.editable,
        min_amount: range("min_amount"),
        max_amount: range("max_amount"),
      };
      if (fields.ends_at <= fields.starts_at) invalid("ends_at");
      if (fields.sales_close_at <= fields.sales_open_at || fields.sales_close_at > fields.ends_at)
        invalid("sales_close_at");
      return { venue: form.venue, series: form.series, fields };
    });
export type EventForm = z.input<ReturnType<typeof eventFormSchema>>;

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
    amount: decimalText(event.amount.suggested),
    editable: event.amount.editable,
    min_amount: decimalText(event.amount.min),
    max_amount: decimalText(event.amount.max),
  };
}
