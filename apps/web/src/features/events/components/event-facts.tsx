import type { Event } from "@estaciona/contracts/schemas/events";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";

/** What, when and where: the event's description, its times on the venue's clock, the venue and places left. */
export function EventFacts({ event }: { event: Event }) {
  const { t } = useTranslation("events");
  const { dateTimeRange } = useParkingFormat();
  const zone = event.location.time_zone;
  return (
    <>
      {event.description && <p>{event.description}</p>}
      <dl className="detail-list">
        <div className="detail-list-row">
          <dt>{t("page.when")}</dt>
          <dd>{dateTimeRange(event.starts_at, event.ends_at, zone)}</dd>
        </div>
        <div className="detail-list-row">
          <dt>{t("page.venue")}</dt>
          <dd>
            {event.location.name}
            <br />
            <span className="muted">{event.location.address}</span>
          </dd>
        </div>
        <div className="detail-list-row">
          <dt>{t("page.places")}</dt>
          <dd>{event.places_left === 0 ? t("page.sold_out") : event.places_left}</dd>
        </div>
      </dl>
    </>
  );
}
