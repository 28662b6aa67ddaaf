import type { Balance } from "@estaciona/contracts/schemas/balance";
import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";

/**
 * What pays: with a balance of this zone's operator, a choice between it and the default card;
 * without one, the default card named, or a link to add a card.
 */
export function MeterPaySource({
  balance,
  defaultCard,
  cardsLoading,
  payWith,
  disabled,
  addCardPath,
  onChoose,
}: {
  balance: Balance | null;
  defaultCard: PaymentMethod | null;
  cardsLoading: boolean;
  payWith: "card" | "balance";
  disabled: boolean;
  addCardPath: string;
  onChoose: (source: "card" | "balance") => void;
}) {
  const { t } = useTranslation(["meters", "home"]);
  const { money, card } = useParkingFormat();
  return (
    <>
      {balance && (
        <fieldset className="vehicle-choice">
          <legend>{t("home:balance_pay_with")}</legend>
          {defaultCard && (
            <label className="vehicle-choice-option">
              <input
                type="radio"
                name="meter-pay-with"
                checked={payWith === "card"}
                disabled={disabled}
                onChange={() => onChoose("card")}
              />
              {t("home:balance_pay_card", {
                card: card({ brand: defaultCard.brand, last4: defaultCard.card_number.slice(-4) }),
              })}
            </label>
          )}
          <label className="vehicle-choice-option">
            <input
              type="radio"
              name="meter-pay-with"
              checked={payWith === "balance"}
              disabled={disabled}
              onChange={() => onChoose("balance")}
            />
            {t("home:balance_pay_balance", { amount: money(balance.amount, balance.currency) })}
          </label>
        </fieldset>
      )}
      {cardsLoading || balance ? null : defaultCard ? (
        <p className="muted">
          {t("card_default", {
            card: card({ brand: defaultCard.brand, last4: defaultCard.card_number.slice(-4) }),
          })}
        </p>
      ) : (
        <p>
          {t("no_card")}{" "}
          <Link className="link" to={addCardPath}>
            {t("add_card")}
          </Link>
        </p>
      )}
    </>
  );
}
