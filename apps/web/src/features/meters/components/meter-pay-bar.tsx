import { useTranslation } from "react-i18next";
import type { MeterPurchaseOutcome } from "../lib/use-meter-purchase.ts";

/** The payment's refusal or bank check, and Pay with the total on it. */
export function MeterPayBar({
  outcome,
  total,
  disabled,
  onPay,
}: {
  outcome: MeterPurchaseOutcome;
  /** The all-in price, formatted. */
  total: string;
  disabled: boolean;
  onPay: () => void;
}) {
  const { t } = useTranslation("meters");
  return (
    <>
      {outcome.kind === "failed" && (
        <div className="pay-error" role="alert">
          <p>{outcome.message}</p>
        </div>
      )}
      {outcome.kind === "three_ds" && (
        <p role="status" className="muted">
          {t("three_ds")}
        </p>
      )}
      {/* Kept in view at the curb: on a phone the breakdown may run below the fold, the total and Pay do not. */}
      <div className="meter-pay-bar">
        <button type="button" className="button button-primary button-block" disabled={disabled} onClick={onPay}>
          {outcome.kind === "paying" ? t("paying") : t("pay", { amount: total })}
        </button>
      </div>
    </>
  );
}
