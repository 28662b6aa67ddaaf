import type { AdminEvent } from "@estaciona/contracts/schemas/events";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { formatInZone } from "../../../components/parking/zoned-time.ts";
import { pathTo } from "../../../config/paths.ts";
import { createSeries, type EventPeriod, operatorEventsQuery, operatorSeriesQuery, venueLists } from "../api/venues.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { StatusPill } from "../components/status-pill.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

const PERIODS: EventPeriod[] = ["upcoming", "past"];

/** /operador/eventos: the organisation's events, upcoming or past, with places sold; and its series. */
export default function EventsScreen() {
  const { t } = useConsoleFormat();
  const [period, setPeriod] = useState<EventPeriod>("upcoming");
  const events = useInfiniteQuery(operatorEventsQuery(period));
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page
      title={t("events.title")}
      actions={
        <Link className="button button-primary" to={pathTo("operatorNewEvent")}>
          {t("events.new")}
        </Link>
      }
    >
      <fieldset className="console-periods">
        <legend className="visually-hidden">{t("events.periods")}</legend>
        {PERIODS.map((option) => (
          <label key={option} className="console-period">
            <input
              type="radio"
              name="period"
              value={option}
              checked={period === option}
              onChange={() => setPeriod(option)}
            />
            {t(`events.${option}`)}
          </label>
        ))}
      </fieldset>
      <ConsoleList
        label={t(`events.${period}`)}
        list={events}
        count={rows.length}
        empty={t(period === "upcoming" ? "events.empty_upcoming" : "events.empty_past")}
        framed={false}
      >
        <ul className="console-grid card-list" data-testid="operator-events">
          {rows.map((event) => (
            <EventCard key={event.uuid} event={event} />
          ))}
        </ul>
      </ConsoleList>
      <SeriesSection />
    </Page>
  );
}

function EventCard({ event }: { event: AdminEvent }) {
  const { t, money } = useConsoleFormat();
  const { i18n } = useTranslation();
  const status = event.status === "cancelled" ? "cancelled" : event.sales.open ? "on_sale" : "scheduled";
  const price = event.amount.editable
    ? t("events.price_editable", {
        price: money(event.amount.suggested, event.currency),
        min: money(event.amount.min, event.currency),
        max: money(event.amount.max, event.currency),
      })
    : t("events.price", { price: money(event.amount.suggested, event.currency) });
  return (
    <li className="card operator-event" data-status={event.status}>
      <Link to={pathTo("operatorEvent", { uuid: event.uuid })}>
        <strong>{event.name}</strong>
      </Link>
      <span className="muted">
        {t("events.starts", {
          when: formatInZone(event.starts_at, {
            locale: i18n.language,
            timeZone: event.location.time_zone,
            withDate: true,
          }),
          venue: event.location.name,
        })}
      </span>
      <span>{price}</span>
      <meter
        className="occupancy"
        min={0}
        max={Math.max(event.places, 1)}
        value={event.places_sold}
        aria-label={t("events.places_meter", { name: event.name })}
      />
      <span>{t("events.places", { sold: event.places_sold, left: event.places_left, places: event.places })}</span>
      <StatusPill
        status={status === "cancelled" ? "failed" : status === "on_sale" ? "active" : "pending"}
        label={t(`events.status_${status}`)}
      />
    </li>
  );
}

function SeriesSection() {
  const { t } = useConsoleFormat();
  const series = useQuery(operatorSeriesQuery());
  const [open, setOpen] = useState(false);
  const create = useConsoleMutation({
    mutationFn: createSeries,
    invalidates: [venueLists.series],
    onSuccess: () => setOpen(false),
    success: (created) => t("events.series_saved", { name: created.name }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({
      slug: String(form.get("slug") ?? "").trim(),
      name: String(form.get("name") ?? ""),
      description: String(form.get("description") ?? ""),
    });
  };
  return (
    <section className="card" aria-labelledby="series-title">
      <div className="page-heading">
        <h2 id="series-title" className="section-title">
          {t("events.series_title")}
        </h2>
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          {t("events.series_new")}
        </button>
      </div>
      <p className="muted">{t("events.series_hint")}</p>
      {!series.data ? (
        <LoadingSection />
      ) : series.data.length === 0 ? (
        <p className="muted">{t("events.series_none")}</p>
      ) : (
        <ul className="console-series">
          {series.data.map((row) => (
            <li key={row.slug}>
              <strong>{row.name}</strong> <span className="muted">/{row.slug}</span> ·{" "}
              {t("events.series_upcoming", { count: row.upcoming_events })}
            </li>
          ))}
        </ul>
      )}
      <FormDialog open={open} title={t("events.series_new")} onClose={() => setOpen(false)}>
        <form className="form" onSubmit={submit}>
          <FormField label={t("events.series_slug")} hint={t("events.series_slug_hint")}>
            {(control) => (
              <input {...control} className="input" name="slug" required autoCapitalize="none" pattern="[a-z0-9\-]+" />
            )}
          </FormField>
          <FormField label={t("events.series_name")}>
            {(control) => <input {...control} className="input" name="name" required />}
          </FormField>
          <FormField label={t("events.series_description")}>
            {(control) => <textarea {...control} className="input" name="description" rows={3} />}
          </FormField>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary" disabled={create.isPending}>
              {t("events.series_create")}
            </button>
          </div>
        </form>
      </FormDialog>
    </section>
  );
}
