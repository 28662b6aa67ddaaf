import { type FeeRates, feeBreakdown } from "@estaciona/contracts";
import { parseMinorUnits } from "@estaciona/contracts/money";
import type { AdminEvent } from "@estaciona/contracts/schemas/events";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { createEvent, operatorSeriesQuery, updateEvent, venueLists } from "../api/venues.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { type EventForm, eventFormSchema, formOf, newEventForm } from "../lib/event-form.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";
import { EventSalesSummary } from "./event-sales-summary.tsx";

const DEFAULT_ZONE = "America/Monterrey";

/** An event's fields, its price preview and places; saving goes back to the events, cancelling asks first. */
export function EventEditor({ event, venues }: { event: AdminEvent | undefined; venues: OperatorLocation[] }) {
  const { t } = useConsoleFormat();
  const series = useQuery({ ...operatorSeriesQuery(), enabled: !event });
  const venueOf = (uuid: string | undefined) => venues.find((location) => location.uuid === uuid);
  // Times are typed on the venue's clock (decision 0049): an event's own, else the chosen venue's.
  const [schema] = useState(() =>
    eventFormSchema((venue) => event?.location.time_zone ?? venueOf(venue)?.time_zone ?? DEFAULT_ZONE),
  );
  const form = useConsoleForm(schema, event ? formOf(event) : newEventForm(venues[0]));
  const venue = venueOf(useWatch({ control: form.control, name: "venue" }));
  const timeZone = event?.location.time_zone ?? venue?.time_zone ?? DEFAULT_ZONE;
  const currency = event?.currency ?? venue?.currency ?? "mxn";
  const rates: FeeRates | null = event ? feeRatesFromBody(event.rates) : venue ? feeRatesFromBody(venue.rates) : null;
  const cancelled = event?.status === "cancelled";
  const save = useConsoleMutation({
    mutationFn: ({ venue: venueUuid, series: slug, fields }: ReturnType<typeof schema.parse>) =>
      event
        ? updateEvent(event.uuid, fields)
        : createEvent({ ...fields, location_uuid: venueUuid, series_slug: slug || null }),
    invalidates: [venueLists.events, venueLists.event],
    success: (saved) => t("events.saved", { name: saved.name }),
    navigateTo: pathTo("operatorEvents"),
  });
  const input = { disabled: cancelled };
  const upper = currency.toUpperCase();

  return (
    <>
      {event && <EventSalesSummary event={event} />}
      <ConsoleForm
        form={form}
        mutation={save}
        submitLabel={cancelled ? null : t("events.save")}
        invalidMessage={t("events.invalid")}
        actions={
          <Link className="button button-secondary" to={pathTo("operatorEvents")}>
            {t("cancel")}
          </Link>
        }
      >
        <Field<EventForm> name="venue" label={t("events.venue")}>
          {(control) => (
            <select {...control} className="input select" disabled={Boolean(event)}>
              {event ? (
                <option value={event.location.uuid}>{event.location.name}</option>
              ) : (
                venues.map((option) => (
                  <option key={option.uuid} value={option.uuid}>
                    {option.name}
                  </option>
                ))
              )}
            </select>
          )}
        </Field>
        <Field<EventForm> name="series" label={t("events.series")}>
          {(control) => (
            <select {...control} className="input select" disabled={Boolean(event)}>
              <option value="">{t("events.no_series")}</option>
              {event?.series ? (
                <option value={event.series.slug}>{event.series.name}</option>
              ) : (
                series.data?.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {option.name}
                  </option>
                ))
              )}
            </select>
          )}
        </Field>
        <Field<EventForm> name="name" label={t("events.name")} input={input} />
        <Field<EventForm> name="description" label={t("events.description")}>
          {(control) => <textarea {...control} className="input" rows={2} disabled={cancelled} />}
        </Field>
        <fieldset>
          <legend>{t("events.clock", { zone: timeZone })}</legend>
          {(["starts_at", "ends_at", "sales_open_at", "sales_close_at"] as const).map((name) => (
            <Field<EventForm>
              key={name}
              name={name}
              label={t(`events.${name}`)}
              input={{ ...input, type: "datetime-local" }}
            />
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("events.places_price")}</legend>
          <Field<EventForm> name="places" label={t("events.places_label")} input={{ ...input, inputMode: "numeric" }} />
          <Field<EventForm>
            name="amount"
            label={t("events.amount", { currency: upper })}
            input={{ ...input, inputMode: "decimal" }}
          />
          <AmountRange currency={upper} disabled={cancelled} />
          {rates && <AllInPrice rates={rates} currency={currency} />}
        </fieldset>
      </ConsoleForm>
    </>
  );
}

/** "The driver chooses the amount", and then from how little to how much. */
function AmountRange({ currency, disabled }: { currency: string; disabled: boolean }) {
  const { t } = useConsoleFormat();
  const { register } = useFormContext<EventForm>();
  const editable = useWatch<EventForm, "editable">({ name: "editable" });
  return (
    <>
      <label className="console-checkbox">
        <input type="checkbox" disabled={disabled} {...register("editable")} />
        {t("events.editable")}
      </label>
      {editable && (
        <>
          <Field<EventForm>
            name="min_amount"
            label={t("events.min_amount", { currency })}
            input={{ disabled, inputMode: "decimal" }}
          />
          <Field<EventForm>
            name="max_amount"
            label={t("events.max_amount", { currency })}
            input={{ disabled, inputMode: "decimal" }}
          />
        </>
      )}
    </>
  );
}

/** What a driver pays all in for the suggested amount, as it is typed. */
function AllInPrice({ rates, currency }: { rates: FeeRates; currency: AdminEvent["currency"] }) {
  const { t, money } = useConsoleFormat();
  const suggested = parseMinorUnits(useWatch<EventForm, "amount">({ name: "amount" }));
  if (suggested === null || suggested <= 0) return null;
  const allIn = feeBreakdown(suggested, rates);
  return (
    <p className="console-wide" data-testid="event-all-in" aria-live="polite">
      {t("events.all_in", { total: money(allIn.total, currency), subtotal: money(allIn.subtotal, currency) })}
    </p>
  );
}
