import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { awaitingReferencesQuery } from "../../payment-references/index.ts";

// As the reference's own screen reads its expiry (docs/decisions/0330): on its lot's clock, or
// the phone's when no lot sells it (a balance top-up).
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The references the driver still has to pay at a store or by transfer (issue 27: "the reference …
 * in the receipts list"), above the month's payments: what each pays for, how, the amount and the
 * time to pay before, each leading to its reference. Paid, one becomes a payment of the list.
 */
export function AwaitingReferences() {
  const { t, money, dateTime } = useParkingFormat();
  const references = useQuery(awaitingReferencesQuery());
  const awaiting = references.data ?? [];
  if (awaiting.length === 0) return null;
  return (
    <section className="card" aria-labelledby="awaiting-references-title">
      <h2 id="awaiting-references-title">{t("history.awaiting_title")}</h2>
      <ul className="history-list">
        {awaiting.map((reference) => (
          <li key={reference.payment_uuid} className="history-entry">
            <div className="history-entry-main">
              <Link className="link" to={pathTo("reference", { uuid: reference.payment_uuid })}>
                {t(`payable.${reference.product}.product`)}
              </Link>
              <span className="history-entry-amount">{money(reference.amount, reference.currency)}</span>
            </div>
            <p className="history-entry-note">{reference.description}</p>
            <p className="muted history-entry-note">
              {t(`history.awaiting_rail_${reference.rail}`)} ·{" "}
              {t("history.awaiting_before", {
                time: dateTime(reference.expires_at, reference.time_zone ?? browserZone()),
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
