import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { productReceiptsQuery } from "../api/receipts.ts";
import "../../../lib/catalogues/parking.ts";

/**
 * A product screen's way to its receipts (an event pass, a meter session and its extensions, a
 * valet ticket, a pass's periods): one link per paid charge, nothing while none is paid.
 */
export function ReceiptLinks({ productUuid, timeZone }: { productUuid: string; timeZone: string }) {
  const { t, money, dateTime } = useParkingFormat();
  const receipts = useQuery(productReceiptsQuery(productUuid));
  if (!receipts.data?.length) return null;
  return (
    <ul className="receipt-links">
      {receipts.data.map((receipt) => (
        <li key={receipt.payment_uuid}>
          <Link className="link" to={pathTo("receipt", { uuid: receipt.payment_uuid })}>
            {t("receipt.link")} · {dateTime(receipt.issued_at, timeZone)} ·{" "}
            {money(receipt.amounts.total, receipt.amounts.currency)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
