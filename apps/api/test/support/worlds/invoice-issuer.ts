/** An organisation's fiscal data, which a test builds before its drivers ask for a CFDI (docs/decisions/0298). */
import { PLATFORM_ORGANISATION } from "../../../src/seed/reference.ts";
import type { TestApp } from "../helpers.ts";

/** The issuer of an organisation's CFDIs, the platform's unless told (a made-up RFC in the SAT's format). */
export async function createInvoiceIssuer(app: TestApp, organisationId: string = PLATFORM_ORGANISATION.id) {
  const issuer = {
    organisation_id: organisationId,
    rfc: "EPR210101A17",
    legal_name: "ESTACIONAMIENTOS PRUEBA",
    tax_regime: "601",
    postal_code: "64000",
    series: "PRU",
    last_folio: 0,
  };
  await app.db
    .insertInto("invoice_issuers")
    .values({ ...issuer, created_at: new Date().toISOString() })
    .execute();
  return issuer;
}
