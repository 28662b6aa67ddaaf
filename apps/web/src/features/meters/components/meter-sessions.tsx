import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { meterSessionsQuery } from "../api/meters.ts";
import { MeterSessionCard } from "./session-card.tsx";

/** The driver's meter time: running sessions with their countdown, then the earlier ones. */
export function MeterSessions() {
  const { t } = useTranslation("meters");
  const { time } = useParkingFormat();
  const active = useQuery(meterSessionsQuery("active"));
  const past = useQuery(meterSessionsQuery("past"));
  return (
    <section aria-labelledby="meter-sessions-title" className="dashboard-section">
      <h2 id="meter-sessions-title">{t("sessions_title")}</h2>
      <h3>{t("active_title")}</h3>
      {!active.data ? (
        <LoadingSection />
      ) : active.data.length === 0 ? (
        <p className="muted">{t("no_active")}</p>
      ) : (
        active.data.map((session) => (
          <MeterSessionCard key={session.uuid} session={session} fetchedAt={active.dataUpdatedAt} />
        ))
      )}
      <h3>{t("past_title")}</h3>
      {!past.data ? (
        <LoadingSection />
      ) : past.data.length === 0 ? (
        <p className="muted">{t("no_past")}</p>
      ) : (
        <ul className="meter-zone-list">
          {past.data.map((session) => (
            <li key={session.uuid} className="meter-zone-row">
              <span className="meter-zone-code">{session.zone.zone_code}</span>
              <span className="meter-zone-name">
                <span className="plate-badge plate-badge-small">{session.vehicle.plate}</span>{" "}
                {t("paid_until", { time: time(session.ends_at, session.zone.time_zone) })}
              </span>
              <span className="muted">{t(`status.${session.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
