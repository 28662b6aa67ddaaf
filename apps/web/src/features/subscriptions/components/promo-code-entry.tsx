import type { PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { usePassFormat } from "../lib/format.ts";

/** The promo code box: "Apply" asks for a new quote with the code; the discount it gives, or why not. */
export function PromoCodeEntry({
  initialCode,
  refusal,
  quote,
  onApply,
}: {
  initialCode: string;
  /** Why the code was refused, in the reader's language. */
  refusal: string | undefined;
  quote: PlanQuote | undefined;
  onApply: (code: string) => void;
}) {
  const { t } = usePassFormat();
  const [codeInput, setCodeInput] = useState(initialCode);
  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    onApply(codeInput.trim().toUpperCase());
  };
  return (
    <form className="card" onSubmit={applyCode}>
      <div className="promo-form">
        <FormField label={t("subscriptions:plan.promo_label")} error={refusal}>
          {(ids) => (
            <input
              {...ids}
              className="input"
              value={codeInput}
              autoCapitalize="characters"
              onChange={(event) => setCodeInput(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="button button-secondary" disabled={!codeInput.trim()}>
          {t("subscriptions:plan.promo_apply")}
        </button>
      </div>
      {quote?.discount && <PromoSummary quote={quote} />}
    </form>
  );
}

function PromoSummary({ quote }: { quote: PlanQuote }) {
  const { t, money } = usePassFormat();
  const discount = quote.discount;
  if (!discount) return null;
  const off =
    discount.kind === "percent"
      ? t("subscriptions:promo.off_percent", { value: discount.value })
      : t("subscriptions:promo.off_amount", { amount: money(discount.value, quote.plan.currency) });
  const periods =
    discount.periods === null
      ? t("subscriptions:plan.promo_always")
      : t("subscriptions:plan.promo_periods", { count: discount.periods });
  return (
    <p className="pass-note" role="status">
      {t("subscriptions:plan.promo_applied", { code: discount.code, off })} {periods}
    </p>
  );
}
