import type { Currency } from "@estaciona/contracts";
import { BALANCE_TOP_UP_CHOICES } from "@estaciona/contracts/balance";
import type { ReferenceRail } from "@estaciona/contracts/schemas/references";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { ReferenceDetails } from "../../payment-references/index.ts";
import { refreshBalances, topUpBalanceByReference } from "../api/balance.ts";
import "../../../lib/catalogues/home.ts";

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
  const queryClient = useQueryClient();
  const onPaid = useCallback(() => void refreshBalances(queryClient), [queryClient]);

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
              {t(`reference_rail_${choice}`)}
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
      {paymentUuid && (
        <ReferenceDetails
          paymentUuid={paymentUuid}
          paidText={t("balance_reference_status_paid")}
          note={() => t("balance_reference_after")}
          onPaid={onPaid}
        />
      )}
    </>
  );
}
