import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { downloadReceiptPdf } from "../api/receipts.ts";

/**
 * A receipt's actions: print, its PDF, and "request invoice" on a Mexican lot (the billing screen,
 * which shows in Spanish only, docs/product/screens-and-routes.md).
 */
export function ReceiptActions({ paymentUuid, invoiceable }: { paymentUuid: string; invoiceable: boolean }) {
  const { t, i18n } = useTranslation("parking");
  const pdf = useMutation({ mutationFn: () => downloadReceiptPdf(paymentUuid) });
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => window.print()}>
        {t("receipt.print")}
      </button>
      <button type="button" className="button button-secondary" disabled={pdf.isPending} onClick={() => pdf.mutate()}>
        {t("receipt.pdf")}
      </button>
      {invoiceable && i18n.language === "es" && (
        <Link className="button button-secondary" to={pathTo("billing")}>
          {t("receipt.request_invoice")}
        </Link>
      )}
      {pdf.error && (
        <p role="alert">
          {pdf.error instanceof ApiError
            ? errorMessage(pdf.error.code, pdf.error.description)
            : errorMessage(null, null)}
        </p>
      )}
    </>
  );
}
