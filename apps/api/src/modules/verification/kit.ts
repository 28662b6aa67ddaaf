import type { Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import type { Receipt } from "@estaciona/contracts/schemas/receipts";
import { translate } from "@estaciona/i18n";
import { drawQr, openPdf } from "../../lib/pdf.ts";
import { formatInstant } from "../parking/visits/messages.ts";
import type { DisputeRow } from "./repository.ts";

/**
 * The dispute kit (docs/decisions/0200): one PDF for the operator (and the authority it answers
 * to) with the receipt, the zone, the map pin, the times on the lot's clock, the ticket's number,
 * the driver's words and the QR of the receipt's proof. Never the driver's name, phone or card.
 */
export function renderDisputeKit(
  kit: { receipt: Receipt; dispute: DisputeRow; verifyUrl: string },
  locale: Locale,
): Promise<Buffer> {
  const { receipt, dispute, verifyUrl } = kit;
  const label = (key: string, values?: Record<string, string | number>) =>
    translate(locale, `verification.kit.${key}`, values) ?? key;
  const { pdf, width, done } = openPdf({
    title: label("title", { number: receipt.number }),
    author: receipt.operator.name,
  });
  const when = (iso: string | null) => formatInstant(iso, locale, receipt.location.time_zone);
  const pin = `${dispute.location_lat.toFixed(6)}, ${dispute.location_lng.toFixed(6)}`;
  const map = `https://www.openstreetmap.org/?mlat=${dispute.location_lat}&mlon=${dispute.location_lng}#map=18/${dispute.location_lat}/${dispute.location_lng}`;

  pdf.font("Helvetica").fontSize(10).text(receipt.operator.name);
  pdf
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(label("title", { number: receipt.number }));
  pdf.font("Helvetica").fontSize(11).text(label("intro"), { width });
  pdf.moveDown();
  const rows: [string, string][] = [
    [label("status"), translate(locale, `verification.status.${dispute.status}`) ?? dispute.status],
    [label("opened_at"), when(dispute.created_at)],
    [label("citation_number"), dispute.citation_number ?? "—"],
    [label("receipt"), `${receipt.number} · ${receipt.title}`],
    [label("zone"), `${receipt.location.name}, ${receipt.location.address}`],
    [label("pin"), pin],
    [label("map"), map],
    [label("plate"), receipt.plate ?? "—"],
    [label("paid_at"), when(receipt.issued_at)],
    [label("starts_at"), when(receipt.starts_at)],
    [label("ends_at"), when(receipt.ends_at)],
    [label("time_zone"), receipt.location.time_zone],
    [label("amount"), formatMoney(receipt.amounts.total, receipt.amounts.currency)],
    [label("payment_reference"), receipt.payment_uuid],
  ];
  for (const [name, value] of rows)
    pdf.font("Helvetica-Bold").text(`${name}: `, { continued: true }).font("Helvetica").text(value, { width });
  if (dispute.note) {
    pdf.moveDown().font("Helvetica-Bold").text(label("note"));
    pdf.font("Helvetica").text(dispute.note, { width });
  }
  if (dispute.resolution) {
    pdf.moveDown().font("Helvetica-Bold").text(label("resolution"));
    pdf.font("Helvetica").text(dispute.resolution, { width });
  }
  pdf.moveDown();
  const top = pdf.y;
  drawQr(pdf, verifyUrl, pdf.page.margins.left, top, 96);
  pdf
    .fontSize(9)
    .font("Helvetica")
    .text(translate(locale, "verification.pdf_caption") ?? "", pdf.page.margins.left + 108, top, { width: width - 108 })
    .text(verifyUrl, { width: width - 108 });
  pdf.end();
  return done;
}
