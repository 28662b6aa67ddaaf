/** Demo data (only with SEED_DEMO): the demo operator, its fiscal data, and a second organisation with its operator. */
import type { NewRow } from "../../db/schema.ts";
import { PLATFORM_ORGANISATION, type Seed } from "../reference.ts";

/** The demo operator's fiscal data: the issuer of its CFDIs (a made-up RFC in the SAT's format). */
export const DEMO_INVOICE_ISSUER = {
  organisation_id: PLATFORM_ORGANISATION.id,
  rfc: "EDE210101A17",
  legal_name: "ESTACIONA DEMO",
  tax_regime: "601",
  postal_code: "64000",
  series: "EST",
  last_folio: 0,
};

/** The demo operator (admin role); signs in like any driver with the sandbox code. */
export const DEMO_OPERATOR: Seed<NewRow<"users">> = {
  id: "4f6c1d2e-0000-4000-8000-0000000000a1",
  phone: "+528100000001",
  first_name: "Operadora",
  last_name: "Demo",
  email: "operadora@estaciona.localhost",
  email_verified_at: "2026-01-01T00:00:00.000Z",
  locale: "es",
  role: "admin",
  status: "active",
  registered_domain: "estaciona",
  payment_methods_mx: 0,
  payment_methods_us: 0,
  sign_in_failures: 0,
};

/** The demo operator runs the whole demo organisation and holds the platform role (docs/decisions/0041). */
export const DEMO_OPERATOR_MEMBERSHIP = {
  user_id: DEMO_OPERATOR.id,
  organisation_id: PLATFORM_ORGANISATION.id,
  platform: 1,
} as const;

/** A second operator organisation, so the console's walls can be seen: its lot is not the demo operator's. */
export const OTHER_ORGANISATION = {
  id: "4f6c1d2e-0000-4000-8000-000000000002",
  name: "Estacionamientos del Norte",
  contact_email: "contacto@norte.localhost",
  contact_phone: "+528112345600",
};

export const OTHER_OPERATOR: Seed<NewRow<"users">> = {
  ...DEMO_OPERATOR,
  id: "4f6c1d2e-0000-4000-8000-0000000000a2",
  phone: "+528100000002",
  first_name: "Operador",
  last_name: "Norte",
  email: "operador@norte.localhost",
};
