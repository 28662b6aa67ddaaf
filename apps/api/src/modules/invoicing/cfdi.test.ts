import { type FeeRates, feeBreakdown } from "@estaciona/contracts/fees";
import fc from "fast-check";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { convert } from "xmlbuilder2";
import { buildCfdiXml, type CfdiDocument, type CfdiLine, conceptDescription, rateText } from "./cfdi.ts";
import { renderInvoicePdf } from "./pdf.ts";

/** The attributes the CFDI 4.0 schema requires on each node we write (Anexo 20, cfdv40.xsd). */
const REQUIRED = {
  Comprobante: [
    "Version",
    "Fecha",
    "Sello",
    "NoCertificado",
    "Certificado",
    "SubTotal",
    "Moneda",
    "Total",
    "TipoDeComprobante",
    "Exportacion",
    "LugarExpedicion",
  ],
  Emisor: ["Rfc", "Nombre", "RegimenFiscal"],
  Receptor: ["Rfc", "Nombre", "DomicilioFiscalReceptor", "RegimenFiscalReceptor", "UsoCFDI"],
  Concepto: ["ClaveProdServ", "Cantidad", "ClaveUnidad", "Descripcion", "ValorUnitario", "Importe", "ObjetoImp"],
  Traslado: ["Base", "Impuesto", "TipoFactor", "TasaOCuota", "Importe"],
} as const;

const document = (lines: CfdiLine[]): CfdiDocument => ({
  series: "EST",
  folio: 12,
  issuedAt: "2026-11-24T17:05:09",
  currency: "MXN",
  paymentForm: "04",
  issuer: { rfc: "EDE210101A17", name: "ESTACIONA DEMO", regime: "601", postalCode: "64000" },
  receiver: { rfc: "PEPA800101AB1", name: "ANA PÉREZ PÉREZ", regime: "612", postalCode: "64000", cfdiUse: "G03" },
  lines,
});

/** Line `i` as the fee engine would charge it: the base before tax and the IVA on it. */
const lineOf = (subtotal: number, rates: FeeRates, i: number): CfdiLine => {
  const breakdown = feeBreakdown(subtotal, rates);
  return {
    reference: `payment-${i}`,
    description: `Estacionamiento ${i}`,
    base: breakdown.subtotal + breakdown.convenienceFee + breakdown.processingFee,
    tax: breakdown.tax,
    taxRateBp: rates.taxRateBp,
  };
};

type Node = { [key: string]: unknown };
const cents = (decimal: unknown): number => {
  const match = /^(\d+)\.(\d{2})$/.exec(String(decimal));
  if (!match) throw new Error(`not a two-decimal amount: ${String(decimal)}`);
  return Number(match[1]) * 100 + Number(match[2]);
};
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const attributes = (node: Node): Record<string, string> =>
  Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key.startsWith("@"))
      .map(([k, v]) => [k.slice(1), String(v)]),
  );

function parse(xml: string) {
  const root = (convert(xml, { format: "object" }) as Node)["cfdi:Comprobante"] as Node;
  const conceptos = asArray((root["cfdi:Conceptos"] as Node)["cfdi:Concepto"] as Node | Node[]);
  const summary = root["cfdi:Impuestos"] as Node;
  return {
    comprobante: attributes(root),
    emisor: attributes(root["cfdi:Emisor"] as Node),
    receptor: attributes(root["cfdi:Receptor"] as Node),
    conceptos: conceptos.map((concepto) => ({
      attributes: attributes(concepto),
      traslado: attributes(((concepto["cfdi:Impuestos"] as Node)["cfdi:Traslados"] as Node)["cfdi:Traslado"] as Node),
    })),
    totalTax: attributes(summary).TotalImpuestosTrasladados,
    traslados: asArray((summary["cfdi:Traslados"] as Node)["cfdi:Traslado"] as Node | Node[]).map(attributes),
  };
}

const rates = fc.record({
  taxRateBp: fc.constantFrom(0, 800, 1600),
  convenienceRateBp: fc.integer({ min: 0, max: 2000 }),
  convenienceFixed: fc.integer({ min: 0, max: 2000 }),
  cardRateBp: fc.integer({ min: 0, max: 500 }),
  cardFixed: fc.integer({ min: 0, max: 500 }),
});

describe("CFDI 4.0 XML", () => {
  it("writes every attribute the schema requires, in its namespace, marked as not stamped", () => {
    const xml = buildCfdiXml(
      document([
        lineOf(
          3000,
          { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 },
          1,
        ),
      ]),
      {
        note: "SANDBOX: sin timbrar",
      },
    );
    expect(xml).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/4"');
    expect(xml).toContain("<!-- SANDBOX: sin timbrar -->");
    const cfdi = parse(xml);
    for (const name of REQUIRED.Comprobante) expect(cfdi.comprobante, name).toHaveProperty(name);
    for (const name of REQUIRED.Emisor) expect(cfdi.emisor, name).toHaveProperty(name);
    for (const name of REQUIRED.Receptor) expect(cfdi.receptor, name).toHaveProperty(name);
    for (const concepto of cfdi.conceptos) {
      for (const name of REQUIRED.Concepto) expect(concepto.attributes, name).toHaveProperty(name);
      for (const name of REQUIRED.Traslado) expect(concepto.traslado, name).toHaveProperty(name);
    }
    expect(cfdi.comprobante).toMatchObject({
      Version: "4.0",
      TipoDeComprobante: "I",
      Exportacion: "01",
      MetodoPago: "PUE",
      Moneda: "MXN",
      NoCertificado: "00000000000000000000",
      Fecha: "2026-11-24T17:05:09",
    });
    expect(cfdi.receptor).toMatchObject({ Rfc: "PEPA800101AB1", UsoCFDI: "G03", RegimenFiscalReceptor: "612" });
  });

  it("adds up to the cent for any breakdown the fee engine can produce: SubTotal + IVA = Total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2_000_000 }), rates), { minLength: 1, maxLength: 6 }),
        (stays) => {
          const lines = stays.map(([subtotal, stayRates], i) => lineOf(subtotal, stayRates, i));
          const charged = stays.reduce(
            (sum, [subtotal, stayRates]) => sum + feeBreakdown(subtotal, stayRates).total,
            0,
          );
          const cfdi = parse(buildCfdiXml(document(lines)));
          const subtotal = cents(cfdi.comprobante.SubTotal);
          const tax = cents(cfdi.totalTax);
          expect(subtotal + tax).toBe(cents(cfdi.comprobante.Total));
          expect(cents(cfdi.comprobante.Total)).toBe(charged);
          expect(cfdi.conceptos.reduce((sum, concepto) => sum + cents(concepto.attributes.Importe), 0)).toBe(subtotal);
          expect(cfdi.conceptos.reduce((sum, concepto) => sum + cents(concepto.traslado.Importe), 0)).toBe(tax);
          expect(cfdi.traslados.reduce((sum, traslado) => sum + cents(traslado.Importe), 0)).toBe(tax);
          for (const concepto of cfdi.conceptos) {
            // The IVA of each concept is its base times the rate, rounded once (what the SAT checks).
            const rateMillionths = Number(String(concepto.traslado.TasaOCuota).replace(".", ""));
            const exact = (cents(concepto.traslado.Base) * rateMillionths) / 1_000_000;
            expect(Math.abs(cents(concepto.traslado.Importe) - exact)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
    );
  });

  it("writes rates with six decimals", () => {
    expect(rateText(1600)).toBe("0.160000");
    expect(rateText(800)).toBe("0.080000");
    expect(rateText(0)).toBe("0.000000");
  });
});

describe("the invoice PDF", () => {
  it("renders a page a person can read: the parties, the amounts and the not-stamped warning", async () => {
    const pdf = await renderInvoicePdf({
      ...document([
        lineOf(
          3000,
          { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 },
          1,
        ),
      ]),
      stamped: false,
      cfdiUuid: null,
    });
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Factura electrónica (CFDI 4.0)");
    expect(text).toContain("SIN VALIDEZ FISCAL");
    expect(text).toContain("ESTACIONA DEMO");
    expect(text).toContain("RFC: PEPA800101AB1");
    expect(text).toContain("Uso del CFDI: G03 · Gastos en general");
    expect(text).toContain("Régimen fiscal: 601 · General de Ley Personas Morales");
    expect(text).toContain("Fecha de emisión: 24 de noviembre de 2026 a las 17:05");
    expect(text).toContain("Forma de pago: 04 · Tarjeta de crédito");
    // $30 + $5 fee + 2.9 % card = 36.02 base; IVA 5.76; total 41.78.
    expect(text).toContain("Subtotal: $36.02 MXN");
    expect(text).toContain("IVA trasladado: $5.76 MXN");
    expect(text).toContain("Total: $41.78 MXN");
  });
});

describe("a concept's words", () => {
  it("names the place once", () => {
    const place = "Plaza Galerías";
    expect(conceptDescription({ description: "Plaza Galerías · valet A17", location_name: place })).toBe(
      "Plaza Galerías · valet A17",
    );
    expect(conceptDescription({ description: "107 · ABC1234", location_name: place })).toBe(
      "107 · ABC1234 · Plaza Galerías",
    );
  });
});
