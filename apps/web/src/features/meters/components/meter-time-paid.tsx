import type { MeterSession } from "@estaciona/contracts/schemas/meters";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths } from "../../../config/paths.ts";
import { MeterSessionCard } from "./session-card.tsx";

/** Time bought: the zone, the end on the zone's clock, the plate, and the running session's card. */
export function MeterTimePaid({
  session,
  fetchedAt,
  timeZone,
}: {
  session: MeterSession;
  fetchedAt: number;
  timeZone: string;
}) {
  const { t } = useTranslation(["meters", "parking"]);
  const { time } = useParkingFormat();
  return (
    <section className="pay-panel pay-outcome pay-success" aria-labelledby="meter-paid-title" role="status">
      <h2 id="meter-paid-title">{t("paid_title")}</h2>
      <p>
        {t("paid_text", {
          code: session.zone.zone_code,
          time: time(session.ends_at, timeZone),
          plate: session.vehicle.plate,
        })}
      </p>
      <MeterSessionCard session={session} fetchedAt={fetchedAt} />
      <Link className="button button-secondary" to={paths.dashboard.path}>
        {t("parking:checkout.back_home")}
      </Link>
    </section>
  );
}
