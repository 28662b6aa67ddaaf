import type { Country, Currency } from "@estaciona/contracts";
import { WALLET_NAMES, type WalletKind } from "@estaciona/contracts/wallets";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { walletConfigQuery } from "../api/wallets.ts";
import { walletsOnThisDevice } from "../lib/device-wallets.ts";
import { CollectJsWallets } from "./collect-js-wallets.tsx";
import { SandboxWalletSheet } from "./sandbox-wallet-sheet.tsx";
import "../catalogue.ts";
import "./wallets.css";

/**
 * "Pay with Google Pay" / "Pay with Apple Pay" above a pay panel's cards (docs/product/wallets.md):
 * only the wallets the country's gateway takes and this device has. The wallet's sheet gives a
 * one-off method; `onMethod` pays with it through the panel's own pay call (its Idempotency-Key,
 * its outcome). Closing the sheet charges nothing, and says so.
 */
export default function WalletPay({
  country,
  amount,
  currency,
  disabled,
  onMethod,
  heading,
}: {
  country: Country;
  /** The all-in total the pay call charges, shown on the sheet. */
  amount: number;
  currency: Currency;
  disabled: boolean;
  onMethod: (methodUuid: string) => void;
  /** Shown above the buttons, only when a wallet is offered (the balance's amount to top up). */
  heading?: ReactNode;
}) {
  const { t } = useTranslation("wallets");
  const { money } = useParkingFormat();
  // Suspends until the gateway has said which wallets it takes: the panel shows its controls
  // (and the pay button below them) only then, so the buttons never push them down under a finger.
  const { data: config } = useSuspenseQuery(walletConfigQuery(country));
  const wallets = walletsOnThisDevice(config ?? undefined);
  const [open, setOpen] = useState<WalletKind | null>(null);
  const [cancelled, setCancelled] = useState<WalletKind | null>(null);
  if (!config || wallets.length === 0) return null;
  if (config.provider === "nmi") {
    return (
      <div className="wallet-pay">
        {heading}
        <CollectJsWallets
          config={config}
          wallets={wallets}
          country={country}
          amount={amount}
          currency={currency}
          disabled={disabled}
          onMethod={onMethod}
        />
        <p className="muted wallet-or-card">{t("or_card")}</p>
      </div>
    );
  }

  return (
    <div className="wallet-pay">
      {heading}
      {wallets.map((wallet) => (
        <button
          key={wallet}
          type="button"
          className="button button-block wallet-button"
          disabled={disabled}
          onClick={() => {
            setCancelled(null);
            setOpen(wallet);
          }}
        >
          {t("pay_with", { wallet: WALLET_NAMES[wallet] })}
        </button>
      ))}
      {cancelled && (
        <p className="muted" role="status">
          {t("cancelled", { wallet: WALLET_NAMES[cancelled] })}
        </p>
      )}
      <p className="muted wallet-or-card">{t("or_card")}</p>
      {open && (
        <SandboxWalletSheet
          wallet={open}
          country={country}
          amount={money(amount, currency)}
          onMethod={(method) => {
            setOpen(null);
            onMethod(method);
          }}
          onCancel={() => {
            setCancelled(open);
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}
