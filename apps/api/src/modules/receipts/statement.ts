import type { Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import type { HistoryEntry, ReceiptPdf, StatementQuery } from "@estaciona/contracts/schemas/receipts";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { csvCell, decimal } from "../../lib/csv.ts";
import { openPdf } from "../../lib/pdf.ts";
import { historyOfPeriod } from "./history.ts";

/**
 * The statement of a period (docs/decisions/0187): the history's payments as CSV and as a PDF, in
 * the caller's language, each with its tag and, on a Mexican host, its CFDI's folio fiscal.
 */

const label = (locale: Locale, key: string) => translate(locale, `parking.history.${key}`) ?? key;
const tagWords = (locale: Locale, entry: HistoryEntry) => (entry.tag ? label(locale, `tag_${entry.tag}`) : "");
const day = (iso: string) => iso.slice(0, 10);
const fileName = (query: StatementQuery, extension: string) =>
  `estaciona-${day(query.from)}-${day(new Date(Date.parse(query.to) - 1).toISOString())}.${extension}`;

export async function statementCsv(
  db: Executor,
  userId: string,
  query: StatementQuery,
  locale: Locale,
): Promise<ReceiptPdf> {
  const entries = await historyOfPeriod(db, userId, query, locale);
  const header = ["date", "description", "kind", "amount", "currency", "tag", "reference", "cfdi"].map((key) =>
    label(locale, `csv_${key}`),
  );
  const rows = entries.map((entry) => [
    entry.paid_at,
    entry.line,
    label(locale, `kind_${entry.kind}`),
    decimal(entry.amount),
    entry.currency.toUpperCase(),
    tagWords(locale, entry),
    entry.payment_uuid,
    entry.cfdi?.cfdi_uuid ?? "",
  ]);
  const text = [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
  // A byte-order mark: spreadsheets open the accents as UTF-8.
  return {
    filename: fileName(query, "csv"),
    content_type: "text/csv; charset=utf-8",
    base64: Buffer.from(`\uFEFF${text}`, "utf8").toString("base64"),
  };
}

export async function statementPdf(
  db: Executor,
  userId: string,
  query: StatementQuery,
  locale: Locale,
  publicUrl: string,
): Promise<ReceiptPdf> {
  const entries = await historyOfPeriod(db, userId, query, locale);
  const title = label(locale, "statement_title");
  const { pdf, width, done } = openPdf({ title, author: "Estaciona" });
  pdf.font("Helvetica-Bold").fontSize(18).text(title);
  pdf
    .font("Helvetica")
    .fontSize(10)
    .text(`${day(query.from)} — ${day(new Date(Date.parse(query.to) - 1).toISOString())}`);
  pdf.moveDown();
  if (entries.length === 0) pdf.text(label(locale, "empty"), { width });
  for (const entry of entries) {
    const tag = tagWords(locale, entry);
    pdf
      .font("Helvetica-Bold")
      .text(`${entry.line}: ${formatMoney(entry.amount, entry.currency)}`, { width })
      .font("Helvetica")
      .text([entry.paid_at.slice(0, 16).replace("T", " "), tag, entry.payment_uuid].filter(Boolean).join(" · "), {
        width,
      });
    // On a Mexican host, the CFDI that covers the payment, linked to its invoice in the app.
    if (entry.cfdi)
      pdf.fillColor("#1a4fa0").text(`CFDI ${entry.cfdi.cfdi_uuid ?? entry.cfdi.invoice_uuid}`, {
        width,
        link: `${publicUrl}/facturacion`,
        underline: true,
      });
    pdf.fillColor("black").moveDown(0.5);
  }
  const totals = new Map<string, number>();
  for (const entry of entries) totals.set(entry.currency, (totals.get(entry.currency) ?? 0) + entry.amount);
  for (const [currency, total] of totals)
    pdf
      .font("Helvetica-Bold")
      .text(`${label(locale, "total")}: ${formatMoney(total, currency as HistoryEntry["currency"])}`, {
        align: "right",
        width,
      });
  pdf.end();
  return { filename: fileName(query, "pdf"), content_type: "application/pdf", base64: (await done).toString("base64") };
}
