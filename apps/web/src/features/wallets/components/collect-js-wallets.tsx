import type { Country, Currency } from "@estaciona/contracts";
import { CARD_BRANDS, type CardBrand } from "@estaciona/contracts/constants";
import { formatMinorUnits } from "@estaciona/contracts/money";
import type { CardFormConfig } from "@estaciona/contracts/schemas/payment";
import { WALLET_NAMES, type WalletKind } from "@estaciona/contracts/wallets";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { currentLocale } from "../../../lib/i18n.ts";
import { type CollectJsWalletResponse, configureCollectJs } from "../../payments/index.ts";
import { createWalletPayment } from "../api/wallets.ts";

const SELECTORS: Record<WalletKind, string> = {
  google_pay: "#collect-google-pay",
  apple_pay: "#collect-apple-pay",
};

const isBrand = (value: string | undefined): value is CardBrand =>
  CARD_BRANDS.includes(value?.toLowerCase() as CardBrand);

/** Collect.js's `tokenType` for each wallet (docs/decisions/0343). */
const TOKEN_TYPES: Record<string, WalletKind> = { googlePay: "google_pay", applePay: "apple_pay" };

/**
 * The wallet and the card it paid with, from Collect.js's answer (Google Pay's `cardDetails` is the
 * last four); null for an answer that is not a wallet's, which must not become a wallet payment.
 */
export function walletPaymentFrom(response: CollectJsWalletResponse) {
  const wallet = response.tokenType ? TOKEN_TYPES[response.tokenType] : undefined;
  if (!wallet || !response.token) return null;
  const brand = response.wallet?.cardNetwork ?? response.card?.type;
  const last4 = (response.wallet?.cardDetails ?? response.card?.number ?? "").replace(/\D/g, "").slice(-4);
  return {
    wallet,
    token: response.token,
    brand: isBrand(brand) ? (brand.toLowerCase() as CardBrand) : undefined,
    last4,
  };
}

/**
 * NMI's wallet buttons (docs/decisions/0339): Collect.js draws Google Pay's and Apple Pay's own
 * buttons in these containers, only where the device can pay with them, and answers with a
 * `payment_token` that becomes a one-off method (`POST user/payment/wallet`) as the sandbox's does.
 * Closing the wallet's sheet sends nothing, so nothing is charged.
 */
export function CollectJsWallets({
  config,
  wallets,
  country,
  amount,
  currency,
  disabled,
  onMethod,
}: {
  config: CardFormConfig;
  wallets: WalletKind[];
  country: Country;
  amount: number;
  currency: Currency;
  disabled: boolean;
  onMethod: (methodUuid: string) => void;
}) {
  const { t } = useTranslation("wallets");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const price = formatMinorUnits(amount).replace(/,/g, "");
  const walletList = wallets.join(",");
  const locale = currentLocale();
  // The panel's pay call, read when the wallet answers: a new one must not redraw the buttons.
  const pay = useRef(onMethod);
  pay.current = onMethod;

  useEffect(() => {
    const { script_url: scriptUrl, public_key: publicKey } = config;
    if (!scriptUrl || !publicKey) return;
    const chosen = walletList.split(",") as WalletKind[];
    // Both buttons in the one configuration of this Collect.js (docs/decisions/0343): a new price
    // loads a fresh copy rather than configuring the same one twice.
    const lease = configureCollectJs(
      { scriptUrl, tokenizationKey: publicKey },
      {
        variant: "inline",
        country: country.toUpperCase(),
        currency: currency.toUpperCase(),
        price,
        fields: {
          ...(chosen.includes("google_pay") && {
            googlePay: { selector: SELECTORS.google_pay, buttonLocale: locale },
          }),
          ...(chosen.includes("apple_pay") && {
            applePay: { selector: SELECTORS.apple_pay, totalLabel: "Estaciona" },
          }),
        },
        callback: (response) => {
          const payment = walletPaymentFrom(response);
          if (!payment) {
            // Only the wallet buttons are configured here: any other answer is not a payment to register.
            console.warn(`Collect.js answered the wallet buttons with token type ${response.tokenType ?? "none"}.`);
            return;
          }
          setBusy(true);
          setFailure(null);
          createWalletPayment({ country, ...payment })
            .then((method) => pay.current(method.uuid))
            .catch((error: unknown) => {
              setFailure(
                error instanceof ApiError
                  ? (error.description ?? errorMessage(error.code, null))
                  : t("unavailable", { wallet: WALLET_NAMES[payment.wallet] }),
              );
            })
            .finally(() => setBusy(false));
        },
      },
    );
    return () => lease.release();
  }, [config, walletList, country, currency, price, locale, t]);

  return (
    <>
      <fieldset className="wallet-live-buttons" disabled={disabled || busy}>
        {wallets.map((wallet) => (
          // Collect.js draws the wallet's own labelled button here.
          <div key={wallet} id={SELECTORS[wallet].slice(1)} />
        ))}
      </fieldset>
      {failure && (
        <p className="pay-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
