import type { Currency } from "@estaciona/contracts";
import { type FeeRates, stayQuote, type Tariff } from "@estaciona/contracts";
import { useConsoleFormat } from "../lib/format.ts";
import { TableScroller } from "./table-scroller.tsx";

/** Stays a driver commonly makes, in minutes. */
const SAMPLE_STAYS = [15, 30, 60, 90, 120, 180, 300, 480, 1440];

/**
 * What drivers would pay for common stays under the tariff being edited, computed by the same fee
 * engine the API charges with (docs/product/parking.md): the price the operator sees is the price charged.
 */
export function TariffPreview({ tariff, rates, currency }: { tariff: Tariff; rates: FeeRates; currency: Currency }) {
  const { t, money, duration } = useConsoleFormat();
  return (
    <section className="card console-wide" aria-labelledby="tariff-preview-title" aria-live="polite">
      <h2 id="tariff-preview-title" className="section-title">
        {t("locations.preview_title")}
      </h2>
      <p className="muted">{t("locations.preview_hint")}</p>
      <TableScroller label={t("locations.preview_title")}>
        <table className="console-table" data-testid="tariff-preview">
          <thead>
            <tr>
              <th scope="col">{t("locations.preview_stay")}</th>
              <th scope="col" className="amount">
                {t("locations.preview_parking")}
              </th>
              <th scope="col" className="amount">
                {t("locations.preview_total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_STAYS.map((minutes) => {
              const quote = stayQuote(tariff, rates, 0, minutes * 60_000);
              return (
                <tr key={minutes} data-minutes={minutes}>
                  <th scope="row">{duration(minutes)}</th>
                  <td className="amount">{money(quote.subtotal, currency)}</td>
                  <td className="amount">{money(quote.total, currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}
