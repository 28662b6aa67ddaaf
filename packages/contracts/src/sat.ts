import regimeCatalogue from "./sat/c_RegimenFiscal.json" with { type: "json" };
import useCatalogue from "./sat/c_UsoCFDI.json" with { type: "json" };

/**
 * The SAT rules a driver's fiscal data must follow for a CFDI 4.0 (docs/product/invoicing-account-contact.md, research/ecosystem.md
 * §5): the RFC pattern of the schema's `t_RFC`, and the catalogues c_RegimenFiscal and c_UsoCFDI,
 * loaded from the data files beside this one (their rows are the SAT's, not ours).
 */

/** 12 characters for a persona moral (company), 13 for a persona física (individual). */
export type PersonType = "fisica" | "moral";

export interface TaxRegime {
  code: string;
  description: string;
  fisica: boolean;
  moral: boolean;
}

export interface CfdiUse {
  code: string;
  description: string;
  fisica: boolean;
  moral: boolean;
  /** The receiver's regimes this use may go with. */
  regimes: string[];
  /** Uses that belong to another kind of voucher (payments, payroll) than an income invoice. */
  onlyVoucherType?: string;
}

export const TAX_REGIMES: readonly TaxRegime[] = regimeCatalogue.rows;
export const CFDI_USES: readonly CfdiUse[] = useCatalogue.rows;

/** The schema's `t_RFC`: 3 letters (moral) or 4 (física), a date YYMMDD, a 3-character homoclave. */
export const RFC_PATTERN = /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

/** The generic RFCs (público en general, extranjeros): they go on global invoices, never on a driver's own. */
export const GENERIC_RFCS: readonly string[] = ["XAXX010101000", "XEXX010101000"];

/** The SAT's spelling of an RFC: upper case, no spaces or dashes. */
export const normaliseRfc = (rfc: string): string => rfc.toUpperCase().replace(/[\s-]/g, "");

/** Whether a normalised RFC can be the receiver of a driver's invoice. */
export const isPersonalRfc = (rfc: string): boolean => RFC_PATTERN.test(rfc) && !GENERIC_RFCS.includes(rfc);

export const personTypeOfRfc = (rfc: string): PersonType => (rfc.length === 12 ? "moral" : "fisica");

/** The regimes a person of this type may declare. */
export const regimesFor = (personType: PersonType): TaxRegime[] => TAX_REGIMES.filter((regime) => regime[personType]);

/** The CFDI uses an income invoice may carry for this receiver's regime and person type. */
export const cfdiUsesFor = (regime: string, personType: PersonType): CfdiUse[] =>
  CFDI_USES.filter((use) => !use.onlyVoucherType && use[personType] && use.regimes.includes(regime));

export const isValidRegime = (regime: string, personType: PersonType): boolean =>
  regimesFor(personType).some((row) => row.code === regime);

export const isValidCfdiUse = (use: string, regime: string, personType: PersonType): boolean =>
  cfdiUsesFor(regime, personType).some((row) => row.code === use);

/** The fiscal postal code of the receiver (DomicilioFiscalReceptor): five digits. */
export const POSTAL_CODE_PATTERN = /^[0-9]{5}$/;

/** The CFDI use parking drivers want most (gastos en general), chosen first when the regime allows it. */
export const DEFAULT_CFDI_USE = "G03";

/**
 * CFDI 4.0 wants a company's name as registered, without its capital regime ("ACME", not
 * "ACME, S.A. DE C.V."); drivers type it with it, so it is taken off a persona moral's name.
 */
const CAPITAL_REGIME_SUFFIX =
  /[,\s]+(S\.?\s*A\.?\s*P\.?\s*I\.?|S\.?\s*A\.?\s*B\.?|S\.?\s*A\.?\s*S\.?|S\.?\s*A\.?|S\.?\s*(DE\s+)?R\.?\s*L\.?|S\.?\s*C\.?|A\.?\s*C\.?)(\s+DE\s+C\.?\s*V\.?)?\.?\s*$/i;

export const legalNameForCfdi = (name: string, personType: PersonType): string => {
  const upper = name.trim().replace(/\s+/g, " ").toUpperCase();
  return personType === "moral" ? upper.replace(CAPITAL_REGIME_SUFFIX, "").trim() || upper : upper;
};

/**
 * c_FormaPago rows the product can write (Anexo 20's catalogue): cash at a store, a transfer
 * (SPEI), a credit or a debit card, and "to be defined" for a payment whose form is not yet known.
 */
export const PAYMENT_FORMS: Readonly<Record<string, string>> = {
  "01": "Efectivo",
  "03": "Transferencia electrónica de fondos",
  "04": "Tarjeta de crédito",
  "28": "Tarjeta de débito",
  "99": "Por definir",
};

/**
 * A SAT code with its catalogue description, as a printed CFDI shows it ("601 · General de Ley
 * Personas Morales"): the code alone means nothing to a driver or an accountant reading the page.
 */
export function satCodeText(catalogue: "regime" | "use" | "payment_form", code: string): string {
  const description =
    catalogue === "regime"
      ? TAX_REGIMES.find((row) => row.code === code)?.description
      : catalogue === "use"
        ? CFDI_USES.find((row) => row.code === code)?.description
        : PAYMENT_FORMS[code];
  return description ? `${code} · ${description}` : code;
}
