import type { Currency } from "@estaciona/contracts";
import { BALANCE_TOP_UP_CHOICES } from "@estaciona/contracts/balance";
import type { PaymentReference, ReferenceRail } from "@estaciona/contracts/schemas/references";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { paymentReferenceQuery, refreshBalances, topUpBalanceByReference } from "../api/balance.ts";
import "../../../lib/catalogues/home.ts";

/** How often a waiting reference is read again while its screen is open. */
const REFERENCE_POLL_MS = 5_000;

/**
 * A top-up paid in cash at OXXO or by SPEI (docs/decisions/0280), for Mexican places: the driver
 * picks the rail and an amount, and gets the reference to pay — amount, OXXO reference or CLABE,
 * expiry, how to pay — read again until it is paid (the balance then refreshes) or expires.
 */
export function ReferenceTopUp({
  location,
  room,
}: {
  location: { uuid: string; currency: Currency };
  /** What the balance may still take under its cap. */
  room: number;
}) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  const [rail, setRail] = useState<ReferenceRail>("oxxo");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [paymentUuid, setPaymentUuid] = useState<string | null>(null);
  const attempt = useRef<{ key: string; what: string } | null>(null);

  const ask = async (amount: number) => {
    const what = `${rail}:${amount}`;
    if (attempt.current?.what !== what) attempt.current = { key: crypto.randomUUID(), what };
    setBusy(true);
    setFailure(null);
    try {
      const answer = await topUpBalanceByReference({ location_uuid: location.uuid, amount, rail }, attempt.current.key);
      attempt.current = null;
      setPaymentUuid(answer.reference.payment_uuid);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setFailure(error.description ?? errorMessage(error.code, null));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <fieldset className="home-balance-top-up">
        <legend className="field-label">{t("balance_reference_label")}</legend>
        <div className="segmented" role="radiogroup" aria-label={t("balance_reference_label")}>
          {(["oxxo", "spei"] as const).map((choice) => (
            <label key={choice} className="segmented-option">
              <input
                type="radio"
                name="balance-reference-rail"
                value={choice}
                checked={rail === choice}
                onChange={() => setRail(choice)}
              />{" "}
              {t(`balance_rail_${choice}`)}
            </label>
          ))}
        </div>
        <div className="segmented">
          {BALANCE_TOP_UP_CHOICES[location.currency].map((amount) => (
            <button
              key={amount}
              type="button"
              className="segmented-option"
              disabled={busy || amount > room}
              onClick={() => void ask(amount)}
            >
              {t("balance_reference_for", { amount: money(amount, location.currency) })}
            </button>
          ))}
        </div>
      </fieldset>
      {failure && (
        <div className="pay-error" role="alert">
          <p>{failure}</p>
        </div>
      )}
      {paymentUuid && <ReferenceDetails paymentUuid={paymentUuid} />}
    </>
  );
}

function ReferenceDetails({ paymentUuid }: { paymentUuid: string }) {
  const { t, i18n } = useTranslation("home");
  const { money, dateTime } = useParkingFormat();
  const queryClient = useQueryClient();
  const reference = useQuery({
    ...paymentReferenceQuery(paymentUuid),
    refetchInterval: (query) => (query.state.data?.status === "awaiting" ? REFERENCE_POLL_MS : false),
  });
  const status = reference.data?.status;
  useEffect(() => {
    if (status === "paid") void refreshBalances(queryClient);
  }, [status, queryClient]);
  const shown: PaymentReference | undefined = reference.data;
  if (!shown) return null;
  return (
    <section className="notice" aria-labelledby="balance-reference-title">
      <h3 id="balance-reference-title">{t("balance_reference_title")}</h3>
      <p role="status">{t(`balance_reference_status_${shown.status}`)}</p>
      <dl>
        <dt>{t("balance_reference_amount")}</dt>
        <dd>{money(shown.amount, shown.currency)}</dd>
        <dt>{t(`balance_reference_number_${shown.rail}`)}</dt>
        <dd data-testid="reference-number">{shown.number}</dd>
        {shown.bank && (
          <>
            <dt>{t("balance_reference_bank")}</dt>
            <dd>{shown.bank}</dd>
          </>
        )}
        <dt>{t("balance_reference_expires")}</dt>
        <dd>{dateTime(shown.expires_at, Intl.DateTimeFormat().resolvedOptions().timeZone)}</dd>
      </dl>
      {shown.barcode_url && <img src={shown.barcode_url} alt={t("balance_reference_number_oxxo")} />}
      <p>{t(`balance_reference_howto_${shown.rail}`)}</p>
      <p className="muted">{t("balance_reference_after")}</p>
      {shown.sandbox_url && shown.status === "awaiting" && (
        <a className="link" href={`${shown.sandbox_url}?lang=${i18n.language.startsWith("en") ? "en" : "es"}`}>
          {t("balance_reference_sandbox")}
        </a>
      )}
    </section>
  );
}
