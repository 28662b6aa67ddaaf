import type { ValetTicketDetail } from "@estaciona/contracts/schemas/valet";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { NumberInput } from "../../../components/number-input.tsx";
import { BalanceChoice, useBalanceChoice } from "../../../components/parking/balance-choice.tsx";
import { CardChoice, cardsFor } from "../../../components/parking/card-choice.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths, pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { navigateTo } from "../../../lib/navigation.ts";
import { BalancesKnown, payingBalancesQuery, refreshBalances } from "../../balance/index.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { WalletPay } from "../../wallets/index.ts";
import { payTicket, refreshTickets, ticketQuery } from "../api/valet.ts";

const MINOR_PER_MAJOR = 100;
/** The tip a driver may give in one go, in whole pesos or dollars (the server's MAX_TIP). */
const MAX_TIP_MAJOR = 1000;
const TIP_PERCENTS = [10, 15, 20] as const;

/**
 * Paying a valet ticket: the fee so far (the lot tariff engine, fees and tax) and an optional tip
 * on a line of its own, the card (or a wallet, where the gateway and the device have one), then pay.
 * One Idempotency-Key per attempt (docs/product/money.md).
 */
export function ValetPayPanel({ ticket }: { ticket: ValetTicketDetail }) {
  const { t } = useTranslation(["valet", "parking"]);
  const { money } = useParkingFormat();
  const queryClient = useQueryClient();
  const methods = useQuery(paymentMethodsQuery());
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const balances = useQuery(payingBalancesQuery(ticket.location.uuid)).data;
  const [tipMajor, setTipMajor] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const attempt = useRef<{ key: string; request: string } | null>(null);

  const cards = cardsFor(methods.data, ticket.currency);
  // The balance that pays at this location (its operator's), when it holds money: a choice beside the cards.
  const {
    balance,
    payWithBalance,
    selected: selectedCard,
    choose: setUseBalance,
  } = useBalanceChoice({ balances, currency: ticket.currency, cards: methods.data && cards, chosenCard });
  const quote = ticket.quote;
  if (!quote) return null;
  const tip = tipMajor * MINOR_PER_MAJOR;
  const total = quote.total + tip;
  const here = pathTo("valetTicket", { uuid: ticket.uuid });

  /** Pays with the chosen card or balance, or with a wallet's one-off method. */
  const pay = async (method: string | null = selectedCard) => {
    if (!method) return;
    const body = { tip, payment_method_uuid: method, expected_total: total };
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) attempt.current = { key: crypto.randomUUID(), request };
    const { key } = attempt.current;
    setPaying(true);
    setFailure(null);
    try {
      const answer = await payTicket(ticket.uuid, body, key);
      attempt.current = null;
      if (answer.payment.status === "requires_action" && answer.payment.redirect_url) {
        rememberReturnPath(here);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      queryClient.setQueryData(ticketQuery(ticket.uuid).queryKey, answer.ticket);
      void refreshTickets(queryClient);
      if (method === "balance") void refreshBalances(queryClient);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) return navigateTo(paths.notFound.path);
      if (error.status === 401)
        return void (await payTicket(ticket.uuid, body, key, { handleErrors: true }).catch(() => undefined));
      // No answer or a provider timeout: the charge may exist, so the retry sends the same key.
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setFailure(error.description ?? errorMessage(error.code, null));
      // The fee may have moved on (a new period): read it again.
      void queryClient.invalidateQueries({ queryKey: ticketQuery(ticket.uuid).queryKey });
    } finally {
      setPaying(false);
    }
  };

  return (
    <section className="pay-panel" aria-labelledby="valet-pay-title">
      <h2 id="valet-pay-title">{t("parking:pay.title")}</h2>
      <div className="valet-tip">
        <NumberInput
          label={t("tip_label", { currency: ticket.currency.toUpperCase() })}
          name="valet-tip"
          value={tipMajor}
          min={0}
          max={MAX_TIP_MAJOR}
          onChange={setTipMajor}
        />
        <div className="valet-tip-choices">
          <button type="button" className="button button-secondary" onClick={() => setTipMajor(0)}>
            {t("tip_none")}
          </button>
          {TIP_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="button button-secondary"
              onClick={() => setTipMajor(Math.round((quote.subtotal * percent) / 100 / MINOR_PER_MAJOR))}
            >
              {t("tip_percent", { percent })}
            </button>
          ))}
        </div>
        <p className="muted">{t("tip_hint")}</p>
      </div>
      {/* The wallets, the balance, the card and the pay button appear together, once the wallets and the balance are known. */}
      <Suspense fallback={<LoadingSection />}>
        <BalancesKnown locationUuid={ticket.location.uuid} />
        <WalletPay
          country={ticket.currency === "usd" ? "us" : "mx"}
          amount={total}
          currency={ticket.currency}
          disabled={paying}
          onMethod={(method) => void pay(method)}
        />
        {balance && (
          <BalanceChoice
            balance={balance}
            name="valet-pay-balance"
            checked={payWithBalance}
            disabled={paying}
            onChange={setUseBalance}
          />
        )}
        {!payWithBalance && (
          <CardChoice
            cards={cards}
            loading={methods.isPending}
            selected={selectedCard}
            onSelect={setChosenCard}
            disabled={paying}
            addCardPath={pathTo("payments", undefined, { redirect: here })}
          />
        )}
        <h3 className="pay-price-label">{t("parking:pay.price_label")}</h3>
        <FeeBreakdown amounts={{ ...quote, total }} tip={tip > 0 ? { label: t("tip_line"), amount: tip } : undefined} />
        <p className="muted">{t("fee_note")}</p>
        {failure && (
          <div className="pay-error" role="alert">
            <p className="pay-error-title">{t("declined_title")}</p>
            <p>{failure}</p>
          </div>
        )}
        <button
          type="button"
          className="button button-primary button-block"
          disabled={paying || !selectedCard || (!payWithBalance && methods.isPending)}
          onClick={() => void pay()}
        >
          {paying
            ? t("paying")
            : failure
              ? `${t("retry")} · ${money(total, ticket.currency)}`
              : t("pay", { amount: money(total, ticket.currency) })}
        </button>
      </Suspense>
    </section>
  );
}
