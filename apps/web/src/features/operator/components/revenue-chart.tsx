import type { TodayReport } from "@estaciona/contracts/schemas/operator";
import { useConsoleFormat } from "../lib/format.ts";
import { revenueWindow } from "../lib/revenue-days.ts";
import { TableScroller } from "./table-scroller.tsx";

type Revenue = TodayReport["revenue"];

const WIDTH = 360;
const HEIGHT = 140;
const AXIS = 8;
/** One colour per product, in the order products first appear; each passes 3:1 against white. */
const COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];

/**
 * Money taken per day, one stacked bar per day (a quiet day an empty slot) and one colour per product (stays, events,
 * meters, passes), in one currency. The same numbers are in the table beside it, for a reader
 * who would rather read than look. A few rectangles: no chart library is worth its download here.
 */
export function RevenueChart({
  revenue,
  currency,
  days: dayCount,
  today,
}: {
  revenue: Revenue;
  currency: "mxn" | "usd";
  /** How many calendar days the report covers, ending `today` (YYYY-MM-DD on the operator's clock). */
  days: number;
  today: string;
}) {
  const { t, money, product, day: calendarDay } = useConsoleFormat();
  const rows = revenue.filter((row) => row.currency === currency);
  const days = revenueWindow(
    rows.map((row) => row.day),
    dayCount,
    today,
  );
  const products = [...new Set(rows.map((row) => row.product))];
  const totalOf = (day: string) => rows.filter((row) => row.day === day).reduce((sum, row) => sum + row.amount, 0);
  const highest = Math.max(1, ...days.map(totalOf));
  const slot = (WIDTH - AXIS) / Math.max(1, days.length);
  const barWidth = Math.min(48, slot * 0.6);

  return (
    <figure className="card revenue">
      <figcaption className="section-title">
        {t("today.revenue_title", { currency: currency.toUpperCase() })}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} className="revenue-chart" aria-hidden="true">
        {days.map((day, index) => {
          let top = HEIGHT;
          const x = AXIS + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day}>
              {products.map((name, productIndex) => {
                const amount = Math.max(0, rows.find((row) => row.day === day && row.product === name)?.amount ?? 0);
                const height = (amount / highest) * (HEIGHT - 10);
                top -= height;
                return (
                  <rect
                    key={name}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={height}
                    style={{ fill: COLOURS[productIndex % COLOURS.length] }}
                  />
                );
              })}
              <text x={x + barWidth / 2} y={HEIGHT + 14} textAnchor="middle">
                {calendarDay(day, false)}
              </text>
            </g>
          );
        })}
        <line x1={AXIS} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} style={{ stroke: "var(--control-border)" }} />
      </svg>
      <ul className="revenue-legend" aria-hidden="true">
        {products.map((name, index) => (
          <li key={name}>
            <span style={{ color: COLOURS[index % COLOURS.length] }}>■</span> {product(name)}
          </li>
        ))}
      </ul>
      <TableScroller label={t("today.revenue_table")}>
        <table className="console-table">
          <caption className="visually-hidden">{t("today.revenue_table")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("today.day")}</th>
              {products.map((name) => (
                <th key={name} scope="col" className="amount">
                  {product(name)}
                </th>
              ))}
              <th scope="col" className="amount">
                {t("today.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day}>
                <th scope="row">{calendarDay(day, true)}</th>
                {products.map((name) => (
                  <td key={name} className="amount">
                    {money(rows.find((row) => row.day === day && row.product === name)?.amount ?? 0, currency)}
                  </td>
                ))}
                <td className="amount">{money(totalOf(day), currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </figure>
  );
}
