import { satCodeText } from "@estaciona/contracts/sat";
import { openPdf } from "../../lib/pdf.ts";
import { type CfdiDocument, cfdiTotals, conceptKeys, money, rateText } from "./cfdi.ts";

/**
 * The printable representation of a CFDI (Letter size, Helvetica, Spanish as the CFDI is): issuer,
 * receiver, one row per payment, subtotal, IVA and total. An unstamped invoice says so at the top
 * in words a person cannot miss. Every SAT code is printed with its catalogue description and the
 * date in words on the issuer's clock: a page of bare codes reads to nobody (docs/decisions/0279).
 */
export interface PdfInvoice extends CfdiDocument {
  stamped: boolean;
  cfdiUuid: string | null;
}

/** c_ClaveProdServ's descriptions of the keys our concepts use. */
const PRODUCT_NAMES: Record<string, string> = {
  "78111807": "Servicios de estacionamiento de vehículos",
  "01010101": "No existe en el catálogo",
  "84111506": "Servicios de facturación",
};

export function renderInvoicePdf(invoice: PdfInvoice): Promise<Buffer> {
  const credit = invoice.type === "E";
  const { pdf, width, done } = openPdf({
    title: `${credit ? "Nota de crédito" : "Factura"} ${invoice.series}-${invoice.folio}`,
    author: invoice.issuer.name,
  });
  const totals = cfdiTotals(invoice.lines);

  pdf.font("Helvetica-Bold").fontSize(16).text(invoice.issuer.name, { width });
  pdf
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(credit ? "Nota de crédito: CFDI 4.0 de egreso" : "Factura electrónica (CFDI 4.0)");
  pdf
    .font("Helvetica")
    .fontSize(10)
    .text(`Serie ${invoice.series} · Folio ${invoice.folio} · ${issuedAtInWords(invoice.issuedAt)}`);
  pdf.text(invoice.cfdiUuid ? `Folio fiscal (UUID): ${invoice.cfdiUuid}` : "Folio fiscal (UUID): sin timbrar");
  if (!invoice.stamped) {
    pdf.moveDown(0.5).font("Helvetica-Bold").fillColor("#a11").fontSize(11);
    pdf.text("COMPROBANTE DE PRUEBA SIN TIMBRAR: SIN VALIDEZ FISCAL", { width });
    pdf.fillColor("black");
  }

  if (invoice.related)
    pdf.text(
      `CFDI relacionado (01 · Nota de crédito de los documentos relacionados): ${invoice.related.number}` +
        (invoice.related.cfdiUuid ? ` · UUID ${invoice.related.cfdiUuid}` : ""),
      { width },
    );

  const party = (title: string, lines: string[]) => {
    pdf.moveDown().font("Helvetica-Bold").fontSize(11).text(title);
    pdf.font("Helvetica").fontSize(10);
    for (const line of lines) pdf.text(line, { width });
  };
  party("Emisor", [
    invoice.issuer.name,
    `RFC: ${invoice.issuer.rfc}`,
    `Régimen fiscal: ${satCodeText("regime", invoice.issuer.regime)}`,
    `Lugar de expedición: ${invoice.issuer.postalCode}`,
  ]);
  party("Receptor", [
    invoice.receiver.name,
    `RFC: ${invoice.receiver.rfc}`,
    `Régimen fiscal: ${satCodeText("regime", invoice.receiver.regime)}`,
    `Domicilio fiscal (C.P.): ${invoice.receiver.postalCode}`,
    `Uso del CFDI: ${satCodeText("use", invoice.receiver.cfdiUse)}`,
  ]);

  pdf.moveDown().font("Helvetica-Bold").fontSize(11).text("Conceptos");
  pdf.font("Helvetica").fontSize(9);
  const keys = conceptKeys(invoice);
  for (const line of invoice.lines) {
    pdf.moveDown(0.3).text(line.description, { width });
    pdf.text(
      `Clave ${keys.productKey} · ${PRODUCT_NAMES[keys.productKey] ?? ""} · 1 (${keys.unitKey} · ${keys.unitName})`,
      { width },
    );
    pdf.text(
      `Importe ${money(line.base)} · IVA ${rateText(line.taxRateBp)} ${money(line.tax)} · Ref. ${line.reference}`,
      { width },
    );
  }

  pdf.moveDown().font("Helvetica").fontSize(10);
  pdf.text(`Subtotal: $${money(totals.subtotal)} ${invoice.currency}`, { align: "right", width });
  pdf.text(`IVA trasladado: $${money(totals.tax)} ${invoice.currency}`, { align: "right", width });
  pdf.font("Helvetica-Bold").text(`Total: $${money(totals.total)} ${invoice.currency}`, { align: "right", width });
  pdf.moveDown().font("Helvetica").fontSize(8);
  pdf.text(`Forma de pago: ${satCodeText("payment_form", invoice.paymentForm)}`, { width });
  pdf.text(
    `Método de pago: PUE · Pago en una sola exhibición · Moneda: ${invoice.currency} · Tipo de comprobante: ${credit ? "E · Egreso" : "I · Ingreso"}`,
    { width },
  );
  pdf.text("Este documento es una representación impresa de un CFDI.", { width });
  pdf.end();
  return done;
}

/** The schema's `Fecha` (the issuer's wall clock, no zone) in Spanish words: "24 de noviembre de 2026 a las 17:05". */
function issuedAtInWords(issuedAt: string): string {
  const words = new Intl.DateTimeFormat("es-MX", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    // The string already is the issuer's clock: read and written as UTC, it is not shifted.
    timeZone: "UTC",
  });
  return `Fecha de emisión: ${words.format(new Date(`${issuedAt}Z`))}`;
}
