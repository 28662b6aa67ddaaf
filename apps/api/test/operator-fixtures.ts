import { DEMO_ORGANISATION } from "../src/seed/data.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";

/**
 * An operator ("Op Test") of an organisation, the demo one by default, without the platform role
 * unless asked, optionally limited to some of its locations.
 */
export async function createOperator(
  app: TestApp,
  options: { organisationId?: string; platform?: boolean; locationIds?: string[] } = {},
) {
  const operator = await createSignedInUser(app, { role: "admin", first_name: "Op", last_name: "Test" });
  await app.db
    .updateTable("operator_memberships")
    .set({ organisation_id: options.organisationId ?? DEMO_ORGANISATION.id, platform: options.platform ? 1 : 0 })
    .where("user_id", "=", operator.user.id)
    .execute();
  for (const location_id of options.locationIds ?? [])
    await app.db.insertInto("operator_location_grants").values({ user_id: operator.user.id, location_id }).execute();
  return operator;
}

/** A valid body for `POST admin/location` (and `PUT admin/location/{uuid}`): a lot in Monterrey. */
export const locationBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Estacionamiento Prueba",
  address: "Av. Constitución 100, Monterrey",
  kind: "lot",
  lat: 25.67,
  lng: -100.31,
  time_zone: "America/Monterrey",
  country: "mx",
  freeflow: false,
  active: true,
  capacity: 120,
  exit_window_minutes: 15,
  invoice_window_days: 30,
  invoicing: "automatic",
  email_domain: null,
  tariff: {
    grace_minutes: 10,
    first_period_minutes: 60,
    first_period_price: 2500,
    increment_minutes: 30,
    increment_price: 1000,
    daily_max: 20000,
  },
  rates: { tax_rate_bp: 1600, convenience_rate_bp: 0, convenience_fixed: 500, card_rate_bp: 290, card_fixed: 0 },
  ...overrides,
});
