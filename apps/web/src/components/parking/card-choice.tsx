import type { Country, Currency } from "@estaciona/contracts";
import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { Link } from "react-router";
import { cardBrandName } from "../../lib/card-brand.ts";
import { useParkingFormat } from "./format.ts";

const countryOfCurrency = (currency: Currency): Country => (currency === "usd" ? "us" : "mx");

/** Cards that can pay in this currency, the default first. */
export function cardsFor(methods: PaymentMethod[] | undefined, currency: Currency): PaymentMethod[] {
  const country = countryOfCurrency(currency);
  return (methods ?? [])
    .filter((method) => method.country === country)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** The card a payment goes on (a stay, event parking, a valet ticket), with a way to add one. */
export function CardChoice({
  cards,
  loading,
  selected,
  onSelect,
  disabled,
  addCardPath,
}: {
  cards: PaymentMethod[];
  loading: boolean;
  selected: string | null;
  onSelect: (uuid: string) => void;
  disabled: boolean;
  addCardPath: string;
}) {
  const { t } = useParkingFormat();
  return (
    <fieldset className="card-choice">
      <legend>{t("pay.card_label")}</legend>
      {loading ? null : cards.length === 0 ? (
        <p className="muted">{t("pay.no_cards")}</p>
      ) : (
        cards.map((card) => (
          <label key={card.uuid} className="card-choice-option">
            <input
              type="radio"
              name="payment-card"
              value={card.uuid}
              checked={selected === card.uuid}
              disabled={disabled}
              onChange={() => onSelect(card.uuid)}
            />
            <span>
              {t("pay.card_option", {
                brand: cardBrandName(card.brand),
                number: card.card_number,
                expiration: card.expiration,
              })}
              {card.is_default && <span className="muted"> · {t("pay.default_card")}</span>}
            </span>
          </label>
        ))
      )}
      <Link className="link" to={addCardPath}>
        {t("pay.add_card")}
      </Link>
    </fieldset>
  );
}
