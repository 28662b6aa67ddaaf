import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import type { PayVisitAnswer, VisitDetail } from "@estaciona/contracts/schemas/parking";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { BalanceChoice, useBalanceChoice } from "../../../components/parking/balance-choice.tsx";
import { CardChoice, cardsFor } from "../../../components/parking/card-choice.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { type LiveQuote, useLiveQuote } from "../../../components/parking/live-fee.tsx";
import { paths, pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { navigateTo } from "../../../lib/navigation.ts";
import { BalancesKnown, payingBalancesQuery, refreshBalances } from "../../balance/index.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { WalletPay } from "../../wallets/index.ts";
import { payVisit, refreshParking } from "../api/visits.ts";

type Outcome =
  | { kind: "ready" }
  | { kind: "paying" }
  | { kind: "paid"; visit: VisitDetail; shownTotal: number; fromBalance: boolean }
  | { kind: "declined"; message: string }
  | { kind: "unknown"; message: string }
  | { kind: "already_paid" }
  | { kind: "three_ds" };

/**
 * The pay flow of an open visit (home, visit detail and /checkout/{uuid} all lead here): pick a
 * card (the default preselected), see the all-in breakdown that paying now charges, pay with an
 * Idempotency-Key, then the outcome. One key per attempt: a retry after no answer (or a server
 * error) sends the same key, so the server answers the first attempt instead of charging again;
 * a decline or another card is a new attempt with a new key.
 */
export function PayPanel({
  visit,
  fetchedAt,
  returnPath,
}: {
  visit: VisitDetail;
  fetchedAt: number;
  /** Where "add a card" comes back to. */
  returnPath: string;
}) {
  const { t, money, time } = useParkingFormat();
  const queryClient = useQueryClient();
  const live = useLiveQuote(visit, fetchedAt);
  const methods = useQuery(paymentMethodsQuery());
  const cards = cardsFor(methods.data, live?.breakdown.currency ?? "mxn");
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  // The balance that pays at this location (its operator's), when it holds money: a choice beside the cards.
  const {
    balance,
    payWithBalance,
    selected: selectedCard,
    choose: setUseBalance,
  } = useBalanceChoice({
    balances: useQuery(payingBalancesQuery(visit.location.uuid)).data,
    currency: live?.breakdown.currency ?? "mxn",
    cards: methods.data && cards,
    chosenCard,
  });
  const [outcome, setOutcome] = useState<Outcome>(
    visit.status === "finished" ? { kind: "already_paid" } : { kind: "ready" },
  );
  const attempt = useRef<{ key: string; card: string | null } | null>(null);

  const refreshVisits = () => refreshParking(queryClient);

  /** `walletMethod`: the one-off method a wallet's sheet just gave, paying instead of the chosen card. */
  const pay = async (shown: LiveQuote, walletMethod?: string) => {
    const card = shown.breakdown.total === 0 ? null : (walletMethod ?? selectedCard);
    if (!attempt.current || attempt.current.card !== card) attempt.current = { key: crypto.randomUUID(), card };
    const { key } = attempt.current;
    setOutcome({ kind: "paying" });
    try {
      const answer: PayVisitAnswer = await payVisit(visit.uuid, card, key, shown.breakdown.total);
      attempt.current = null;
      if (answer.payment?.status === "requires_action" && answer.payment.redirect_url) {
        setOutcome({ kind: "three_ds" });
        // /3ds brings the driver back to this stay once the bank has answered.
        rememberReturnPath(pathTo("visit", { uuid: visit.uuid }));
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      setOutcome({
        kind: "paid",
        visit: answer.visit,
        shownTotal: shown.breakdown.total,
        fromBalance: card === BALANCE_SOURCE,
      });
      void refreshVisits();
      if (card === BALANCE_SOURCE) void refreshBalances(queryClient);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "visit_already_paid") {
        attempt.current = null;
        setOutcome({ kind: "already_paid" });
        void refreshVisits();
      } else if (error.status === 0 || error.status >= 500) {
        // No answer or a provider timeout: the charge may exist. Keep the key for the retry.
        setOutcome({ kind: "unknown", message: error.description ?? t("pay.unknown_outcome") });
      } else if (error.status === 401) {
        // The session ended: let the API client log out, replaying the same key (nothing was charged).
        await payVisit(visit.uuid, card, key, shown.breakdown.total, { handleErrors: true }).catch(() => undefined);
      } else if (error.status === 404) {
        navigateTo(paths.notFound.path);
      } else {
        attempt.current = null;
        setOutcome({ kind: "declined", message: error.description ?? errorMessage(error.code, null) });
        void refreshVisits();
      }
    }
  };

  const receiptPath = pathTo("visitReceipt", { uuid: visit.uuid });

  if (outcome.kind === "already_paid")
    return (
      <section className="pay-panel pay-outcome" aria-labelledby="pay-outcome-title">
        <h2 id="pay-outcome-title">{t("pay.already_paid_title")}</h2>
        <Link className="button button-primary" to={receiptPath}>
          {t("visit.receipt_link")}
        </Link>
      </section>
    );

  if (outcome.kind === "paid") {
    const paid = outcome.visit;
    const total = paid.amounts?.total ?? 0;
    const currency = paid.amounts?.currency ?? live?.breakdown.currency ?? "mxn";
    return (
      <section className="pay-panel pay-outcome pay-success" aria-labelledby="pay-outcome-title" role="status">
        <h2 id="pay-outcome-title">{t("pay.success_title")}</h2>
        <p>
          {total === 0
            ? t("pay.success_free")
            : t(outcome.fromBalance ? "pay.success_balance" : "pay.success_text", { amount: money(total, currency) })}
        </p>
        {total !== outcome.shownTotal && total > 0 && (
          <p className="muted">{t("pay.charged_differs", { amount: money(total, currency) })}</p>
        )}
        {paid.exit_deadline && (
          <p className="pay-deadline">
            {t("pay.exit_deadline", { time: time(paid.exit_deadline, paid.location.time_zone) })}
          </p>
        )}
        {paid.amounts && <FeeBreakdown amounts={paid.amounts} />}
        <div className="form-actions">
          <Link className="button button-primary" to={receiptPath}>
            {t("visit.receipt_link")}
          </Link>
          <Link className="button button-secondary" to={paths.dashboard.path}>
            {t("checkout.back_home")}
          </Link>
        </div>
      </section>
    );
  }

  if (!live) return null;
  const free = live.breakdown.total === 0;
  const busy = outcome.kind === "paying" || outcome.kind === "three_ds";
  const needsCard = !free && selectedCard === null;
  const addCardPath = pathTo("payments", undefined, { redirect: returnPath });

  return (
    <section className="pay-panel" aria-labelledby="pay-title">
      <h2 id="pay-title">{t("pay.title")}</h2>
      {/* The wallets, the balance, the card and the pay button appear together, once the wallets and the balance are known. */}
      <Suspense fallback={<LoadingSection />}>
        <BalancesKnown locationUuid={visit.location.uuid} />
        {!free && (
          <WalletPay
            country={live.breakdown.currency === "usd" ? "us" : "mx"}
            amount={live.breakdown.total}
            currency={live.breakdown.currency}
            disabled={busy}
            onMethod={(method) => void pay(live, method)}
          />
        )}
        {!free && balance && (
          <BalanceChoice
            balance={balance}
            name="visit-pay-balance"
            checked={payWithBalance}
            disabled={busy}
            onChange={setUseBalance}
          />
        )}
        {!free && !payWithBalance && (
          <CardChoice
            cards={cards}
            loading={methods.isPending}
            selected={selectedCard}
            onSelect={setChosenCard}
            disabled={busy}
            addCardPath={addCardPath}
          />
        )}
        <h3 className="pay-price-label">{t("pay.price_label")}</h3>
        <FeeBreakdown amounts={live.breakdown} />
        <p className="muted">{t("pay.price_note")}</p>
        {live.nextChange && (
          <p className="muted">{t("pay.price_moves", { time: time(live.nextChange.at, visit.location.time_zone) })}</p>
        )}
        {outcome.kind === "declined" && (
          <div className="pay-error" role="alert">
            <p className="pay-error-title">{t("pay.declined_title")}</p>
            <p>{outcome.message}</p>
          </div>
        )}
        {outcome.kind === "unknown" && (
          <div className="pay-error" role="alert">
            <p>{outcome.message}</p>
          </div>
        )}
        {outcome.kind === "three_ds" && (
          <p role="status" className="muted">
            {t("pay.three_ds")}
          </p>
        )}
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy || needsCard || (!payWithBalance && methods.isPending)}
          onClick={() => void pay(live)}
        >
          {outcome.kind === "paying"
            ? t("pay.paying")
            : outcome.kind === "declined" || outcome.kind === "unknown"
              ? `${t("pay.retry")} · ${money(live.breakdown.total, live.breakdown.currency)}`
              : free
                ? t("pay.submit_free")
                : t("pay.submit", { amount: money(live.breakdown.total, live.breakdown.currency) })}
        </button>
      </Suspense>
    </section>
  );
}
