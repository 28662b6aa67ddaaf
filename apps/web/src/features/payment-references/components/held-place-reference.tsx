import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { ReferenceDetails } from "./reference-details.tsx";
import "../../../lib/catalogues/home.ts";

/**
 * A pass or an event place bought by reference (docs/decisions/0321): the reference to pay, the place
 * held until it expires on the lot's clock (an event's never past its start), and a way to what it
 * holds; once paid, the pass is active or the place confirmed (`onPaid` refreshes their reads).
 */
export function HeldPlaceReference({
  paymentUuid,
  timeZone,
  holds,
  to,
  onPaid,
}: {
  paymentUuid: string;
  timeZone: string;
  holds: "pass" | "event";
  /** The pass's or the event visit's page. */
  to: string;
  onPaid: () => void;
}) {
  const { t } = useTranslation("home");
  const { dateTime } = useParkingFormat();
  return (
    <ReferenceDetails
      paymentUuid={paymentUuid}
      timeZone={timeZone}
      paidText={t(`reference_paid_${holds}`)}
      note={(reference) => t("reference_held_until", { time: dateTime(reference.expires_at, timeZone) })}
      onPaid={onPaid}
    >
      <Link className="button button-secondary button-block" to={to}>
        {t(`reference_see_${holds}`)}
      </Link>
    </ReferenceDetails>
  );
}
