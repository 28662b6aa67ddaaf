import type { Country, Currency } from "@estaciona/contracts";
import { BALANCE_TOP_UP_CHOICES } from "@estaciona/contracts/balance";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { WalletPay } from "../../wallets/index.ts";
import "../../../lib/catalogues/home.ts";

/**
 * A top-up paid with Apple Pay or Google Pay (docs/decisions/0323): where the country's gateway and
 * this device have a wallet, the driver picks an amount that fits under the cap and opens the
 * wallet; its one-off method pays the top-up through the balance's own call (`onTopUp`).
 */
export function WalletTopUp({
  location,
  room,
  disabled,
  onTopUp,
}: {
  location: { currency: Currency; country: Country };
  /** What the balance may still take under its cap. */
  room: number;
  disabled: boolean;
  onTopUp: (amount: number, methodUuid: string) => void;
}) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  const choices = BALANCE_TOP_UP_CHOICES[location.currency].filter((amount) => amount <= room);
  const [picked, setPicked] = useState<number | null>(null);
  const amount = picked !== null && choices.includes(picked) ? picked : choices[0];
  if (amount === undefined) return null;
  return (
    <Suspense fallback={null}>
      <WalletPay
        country={location.country}
        amount={amount}
        currency={location.currency}
        disabled={disabled}
        onMethod={(method) => onTopUp(amount, method)}
        heading={
          <fieldset className="home-balance-top-up">
            <legend className="field-label">{t("balance_wallet_label")}</legend>
            <div className="segmented">
              {choices.map((choice) => (
                <label key={choice} className="segmented-option">
                  <input
                    type="radio"
                    name="balance-wallet-amount"
                    value={choice}
                    checked={choice === amount}
                    onChange={() => setPicked(choice)}
                  />{" "}
                  {money(choice, location.currency)}
                </label>
              ))}
            </div>
          </fieldset>
        }
      />
    </Suspense>
  );
}
