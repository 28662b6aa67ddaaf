import type { Currency, FeeRates } from "@estaciona/contracts";
import { feeBreakdown } from "@estaciona/contracts";
import {
  type MeterRules,
  meterLimits,
  meterPurchaseSubtotal,
  nextOpening,
  windowAt,
} from "@estaciona/contracts/meters";
import { useConsoleFormat } from "../lib/format.ts";
import { TableScroller } from "./table-scroller.tsx";

/** Times a driver commonly buys, in minutes; the zone's shortest and longest stays are added. */
const SAMPLE_MINUTES = [15, 30, 60, 90, 120, 180, 240, 480];

/**
 * What drivers pay for common times in the zone being edited, bought as the zone opens, priced by
 * the shared meter engine and fee engine the API charges with (docs/product/parking.md): the price the operator
 * sees is the price charged. `at` is the moment the preview is read from (now by default).
 */
export function MeterPricePreview({
  rules,
  rates,
  currency,
  at = Date.now(),
}: {
  rules: MeterRules;
  rates: FeeRates;
  currency: Currency;
  at?: number;
}) {
  const { t, money, duration } = useConsoleFormat();
  const opens = windowAt(rules, at)?.opens ?? nextOpening(rules, at);
  const limits = opens === null ? null : meterLimits(rules, opens, opens);
  const longest = limits?.maxMinutes ?? 0;
  const samples = [...new Set([rules.minMinutes, ...SAMPLE_MINUTES, rules.maxMinutes])]
    .filter((minutes) => minutes >= rules.minMinutes && minutes <= longest)
    .sort((a, b) => a - b);
  return (
    <section className="card console-wide" aria-labelledby="meter-preview-title" aria-live="polite">
      <h2 id="meter-preview-title" className="section-title">
        {t("meter_zones.preview_title")}
      </h2>
      {opens === null ? (
        <p className="muted">{t("meter_zones.preview_free")}</p>
      ) : (
        <>
          <p className="muted">{t("meter_zones.preview_hint")}</p>
          <TableScroller label={t("meter_zones.preview_title")}>
            <table className="console-table meter-preview" data-testid="meter-price-preview">
              <thead>
                <tr>
                  <th scope="col">{t("meter_zones.preview_time")}</th>
                  <th scope="col" className="amount">
                    {t("meter_zones.preview_parking")}
                  </th>
                  <th scope="col" className="amount">
                    {t("meter_zones.preview_total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {samples.map((minutes) => {
                  const price = feeBreakdown(meterPurchaseSubtotal(rules, opens, opens, minutes), rates);
                  return (
                    <tr key={minutes} data-minutes={minutes}>
                      <th scope="row">{duration(minutes)}</th>
                      <td className="amount">{money(price.subtotal, currency)}</td>
                      <td className="amount">{money(price.total, currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroller>
        </>
      )}
    </section>
  );
}
