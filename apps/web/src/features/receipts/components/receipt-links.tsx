import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { productReceiptsQuery } from "../api/receipts.ts";
import "../../../lib/catalogues/parking.ts";

/**
 * A product screen's way to its receipts (an event pass, a meter session and its extensions, a
 * valet ticket, a pass's periods): one link per paid charge, named as every payment list names it
 * ("Pensión mensual · Fundidora · 27 nov"), nothing while none is paid.
 */
export function ReceiptLinks({ productUuid }: { productUuid: string }) {
  const { t, money } = useParkingFormat();
  const receipts = useQuery(productReceiptsQuery(productUuid));
  if (!receipts.data?.length) return null;
  return (
    <ul className="receipt-links">
      {receipts.data.map((receipt) => (
        <li key={receipt.payment_uuid}>
          <Link className="link" to={pathTo("receipt", { uuid: receipt.payment_uuid })}>
            {t("receipt.link")}: {receipt.line} · {money(receipt.amounts.total, receipt.amounts.currency)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
