import { cardBrandName, type Locale } from "@estaciona/contracts";
import { contactLine } from "@estaciona/contracts/phones";
import type { Receipt } from "@estaciona/contracts/schemas/receipts";
import { withWalletName } from "@estaciona/contracts/wallets";
import { translate } from "@estaciona/i18n";
import { breakdownLines } from "../../lib/breakdown-text.ts";
import { drawQr, openPdf } from "../../lib/pdf.ts";
import { formatInstant } from "../parking/visits/messages.ts";

/**
 * The receipt as a PDF (Letter, Helvetica), in the caller's language: the same labels as the
 * receipt screen (`parking.receipt.*`, `parking.breakdown.*`), times on the lot's clock, and the
 * QR of its proof that anyone can check (`verifyUrl`, docs/decisions/0200).
 */
export function renderReceiptPdf(receipt: Receipt, locale: Locale, verifyUrl?: string): Promise<Buffer> {
  const label = (key: string) => translate(locale, `parking.receipt.${key}`) ?? key;
  const { pdf, width, done } = openPdf({
    title: translate(locale, "parking.receipt.number", { number: receipt.number }) ?? receipt.number,
    author: receipt.operator.name,
  });
  const when = (iso: string | null) => formatInstant(iso, locale, receipt.location.time_zone);
  const card = receipt.card
    ? withWalletName(
        receipt.card.wallet,
        translate(locale, "parking.card_on_file", {
          brand: cardBrandName(receipt.card.brand, translate(locale, "common.other_card_brand") ?? receipt.card.brand),
          last4: receipt.card.last4,
        }) ?? "",
      )
    : receipt.rail
      ? label(`rail_${receipt.rail}`)
      : label("no_charge");

  pdf.font("Helvetica").fontSize(10).text(receipt.operator.name);
  pdf
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(translate(locale, "parking.receipt.number", { number: receipt.number }) ?? "");
  pdf.font("Helvetica").fontSize(12).text(receipt.title, { width });
  // A stay that cost nothing says so first (docs/decisions/0186).
  if (receipt.no_charge) pdf.font("Helvetica-Bold").fontSize(14).text(label("free"), { width });
  pdf.font("Helvetica").fontSize(12).moveDown();
  const rows: [string, string][] = [
    [label("issued_at"), when(receipt.issued_at)],
    [label("location"), `${receipt.location.name}, ${receipt.location.address}`],
    [label("plate"), receipt.plate ?? "—"],
    [label("starts_at"), when(receipt.starts_at)],
    [label("ends_at"), when(receipt.ends_at)],
    [label("card"), card ?? "—"],
    [label("payment_reference"), receipt.no_charge ? "—" : receipt.payment_uuid],
  ];
  for (const [name, value] of rows)
    pdf.font("Helvetica-Bold").text(`${name}: `, { continued: true }).font("Helvetica").text(value, { width });
  pdf.moveDown();
  const lines = breakdownLines(locale, receipt.amounts, receipt.amounts.currency, {
    discount: receipt.discount,
    tip: receipt.tip,
  });
  for (const [index, [name, amount]] of lines.entries())
    pdf
      .font(index === lines.length - 1 ? "Helvetica-Bold" : "Helvetica")
      .text(`${name}: ${amount}`, { align: "right", width });
  const contact = contactLine(receipt.operator);
  if (contact)
    pdf
      .moveDown()
      .fontSize(9)
      .font("Helvetica")
      .text(`${label("contact")}: ${contact}`, { width });
  if (verifyUrl) {
    pdf.moveDown();
    const top = pdf.y;
    drawQr(pdf, verifyUrl, pdf.page.margins.left, top, 96);
    pdf
      .fontSize(9)
      .font("Helvetica")
      .text(translate(locale, "verification.pdf_caption") ?? "", pdf.page.margins.left + 108, top, {
        width: width - 108,
      })
      .text(verifyUrl, { width: width - 108 });
  }
  pdf.end();
  return done;
}
