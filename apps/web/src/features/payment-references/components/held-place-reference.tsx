import { useEffect, useState } from "react";
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
  /** The pass's or the event visit's page; none when already on it. */
  to?: string;
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
      {to && (
        <Link className="button button-secondary button-block" to={to}>
          {t(`reference_see_${holds}`)}
        </Link>
      )}
    </ReferenceDetails>
  );
}

/**
 * The reference still waiting to be paid for a held pass or event place, shown on its page when the
 * driver comes back (docs/decisions/0330): the newest charge awaiting the driver's action. A card's
 * 3-D Secure charge also awaits; the reference read answers "not found" for it and nothing shows.
 */
export function WaitingReference({
  payments,
  timeZone,
  holds,
  onPaid,
}: {
  /** The product's payments, newest first. */
  payments: readonly { uuid: string; status: string }[];
  timeZone: string;
  holds: "pass" | "event";
  onPaid: () => void;
}) {
  const waiting = payments.find((payment) => payment.status === "requires_action")?.uuid;
  // Once paid the charge no longer waits, but the reference stays on screen to say it was paid.
  const [shown, setShown] = useState<string | undefined>(waiting);
  useEffect(() => {
    if (waiting) setShown(waiting);
  }, [waiting]);
  const uuid = waiting ?? shown;
  if (!uuid) return null;
  return <HeldPlaceReference paymentUuid={uuid} timeZone={timeZone} holds={holds} onPaid={onPaid} />;
}
