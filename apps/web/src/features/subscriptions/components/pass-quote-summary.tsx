import type { Plan, PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { failureText } from "../lib/failure-text.ts";
import { usePassFormat } from "../lib/format.ts";

/**
 * The server's quote for the choices made: the first period, its all-in charge (its fee named by how
 * it is paid), and what follows.
 */
export function PassQuoteSummary({
  plan,
  quote,
  error,
  rail,
}: {
  plan: Plan;
  quote: PlanQuote | undefined;
  error: unknown;
  rail?: "card" | "oxxo" | "spei";
}) {
  const { t, money, day } = usePassFormat();
  return quote ? (
    <>
      <p className="pass-note pass-ends">
        {t("subscriptions:plan.first_period", { from: day(quote.start_date), to: day(quote.last_day) })}
      </p>
      <FeeBreakdown amounts={quote.first_period} rail={rail} />
      <p className="muted">
        {quote.charged_now ? null : `${t("subscriptions:plan.trial_note", { date: day(quote.start_date) })} `}
        {plan.interval === "one_time" ? t("subscriptions:plan.one_time_note") : t("subscriptions:plan.renews_note")}
      </p>
      {quote.renewals.length > 0 && (
        <ul className="muted pass-renewals">
          {quote.renewals.map((step, index) => (
            <li key={step.from_period}>
              {t(index === 0 ? "subscriptions:list.next_charge" : "subscriptions:plan.price_from", {
                date: day(step.date),
                amount: money(step.amounts.total, step.amounts.currency),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  ) : error ? (
    <p role="alert">{failureText(error)}</p>
  ) : (
    <LoadingSection />
  );
}
