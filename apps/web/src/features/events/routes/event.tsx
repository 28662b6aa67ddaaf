import type { Event } from "@estaciona/contracts/schemas/events";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { eventQuery } from "../api/events.ts";
import { BuyPanel } from "../components/buy-panel.tsx";
import { EventFacts } from "../components/event-facts.tsx";
import "../../../lib/catalogues/events.ts";
import "../styles/events.css";

/** The series with a landing of its own (docs/product/screens-and-routes.md: /evento/peninsula). */
const LANDING_SERIES = "peninsula";

/** /eventos/{uuid}: the event, its places left, and buying parking for it (the guard added checkout=1). */
export default function EventScreen() {
  const { uuid = "" } = useParams();
  const { t } = useTranslation("events");
  const event = useQuery(eventQuery(uuid));
  return (
    <Page title={event.data?.name ?? t("page.title")}>
      {event.data ? <EventView event={event.data} /> : <LoadingSection />}
    </Page>
  );
}

function EventView({ event }: { event: Event }) {
  const { t } = useTranslation("events");
  const { dateTime } = useParkingFormat();
  const notice =
    event.status === "cancelled"
      ? t("page.cancelled")
      : event.places_left === 0
        ? t("page.sold_out")
        : !event.sales.open && Date.parse(event.sales.open_at) > Date.now()
          ? t("page.sales_not_open", { time: dateTime(event.sales.open_at, event.location.time_zone) })
          : !event.sales.open
            ? t("page.sales_closed")
            : null;
  return (
    <div className="event-page">
      <EventFacts event={event} />
      {notice ? <p className="notice">{notice}</p> : <BuyPanel event={event} />}
      {event.series?.slug === LANDING_SERIES && (
        <Link className="link" to={pathTo("peninsula")}>
          {t("page.series_link", { series: event.series.name })}
        </Link>
      )}
    </div>
  );
}
