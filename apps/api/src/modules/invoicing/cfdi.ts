import { create } from "xmlbuilder2";
import { minorUnitsToDecimalString } from "../payments/adapter-http.ts";

/**
 * A CFDI 4.0 income invoice (Anexo 20, cfdv40.xsd) from our integer amounts. Every amount is
 * written from the integers' digits, never computed in floating point: each line carries the
 * base before tax and the IVA the ledger charged on it (the fee engine's one rounding), so
 * SubTotal + IVA = Total to the cent (docs/decisions/0035).
 */

export const CFDI_NAMESPACE = "http://www.sat.gob.mx/cfd/4";
const SCHEMA_LOCATION = `${CFDI_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
/** c_ClaveProdServ 78111807: servicios de estacionamiento de vehículos; c_ClaveUnidad E48: unidad de servicio. */
export const PARKING_PRODUCT_KEY = "78111807";
export const SERVICE_UNIT_KEY = "E48";
/**
 * A global invoice's concepts, as the SAT's Anexo 20 guide wants them: one per sale, ClaveProdServ
 * 01010101, ClaveUnidad ACT, Descripción "Venta", NoIdentificacion the sale's number.
 */
const GLOBAL_PRODUCT_KEY = "01010101";
const GLOBAL_UNIT_KEY = "ACT";
export const GLOBAL_LINE_DESCRIPTION = "Venta";
/**
 * A credit note's concept (the SAT's Anexo 20 guide for an egreso that gives back what was paid):
 * ClaveProdServ 84111506 servicios de facturación, ClaveUnidad ACT — also Facturapi's defaults for `type: "E"`.
 */
const CREDIT_PRODUCT_KEY = "84111506";
/** c_TipoRelacion 01: nota de crédito de los documentos relacionados. */
export const CREDIT_NOTE_RELATIONSHIP = "01";
/** c_Impuesto 002: IVA. */
const IVA = "002";
/** A stamped CFDI carries the issuer's certificate number; the sandbox has no certificate. */
const NO_CERTIFICATE = "00000000000000000000";

export interface CfdiParty {
  rfc: string;
  name: string;
  regime: string;
  postalCode: string;
}

export interface CfdiLine {
  /** NoIdentificacion: our payment id, so the invoice names what it covers. */
  reference: string;
  description: string;
  /** Before tax (subtotal, convenience and processing fees), minor units. */
  base: number;
  tax: number;
  taxRateBp: number;
}

/** The SAT's InformacionGlobal: c_Periodicidad, c_Meses and Año of a global invoice's sales. */
export interface CfdiGlobalInformation {
  periodicity: string;
  months: string;
  year: number;
}

/** The receiver of a global invoice (Anexo 20): the general public, at the place of issue. */
export const generalPublic = (issuerPostalCode: string): CfdiDocument["receiver"] => ({
  rfc: "XAXX010101000",
  name: "PUBLICO EN GENERAL",
  regime: "616",
  postalCode: issuerPostalCode,
  cfdiUse: "S01",
});

/** The CFDI a credit note corrects: its folio fiscal (none when the sandbox made it) and its number. */
export interface CfdiRelatedDocument {
  relationship: typeof CREDIT_NOTE_RELATIONSHIP;
  cfdiUuid: string | null;
  number: string;
}

export interface CfdiDocument {
  /** TipoDeComprobante: I ingreso (an invoice, the default) or E egreso (a credit note, docs/decisions/0308). */
  type?: "I" | "E";
  series: string;
  folio: number;
  /** Fecha: the issuer's local time, `YYYY-MM-DDTHH:mm:ss` as the schema wants it. */
  issuedAt: string;
  currency: "MXN";
  /** c_FormaPago: 04 tarjeta de crédito, 28 tarjeta de débito (issuing.ts `paymentFormOfLines`). */
  paymentForm: string;
  issuer: CfdiParty;
  receiver: CfdiParty & { cfdiUse: string };
  lines: CfdiLine[];
  /** Present on a global invoice to the general public, and on a credit note of one. */
  global?: CfdiGlobalInformation;
  /** A credit note's original CFDI (CfdiRelacionados). */
  related?: CfdiRelatedDocument;
}

/** The catalogue keys of a document's concepts: a credit note's, a global invoice's sales, or parking services. */
export const conceptKeys = (document: Pick<CfdiDocument, "global" | "type">) =>
  document.type === "E"
    ? { productKey: CREDIT_PRODUCT_KEY, unitKey: GLOBAL_UNIT_KEY, unitName: "Actividad" }
    : document.global
      ? { productKey: GLOBAL_PRODUCT_KEY, unitKey: GLOBAL_UNIT_KEY, unitName: "Actividad" }
      : { productKey: PARKING_PRODUCT_KEY, unitKey: SERVICE_UNIT_KEY, unitName: "Unidad de servicio" };

export interface CfdiTotals {
  subtotal: number;
  tax: number;
  total: number;
}

export const cfdiTotals = (lines: readonly Pick<CfdiLine, "base" | "tax">[]): CfdiTotals => {
  const subtotal = lines.reduce((sum, line) => sum + line.base, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  return { subtotal, tax, total: subtotal + tax };
};

export const money = (minor: number): string => minorUnitsToDecimalString(minor);

/** Basis points as TasaOCuota's six decimals: 1600 → "0.160000". */
export const rateText = (bp: number): string => {
  const millionths = String(bp * 100).padStart(7, "0");
  return `${millionths.slice(0, -6)}.${millionths.slice(-6)}`;
};

/** The invoice's IVA grouped by rate, as the Comprobante's Impuestos node wants it. */
function taxesByRate(lines: readonly CfdiLine[]) {
  const groups = new Map<number, { base: number; tax: number }>();
  for (const line of lines) {
    const group = groups.get(line.taxRateBp) ?? { base: 0, tax: 0 };
    groups.set(line.taxRateBp, { base: group.base + line.base, tax: group.tax + line.tax });
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/** The CFDI XML, unsigned (Sello and Certificado empty): a PAC stamps it, or the sandbox keeps it as a draft. */
export function buildCfdiXml(document: CfdiDocument, options: { note?: string } = {}): string {
  const totals = cfdiTotals(document.lines);
  const root = create({ version: "1.0", encoding: "UTF-8" });
  if (options.note) root.com(` ${options.note} `);
  const comprobante = root.ele(CFDI_NAMESPACE, "cfdi:Comprobante", {
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": SCHEMA_LOCATION,
    Version: "4.0",
    Serie: document.series,
    Folio: String(document.folio),
    Fecha: document.issuedAt,
    Sello: "",
    FormaPago: document.paymentForm,
    NoCertificado: NO_CERTIFICATE,
    Certificado: "",
    SubTotal: money(totals.subtotal),
    Moneda: document.currency,
    Total: money(totals.total),
    TipoDeComprobante: document.type ?? "I",
    Exportacion: "01",
    MetodoPago: "PUE",
    LugarExpedicion: document.issuer.postalCode,
  });
  if (document.global)
    comprobante.ele(CFDI_NAMESPACE, "cfdi:InformacionGlobal", {
      Periodicidad: document.global.periodicity,
      Meses: document.global.months,
      Año: String(document.global.year),
    });
  // The sandbox's original has no folio fiscal to name: its number is in the PDF, the node is left out.
  if (document.related?.cfdiUuid)
    comprobante
      .ele(CFDI_NAMESPACE, "cfdi:CfdiRelacionados", { TipoRelacion: document.related.relationship })
      .ele(CFDI_NAMESPACE, "cfdi:CfdiRelacionado", { UUID: document.related.cfdiUuid });
  comprobante.ele(CFDI_NAMESPACE, "cfdi:Emisor", {
    Rfc: document.issuer.rfc,
    Nombre: document.issuer.name,
    RegimenFiscal: document.issuer.regime,
  });
  comprobante.ele(CFDI_NAMESPACE, "cfdi:Receptor", {
    Rfc: document.receiver.rfc,
    Nombre: document.receiver.name,
    DomicilioFiscalReceptor: document.receiver.postalCode,
    RegimenFiscalReceptor: document.receiver.regime,
    UsoCFDI: document.receiver.cfdiUse,
  });
  const keys = conceptKeys(document);
  const conceptos = comprobante.ele(CFDI_NAMESPACE, "cfdi:Conceptos");
  for (const line of document.lines) {
    conceptos
      .ele(CFDI_NAMESPACE, "cfdi:Concepto", {
        ClaveProdServ: keys.productKey,
        NoIdentificacion: line.reference,
        Cantidad: "1",
        ClaveUnidad: keys.unitKey,
        Unidad: keys.unitName,
        Descripcion: line.description,
        ValorUnitario: money(line.base),
        Importe: money(line.base),
        ObjetoImp: "02",
      })
      .ele(CFDI_NAMESPACE, "cfdi:Impuestos")
      .ele(CFDI_NAMESPACE, "cfdi:Traslados")
      .ele(CFDI_NAMESPACE, "cfdi:Traslado", {
        Base: money(line.base),
        Impuesto: IVA,
        TipoFactor: "Tasa",
        TasaOCuota: rateText(line.taxRateBp),
        Importe: money(line.tax),
      });
  }
  const traslados = comprobante
    .ele(CFDI_NAMESPACE, "cfdi:Impuestos", { TotalImpuestosTrasladados: money(totals.tax) })
    .ele(CFDI_NAMESPACE, "cfdi:Traslados");
  for (const [bp, group] of taxesByRate(document.lines)) {
    traslados.ele(CFDI_NAMESPACE, "cfdi:Traslado", {
      Base: money(group.base),
      Impuesto: IVA,
      TipoFactor: "Tasa",
      TasaOCuota: rateText(bp),
      Importe: money(group.tax),
    });
  }
  return root.end({ prettyPrint: true });
}

/**
 * A concept's words: the payment's description with its place, named once. Valet and pass payments
 * already start with the location's name; a meter's or an event's does not (docs/decisions/0279).
 */
export const conceptDescription = (charge: { description: string; location_name: string }): string =>
  charge.description.split(" · ").includes(charge.location_name)
    ? charge.description
    : `${charge.description} · ${charge.location_name}`;
