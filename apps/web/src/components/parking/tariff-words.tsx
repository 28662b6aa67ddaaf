import { describeTariff } from "@estaciona/contracts";
import type { Location } from "@estaciona/contracts/schemas/parking";
import { feeRatesFromBody, tariffFromBody } from "@estaciona/contracts/schemas/parking";
import { FeeBreakdown } from "./fee-breakdown.tsx";
import { useParkingFormat } from "./format.ts";

const MINUTES_PER_HOUR = 60;

/** A period in whole hours when it is one, else in minutes: picks the catalogue key's unit. */
const periodUnit = (minutes: number) =>
  minutes > 0 && minutes % MINUTES_PER_HOUR === 0
    ? ({ unit: "hours", count: minutes / MINUTES_PER_HOUR } as const)
    : ({ unit: "minutes", count: minutes } as const);

/**
 * The location's tariff in words, built from the fee engine's numbers with the catalogue's
 * plurals (grace, first period, increments, daily maximum), then the first period's all-in price:
 * what the driver actually pays, fees and tax included (docs/product/money.md: the price shown first is the
 * price charged).
 */
export function TariffWords({ location }: { location: Location }) {
  const { t, money } = useParkingFormat();
  const description = describeTariff(tariffFromBody(location.tariff), feeRatesFromBody(location.rates));
  const price = (amount: number) => money(amount, location.currency);
  const first = periodUnit(description.firstPeriod.minutes);
  const sentences: string[] = [];
  if (description.graceMinutes > 0) sentences.push(t("tariff.grace", { count: description.graceMinutes }));
  sentences.push(t(`tariff.first_${first.unit}`, { count: first.count, price: price(description.firstPeriod.price) }));
  if (description.increment) {
    const increment = periodUnit(description.increment.minutes);
    sentences.push(
      t(`tariff.increment_${increment.unit}`, { count: increment.count, price: price(description.increment.price) }),
    );
  }
  if (description.dailyMax !== null) sentences.push(t("tariff.daily_max", { price: price(description.dailyMax) }));

  return (
    <section className="card tariff" aria-labelledby="tariff-title">
      <h2 id="tariff-title">{t("tariff.title")}</h2>
      <div className="all-in-price">
        <p>{t(`tariff.all_in_${first.unit}`, { count: first.count })}</p>
        <p className="all-in-amount" data-testid="all-in-price">
          {price(location.first_period.total)}
        </p>
        <p className="muted">{t("tariff.all_in_note")}</p>
        <FeeBreakdown amounts={location.first_period} />
      </div>
      <ul className="tariff-words">
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p className="muted">{t("tariff.before_fees")}</p>
    </section>
  );
}
