import type { TodayReport } from "@estaciona/contracts/schemas/operator";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * The report's money by the rail it came by (docs/decisions/0323): card, each wallet, the balance's
 * spends, cash at OXXO and SPEI, per currency. Balance top-ups are not in it: they are money held.
 */
export function RevenueByRail({ lines, days }: { lines: TodayReport["revenue_by_rail"]; days: number }) {
  const { t, money, rail } = useConsoleFormat();
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="revenue-by-rail-title" className="card">
      <h2 id="revenue-by-rail-title" className="section-title">
        {t("payments.revenue_by_rail")}
      </h2>
      <p className="muted">{t("today.revenue_by_rail_hint", { count: days })}</p>
      <dl className="detail-list" id="revenue-by-rail">
        {lines.map((line) => (
          <div key={`${line.rail}-${line.currency}`} className="detail-list-row">
            <dt>{rail(line.rail)}</dt>
            <dd>{money(line.amount, line.currency)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
