import type { PaymentReference } from "@estaciona/contracts/schemas/references";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paymentReferenceQuery } from "../api/references.ts";
import "../../../lib/catalogues/home.ts";

/** How often a waiting reference is read again while its screen is open. */
const REFERENCE_POLL_MS = 5_000;

/**
 * One reference to pay (docs/decisions/0280): amount, OXXO reference and barcode or CLABE and bank,
 * the expiry on the given clock (the lot's for a held place), how to pay, read again until it is
 * paid (`onPaid`, once) or expires. `paidText` and `note` say what this reference pays for.
 */
export function ReferenceDetails({
  paymentUuid,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  paidText,
  note,
  onPaid,
  children,
}: {
  paymentUuid: string;
  timeZone?: string;
  paidText: string;
  /** Under the instructions: what happens after paying, or how long a place is held. */
  note: (reference: PaymentReference) => string;
  onPaid?: () => void;
  /** Shown under the reference, e.g. a link to what it pays for. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("home");
  const { money, dateTime } = useParkingFormat();
  const reference = useQuery({
    ...paymentReferenceQuery(paymentUuid),
    refetchInterval: (query) => (query.state.data?.status === "awaiting" ? REFERENCE_POLL_MS : false),
  });
  const status = reference.data?.status;
  useEffect(() => {
    if (status === "paid") onPaid?.();
  }, [status, onPaid]);
  const shown = reference.data;
  if (!shown) return null;
  const awaiting = shown.status === "awaiting";
  return (
    <section className="notice" aria-labelledby="payment-reference-title">
      <h3 id="payment-reference-title">{t("reference_title")}</h3>
      <p role="status">{shown.status === "paid" ? paidText : t(`reference_status_${shown.status}`)}</p>
      <dl>
        <dt>{t(awaiting ? "reference_amount" : "reference_amount_settled")}</dt>
        <dd>{money(shown.amount, shown.currency)}</dd>
        <dt>{t(`reference_number_${shown.rail}`)}</dt>
        <dd data-testid="reference-number">{shown.number}</dd>
        {shown.bank && (
          <>
            <dt>{t("reference_bank")}</dt>
            <dd>{shown.bank}</dd>
          </>
        )}
        {/* When to pay by, while it can be paid; when it ran out, once it did; nothing once paid or voided. */}
        {(awaiting || shown.status === "expired") && (
          <>
            <dt>{t(awaiting ? "reference_expires" : "reference_expired_on")}</dt>
            <dd>{dateTime(shown.expires_at, timeZone)}</dd>
          </>
        )}
      </dl>
      {shown.barcode_url && <img src={shown.barcode_url} alt={t("reference_number_oxxo")} />}
      {awaiting && <p>{t(`reference_howto_${shown.rail}`)}</p>}
      {awaiting && <p className="muted">{note(shown)}</p>}
      {shown.sandbox_url && awaiting && (
        <a className="link" href={`${shown.sandbox_url}?lang=${i18n.language.startsWith("en") ? "en" : "es"}`}>
          {t("reference_sandbox")}
        </a>
      )}
      {children}
    </section>
  );
}
