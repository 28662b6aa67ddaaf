import type { FeeBreakdownBody } from "@estaciona/contracts/schemas/parking";
import { useParkingFormat } from "./format.ts";

/**
 * docs/product/money.md's breakdown: parking, convenience fee, the rail's processing fee, tax and the total that
 * is charged, every line in the visit's currency. Fee lines that are zero still show, so the
 * driver sees there is nothing else on top.
 */
export function FeeBreakdown({
  amounts,
  taxRateBp,
  caption,
  tip,
  discount = 0,
  rail = "card",
}: {
  /** `total` includes the tip when there is one. */
  amounts: FeeBreakdownBody;
  /** Shown next to the tax line when known (the receipt has it). */
  taxRateBp?: number;
  caption?: string;
  /** A valet tip, shown on a line of its own after the tax: no fees or tax are taken on it. */
  tip?: { label: string; amount: number } | undefined;
  /** What a discount took off the price before fees (a pass's promo code), shown first when there is one. */
  discount?: number;
  /**
   * How the driver pays (a card, OXXO cash or a SPEI transfer, docs/decisions/0342): the processing fee's
   * line names that rail, never "card" for a cash payment. A card when not said.
   */
  rail?: "card" | "oxxo" | "spei";
}) {
  const { t, money, percent } = useParkingFormat();
  const lines = [
    ["subtotal", t("breakdown.subtotal"), amounts.subtotal],
    ["convenience_fee", t("breakdown.convenience_fee"), amounts.convenience_fee],
    [
      "processing_fee",
      t(rail === "card" ? "breakdown.processing_fee" : `breakdown.processing_fee_${rail}`),
      amounts.processing_fee,
    ],
    [
      "tax",
      taxRateBp === undefined ? t("breakdown.tax") : t("breakdown.tax_rate", { rate: percent(taxRateBp) }),
      amounts.tax,
    ],
  ] as const;
  return (
    <table className="fee-breakdown">
      <caption className={caption ? "fee-breakdown-caption" : "visually-hidden"}>
        {caption ?? t("breakdown.label")}
      </caption>
      <tbody>
        {discount > 0 && (
          <tr data-line="discount">
            <th scope="row">{t("breakdown.discount")}</th>
            <td>{money(discount, amounts.currency)}</td>
          </tr>
        )}
        {lines.map(([key, label, amount]) => (
          <tr key={key} data-line={key}>
            <th scope="row">{label}</th>
            <td>{money(amount, amounts.currency)}</td>
          </tr>
        ))}
        {tip && (
          <tr data-line="tip">
            <th scope="row">{tip.label}</th>
            <td>{money(tip.amount, amounts.currency)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr data-line="total">
          <th scope="row">{t("breakdown.total")}</th>
          <td>{money(amounts.total, amounts.currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
