import { type FeeRates, feeBreakdown } from "@estaciona/contracts";
import { parseMinorUnits } from "@estaciona/contracts/money";
import type { AdminEvent } from "@estaciona/contracts/schemas/events";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { formatInZone } from "../../../components/parking/zoned-time.ts";
import { pathTo } from "../../../config/paths.ts";
import { cancelEvent, createEvent, operatorSeriesQuery, updateEvent, venueLists } from "../api/venues.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { type EventFields, type EventForm, type FieldName, fieldsOf, formOf, newEventForm } from "../lib/event-form.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { StatusPill } from "./status-pill.tsx";

/** An event's fields, its price preview and places; saving goes back to the events, cancelling asks first. */
export function EventEditor({ event, venues }: { event: AdminEvent | undefined; venues: OperatorLocation[] }) {
  const { t, money } = useConsoleFormat();
  const { i18n } = useTranslation();
  const series = useQuery({ ...operatorSeriesQuery(), enabled: !event });
  const [form, setForm] = useState<EventForm>(event ? formOf(event) : newEventForm(venues[0]));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const venue = venues.find((location) => location.uuid === form.venue);
  const timeZone = event?.location.time_zone ?? venue?.time_zone ?? "America/Monterrey";
  const currency = event?.currency ?? venue?.currency ?? "mxn";
  const rates: FeeRates | null = event ? feeRatesFromBody(event.rates) : venue ? feeRatesFromBody(venue.rates) : null;
  const { fields, invalid } = fieldsOf(form, timeZone);
  const cancelled = event?.status === "cancelled";

  const save = useConsoleMutation({
    mutationFn: (valid: EventFields) =>
      event
        ? updateEvent(event.uuid, valid)
        : createEvent({ ...valid, location_uuid: form.venue, series_slug: form.series || null }),
    invalidates: [venueLists.events, venueLists.event],
    success: (saved) => t("events.saved", { name: saved.name }),
    navigateTo: pathTo("operatorEvents"),
  });
  const cancel = useConsoleMutation({
    mutationFn: () => cancelEvent(event?.uuid ?? ""),
    invalidates: [venueLists.events, venueLists.event],
    onSuccess: () => setConfirming(false),
    success: (done) => t("events.cancelled", { name: done.name }),
  });

  const set = <K extends FieldName>(name: K, value: EventForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));
  const errorOf = (name: FieldName) => (submitted && invalid.has(name) ? t("events.invalid") : undefined);
  const input = (
    name: FieldName,
    label: string,
    options: { type?: string; inputMode?: "decimal" | "numeric"; hint?: ReactNode } = {},
  ) => (
    <FormField label={label} error={errorOf(name)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          type={options.type ?? "text"}
          inputMode={options.inputMode}
          disabled={cancelled}
          value={form[name] as string}
          onChange={(change) => set(name, change.target.value as never)}
        />
      )}
    </FormField>
  );
  const suggested = parseMinorUnits(form.amount);
  const allIn = rates && suggested !== null && suggested > 0 ? feeBreakdown(suggested, rates) : null;
  const when = (iso: string) => formatInZone(iso, { locale: i18n.language, timeZone, withDate: true });

  return (
    <>
      {event && (
        <section
          className="card"
          aria-label={t("events.sold_summary", {
            sold: event.places_sold,
            places: event.places,
            left: event.places_left,
          })}
        >
          <p>
            <StatusPill
              status={cancelled ? "failed" : event.sales.open ? "active" : "pending"}
              label={t(
                cancelled
                  ? "events.status_cancelled"
                  : event.sales.open
                    ? "events.status_on_sale"
                    : "events.status_scheduled",
              )}
            />{" "}
            {t("events.sold_summary", { sold: event.places_sold, places: event.places, left: event.places_left })}
          </p>
          <meter
            className="occupancy"
            min={0}
            max={Math.max(event.places, 1)}
            value={event.places_sold}
            aria-label={t("events.places_meter", { name: event.name })}
          />
          {cancelled && event.cancelled_at && (
            <p className="notice notice-warning" role="status">
              {t("events.cancelled_notice", { when: when(event.cancelled_at) })}
            </p>
          )}
          <div className="console-row-actions">
            <Link className="button button-secondary" to={pathTo("event", { uuid: event.uuid })}>
              {t("events.public_page")}
            </Link>
            {!cancelled && (
              <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
                {t("events.cancel_event")}
              </button>
            )}
          </div>
        </section>
      )}
      <form
        className="console-form"
        noValidate
        onSubmit={(submit) => {
          submit.preventDefault();
          setSubmitted(true);
          if (fields) save.mutate(fields);
        }}
      >
        <FormField label={t("events.venue")}>
          {(control) => (
            <select
              {...control}
              className="input select"
              name="venue"
              disabled={Boolean(event)}
              value={form.venue}
              onChange={(change) => set("venue", change.target.value)}
            >
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
        </FormField>
        <FormField label={t("events.series")}>
          {(control) => (
            <select
              {...control}
              className="input select"
              name="series"
              disabled={Boolean(event)}
              value={form.series}
              onChange={(change) => set("series", change.target.value)}
            >
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
        </FormField>
        {input("name", t("events.name"))}
        <FormField label={t("events.description")}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              name="description"
              rows={2}
              disabled={cancelled}
              value={form.description}
              onChange={(change) => set("description", change.target.value)}
            />
          )}
        </FormField>
        <fieldset>
          <legend>{t("events.clock", { zone: timeZone })}</legend>
          {input("starts_at", t("events.starts_at"), { type: "datetime-local" })}
          {input("ends_at", t("events.ends_at"), { type: "datetime-local" })}
          {input("sales_open_at", t("events.sales_open_at"), { type: "datetime-local" })}
          {input("sales_close_at", t("events.sales_close_at"), { type: "datetime-local" })}
        </fieldset>
        <fieldset>
          <legend>{t("events.places_price")}</legend>
          {input("places", t("events.places_label"), { inputMode: "numeric" })}
          {input("amount", t("events.amount", { currency: currency.toUpperCase() }), { inputMode: "decimal" })}
          <label className="console-checkbox">
            <input
              type="checkbox"
              name="editable"
              disabled={cancelled}
              checked={form.editable}
              onChange={(change) => set("editable", change.target.checked)}
            />
            {t("events.editable")}
          </label>
          {form.editable && (
            <>
              {input("min_amount", t("events.min_amount", { currency: currency.toUpperCase() }), {
                inputMode: "decimal",
              })}
              {input("max_amount", t("events.max_amount", { currency: currency.toUpperCase() }), {
                inputMode: "decimal",
              })}
            </>
          )}
          {allIn && (
            <p className="console-wide" data-testid="event-all-in" aria-live="polite">
              {t("events.all_in", { total: money(allIn.total, currency), subtotal: money(allIn.subtotal, currency) })}
            </p>
          )}
        </fieldset>
        {!cancelled && (
          <div className="form-actions console-row-actions">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t("events.save")}
            </button>
            <Link className="button button-secondary" to={pathTo("operatorEvents")}>
              {t("cancel")}
            </Link>
          </div>
        )}
      </form>
      {event && (
        <ConfirmDialog
          open={confirming}
          title={t("events.cancel_title", { name: event.name })}
          message={t("events.cancel_message", { count: event.places_sold })}
          confirmLabel={t("events.cancel_event")}
          dismissLabel={t("events.keep")}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
