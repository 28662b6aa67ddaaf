import { atMaximumStay } from "@estaciona/contracts/meters";
import type { MeterSession } from "@estaciona/contracts/schemas/meters";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { Countdown } from "./countdown.tsx";
import "../../../lib/catalogues/meters.ts";
import "../meters.css";
import { ReceiptLinks } from "../../receipts/index.ts";

/** A meter session: zone, plate, paid until on the zone's clock, the countdown and Add time while it runs, the invoice once paid. */
export function MeterSessionCard({
  session,
  fetchedAt,
  headingLevel = 3,
}: {
  session: MeterSession;
  fetchedAt: number;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation(["meters", "parking"]);
  const { time, duration } = useParkingFormat();
  // Paid up to the zone's maximum stay: no time can be added, so none is offered (docs/product/parking.md).
  const atMax = atMaximumStay(session, session.zone.max_minutes);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `meter-session-${session.uuid}`;
  return (
    <section className="card meter-session" aria-labelledby={titleId}>
      <Heading id={titleId} className="meter-session-title">
        {t("zone_code", { code: session.zone.zone_code })}
      </Heading>
      <p className="muted">{session.zone.name}</p>
      <p>
        <span className="plate-badge">{session.vehicle.plate}</span>{" "}
        <span className="muted">{t(`status.${session.status}`)}</span>
      </p>
      <p className="meter-session-until">{t("paid_until", { time: time(session.ends_at, session.zone.time_zone) })}</p>
      {session.status === "active" && (
        <p>
          <Countdown endsAt={session.ends_at} serverTime={session.server_time} fetchedAt={fetchedAt} />
        </p>
      )}
      {session.status === "active" && atMax && (
        <p className="meter-max-reached">{t("max_reached", { max: duration(session.zone.max_minutes) })}</p>
      )}
      {session.status === "active" && !atMax && (
        <Link
          className="button button-primary"
          to={pathTo("meter", { uuid: session.zone.uuid }, { session: session.uuid })}
        >
          {t("add_time")}
        </Link>
      )}
      {/* A paid Mexican session can be invoiced; billing shows in Spanish only (docs/product/screens-and-routes.md). */}
      {session.total_paid > 0 && session.currency === "mxn" && i18n.language === "es" && (
        <Link className="button button-secondary" to={pathTo("billing")}>
          {t("parking:visit.invoice_link")}
        </Link>
      )}
      <ReceiptLinks productUuid={session.uuid} />
    </section>
  );
}
