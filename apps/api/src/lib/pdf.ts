import PDFDocument from "pdfkit";
import { encode } from "uqr";

/** The page margin of every PDF we print, in points. */
export const PDF_MARGIN = 50;

/**
 * A Letter-size PDF (the receipt's and the CFDI's), with its title and author in the document's
 * information, the width between the margins, and `done`, which gives the file's bytes once the
 * caller has drawn it and called `pdf.end()`.
 */
export function openPdf(info: { title: string; author: string }): {
  pdf: PDFKit.PDFDocument;
  width: number;
  done: Promise<Buffer>;
} {
  const pdf = new PDFDocument({ size: "LETTER", margin: PDF_MARGIN, info: { Title: info.title, Author: info.author } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, width: pdf.page.width - PDF_MARGIN * 2, done };
}

/** A QR code of `text` drawn in black squares at (x, y), `size` points wide (a receipt's proof, docs/decisions/0200). */
export function drawQr(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { data } = encode(text, { border: 1 });
  const cell = size / data.length;
  for (const [row, cells] of data.entries())
    for (const [column, dark] of cells.entries()) if (dark) pdf.rect(x + column * cell, y + row * cell, cell, cell);
  pdf.fillColor("black").fill();
}
