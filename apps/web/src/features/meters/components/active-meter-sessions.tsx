import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { meterSessionsQuery } from "../api/meters.ts";
import { MeterSessionCard } from "./session-card.tsx";
import "../../../lib/catalogues/meters.ts";

/** Home's meter part: each running session with its countdown, and the way to pay a meter. */
export function ActiveMeterSessions() {
  const { t } = useTranslation("meters");
  const sessions = useQuery(meterSessionsQuery("active"));
  const running = sessions.data ?? [];
  return (
    <>
      {running.map((session) => (
        <MeterSessionCard key={session.uuid} session={session} fetchedAt={sessions.dataUpdatedAt} headingLevel={2} />
      ))}
      <p>
        <Link className="link" to={paths.meters.path}>
          {t("meters_link")}
        </Link>
      </p>
    </>
  );
}
