import type { Currency } from "@estaciona/contracts";
import { BALANCE_CAP, BALANCE_TOP_UP_CHOICES } from "@estaciona/contracts/balance";
import type { Balance } from "@estaciona/contracts/schemas/balance";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { balancesQuery, payOutBalance, refreshBalances, topUpBalance } from "../api/balance.ts";
import { ReferenceTopUp } from "./reference-top-up.tsx";
import { WalletTopUp } from "./wallet-top-up.tsx";
import "../../../lib/catalogues/home.ts";
import "../../../lib/catalogues/parking.ts";

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; message: string }
  | { kind: "failed"; message: string };

/**
 * The home's balance (docs/decisions/0210): what the driver holds at the operator of the place
 * nearest the list's start, its latest movements, top-ups by the default card in a tap or by a
 * wallet where the device has one (docs/decisions/0323), and the refund of what is left to the card
 * (docs/decisions/0212).
 */
export function BalanceCard({
  location,
}: {
  /** Where a top-up is made: its operator's balance, in its currency. */
  location: { uuid: string; currency: Currency; country: "mx" | "us" };
}) {
  const { t } = useTranslation(["home", "parking"]);
  const { money, dateTime } = useParkingFormat();
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQuery(location.uuid));
  const methods = useQuery(paymentMethodsQuery());
  const [state, setState] = useState<State>({ kind: "idle" });
  const attempt = useRef<{ key: string; what: string } | null>(null);
  const card = (methods.data ?? []).find((method) => method.country === location.country && method.is_default);
  const balance: Balance | undefined = balances.data?.[0];
  const cap = BALANCE_CAP[location.currency];
  const room = Math.max(0, cap - (balance?.amount ?? 0));

  const keyFor = (what: string) => {
    if (attempt.current?.what !== what) attempt.current = { key: crypto.randomUUID(), what };
    return attempt.current.key;
  };
  const run = async (what: string, call: (key: string) => Promise<unknown>, done: string) => {
    setState({ kind: "busy" });
    try {
      const answer = (await call(keyFor(what))) as { payment?: { redirect_url: string | null } };
      attempt.current = null;
      void refreshBalances(queryClient);
      if (answer.payment?.redirect_url) {
        rememberReturnPath(pathTo("login"));
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      setState({ kind: "done", message: done });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setState({ kind: "failed", message: error.description ?? errorMessage(error.code, null) });
    }
  };

  return (
    <section className="dashboard-section home-section" aria-labelledby="home-balance-title" data-section="balance">
      <h2 id="home-balance-title">{t("balance_title")}</h2>
      {balance ? (
        <p className="home-balance-amount">
          <span className="muted">{t("balance_of", { organisation: balance.organisation_name })}</span>{" "}
          <strong>{t("balance_amount", { amount: money(balance.amount, balance.currency) })}</strong>
        </p>
      ) : (
        <p className="muted">{t("balance_empty")}</p>
      )}
      <p className="muted">{t("balance_terms", { cap: money(cap, location.currency) })}</p>
      {card ? (
        <fieldset className="home-balance-top-up">
          <legend className="field-label">{t("balance_top_up_label")}</legend>
          <div className="segmented">
            {BALANCE_TOP_UP_CHOICES[location.currency].map((amount) => (
              <button
                key={amount}
                type="button"
                className="segmented-option"
                disabled={state.kind === "busy" || (balance?.amount ?? 0) + amount > cap}
                onClick={() =>
                  void run(
                    `top-up:${amount}`,
                    (key) =>
                      topUpBalance({ location_uuid: location.uuid, amount, payment_method_uuid: card.uuid }, key),
                    t("balance_top_up_done"),
                  )
                }
              >
                {t("balance_top_up", { amount: money(amount, location.currency) })}
              </button>
            ))}
          </div>
        </fieldset>
      ) : (
        methods.isSuccess && (
          <Link className="link" to={pathTo("payments", undefined, { redirect: pathTo("login") })}>
            {t("parking:pay.add_card")}
          </Link>
        )
      )}
      <WalletTopUp
        location={location}
        room={room}
        disabled={state.kind === "busy"}
        onTopUp={(amount, method) =>
          void run(
            `wallet-top-up:${amount}:${method}`,
            (key) => topUpBalance({ location_uuid: location.uuid, amount, payment_method_uuid: method }, key),
            t("balance_top_up_done"),
          )
        }
      />
      {location.country === "mx" && <ReferenceTopUp location={location} room={room} />}
      {state.kind === "failed" && (
        <div className="pay-error" role="alert">
          <p>{state.message}</p>
        </div>
      )}
      {state.kind === "done" && (
        <p role="status" className="notice">
          {state.message}
        </p>
      )}
      {balance && balance.movements.length > 0 && (
        <>
          <h3>{t("balance_movements")}</h3>
          <ul className="home-rows home-balance-movements">
            {balance.movements.map((movement) => (
              <li key={movement.uuid} className="home-row">
                <span className="home-row-name">
                  {t(`balance_kind_${movement.kind}`)} · {t(`parking:payable.${movement.product}.product`)}
                  {movement.place ? ` · ${movement.place}` : ""}
                </span>
                <span className="home-row-price">
                  {movement.amount > 0 ? "+" : "−"}
                  {money(Math.abs(movement.amount), balance.currency)}
                </span>
                <span className="muted">
                  {dateTime(movement.created_at, Intl.DateTimeFormat().resolvedOptions().timeZone)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {balance && balance.amount > 0 && (
        <button
          type="button"
          className="button button-secondary"
          disabled={state.kind === "busy"}
          onClick={() =>
            void run(`payout:${balance.uuid}`, (key) => payOutBalance(balance.uuid, key), t("balance_payout_done"))
          }
        >
          {t("balance_payout")}
        </button>
      )}
    </section>
  );
}
