import type { Currency } from "@estaciona/contracts";
import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "./format.ts";
// The choice speaks with the home's words (the balance card's).
import "../../lib/catalogues/home.ts";
import "./balance-choice.css";

/** A balance the driver holds with an operator. */
export interface HeldBalance {
  amount: number;
  currency: Currency;
}

/**
 * What pays a stay or a ticket: the operator's balance when the driver ticks it (or holds no card
 * and has a balance there), else the chosen card, else the default one. The balance pays the whole
 * amount or nothing; a short balance is the API's bilingual error (decision 0265).
 */
export function useBalanceChoice({
  balances,
  currency,
  cards,
  chosenCard,
}: {
  /** The balances that pay at this location (the balance feature's answer). */
  balances: HeldBalance[] | undefined;
  currency: Currency;
  /**
   * The driver's cards here; undefined while they load. The balance is the default only for a driver
   * known to have no card: chosen before the cards arrive, it would flip to the card under a driver
   * who had just ticked it.
   */
  cards: PaymentMethod[] | undefined;
  chosenCard: string | null;
}) {
  const balance = balances?.find((held) => held.amount > 0 && held.currency === currency);
  const [ticked, setTicked] = useState<boolean | null>(null);
  const payWithBalance = ticked ?? (cards !== undefined && !cards[0] && Boolean(balance));
  const selected = payWithBalance ? BALANCE_SOURCE : (chosenCard ?? cards?.[0]?.uuid ?? null);
  return { balance, payWithBalance, selected, choose: setTicked };
}

/** The checkbox "Balance ($50.00 MXN available)" beside the cards of a pay panel. */
export function BalanceChoice({
  balance,
  checked,
  disabled,
  name,
  onChange,
}: {
  balance: HeldBalance;
  checked: boolean;
  disabled: boolean;
  /** The form field's name: each pay panel its own. */
  name: string;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  return (
    <label className="balance-choice">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t("balance_pay_balance", { amount: money(balance.amount, balance.currency) })}
    </label>
  );
}
