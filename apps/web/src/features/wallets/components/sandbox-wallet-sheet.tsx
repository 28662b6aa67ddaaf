import type { Country } from "@estaciona/contracts";
import { WALLET_NAMES, type WalletKind } from "@estaciona/contracts/wallets";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { createWalletPayment, mintSandboxWalletToken } from "../api/wallets.ts";

/** The sandbox wallet's cards (docs/decisions/0285): two approve, one is declined by its bank. */
const WALLET_CARDS = [
  { number: "4242424242424242", brand: "visa", last4: "4242", approves: true },
  { number: "5555555555554444", brand: "mastercard", last4: "4444", approves: true },
  { number: "4000000000000002", brand: "visa", last4: "0002", approves: false },
] as const;

/**
 * The sandbox's stand-in for the Apple Pay or Google Pay sheet: a card of the wallet, "Pay" and
 * "Cancel". "Pay" gets the wallet's single-use token from the sandbox gateway, as a real wallet
 * hands one to its gateway, and registers it as a one-off method; Cancel (or Escape) gets nothing.
 */
export function SandboxWalletSheet({
  wallet,
  country,
  amount,
  onMethod,
  onCancel,
}: {
  wallet: WalletKind;
  country: Country;
  /** The total, written as money. */
  amount: string;
  onMethod: (methodUuid: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("wallets");
  const { card } = useParkingFormat();
  const [chosen, setChosen] = useState<string>(WALLET_CARDS[0].number);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = WALLET_NAMES[wallet];

  const pay = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const token = await mintSandboxWalletToken(wallet, chosen);
      const method = await createWalletPayment({
        country,
        wallet,
        token: token.id,
        brand: token.card.brand,
        last4: token.card.last4,
      });
      onMethod(method.uuid);
    } catch (error) {
      setBusy(false);
      setFailure(
        error instanceof ApiError
          ? (error.description ?? errorMessage(error.code, null))
          : t("unavailable", { wallet: name }),
      );
    }
  };

  return (
    <FormDialog
      open
      title={t("sheet_title", { wallet: name })}
      description={t("sheet_text", { amount })}
      onClose={onCancel}
    >
      <fieldset className="wallet-cards" disabled={busy}>
        <legend className="field-label">{t("cards_label")}</legend>
        {WALLET_CARDS.map((each) => (
          <label key={each.number} className="vehicle-choice-option">
            <input
              type="radio"
              name="wallet-card"
              value={each.number}
              checked={chosen === each.number}
              onChange={() => setChosen(each.number)}
            />
            {t(each.approves ? "card_approves" : "card_declines", { card: card(each) })}
          </label>
        ))}
      </fieldset>
      {failure && (
        <p className="pay-error" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void pay()}>
          {busy ? t("paying") : t("pay", { amount })}
        </button>
      </div>
    </FormDialog>
  );
}
