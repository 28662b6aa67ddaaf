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
