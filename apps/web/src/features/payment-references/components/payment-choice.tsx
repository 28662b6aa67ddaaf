import type { Country } from "@estaciona/contracts";
import { REFERENCE_RAILS, type ReferenceRail } from "@estaciona/contracts/schemas/references";
import { useTranslation } from "react-i18next";
import "../../../lib/catalogues/home.ts";

export type PaymentChoiceValue = "card" | ReferenceRail;

/** Only Mexican places are paid by reference (docs/decisions/0280): a US host never offers it. */
export const offersReferences = (country: Country) => country === "mx";

/**
 * How a pass or an event place is paid (docs/decisions/0321): by card (the card choice shows
 * under it), in cash at OXXO or by SPEI transfer. Renders nothing where references are not offered.
 */
export function PaymentChoice({
  country,
  value,
  disabled,
  onChange,
}: {
  country: Country;
  value: PaymentChoiceValue;
  disabled?: boolean;
  onChange: (value: PaymentChoiceValue) => void;
}) {
  const { t } = useTranslation("home");
  if (!offersReferences(country)) return null;
  return (
    <fieldset className="payment-choice">
      <legend className="field-label">{t("reference_pay_how")}</legend>
      <div className="segmented" role="radiogroup" aria-label={t("reference_pay_how")}>
        {(["card", ...REFERENCE_RAILS] as const).map((choice) => (
          <label key={choice} className="segmented-option">
            <input
              type="radio"
              name="payment-choice"
              value={choice}
              checked={value === choice}
              disabled={disabled}
              onChange={() => onChange(choice)}
            />{" "}
            {choice === "card" ? t("reference_pay_card") : t(`reference_rail_${choice}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The pay button's words when paying by reference: it asks for the reference, it charges nothing yet. */
export function useReferenceButtonLabel(): (amount: string) => string {
  const { t } = useTranslation("home");
  return (amount) => t("reference_get", { amount });
}
