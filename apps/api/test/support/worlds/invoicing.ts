/**
 * The fiscal side of a test's world (docs/decisions/0298): an organisation's CFDI issuer, which
 * the demo seed gives the platform organisation only with SEED_DEMO.
 */
import { nowIso } from "../../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../../src/seed/reference.ts";
import type { TestApp } from "../helpers.ts";

/** An organisation's fiscal data (the platform's unless told): a made-up RFC in the SAT's format, series EST. */
export async function createInvoiceIssuer(app: TestApp, organisationId: string = PLATFORM_ORGANISATION.id) {
  const issuer = {
    organisation_id: organisationId,
    rfc: "EPR210101A17",
    legal_name: "ESTACIONA PRUEBA",
    tax_regime: "601",
    postal_code: "64000",
    series: "EST",
    last_folio: 0,
  };
  await app.db
    .insertInto("invoice_issuers")
    .values({ ...issuer, created_at: nowIso() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return issuer;
}
