/**
 * The API test files still on the demo seed (docs/decisions/0298): each names a seeded id, or calls
 * a support helper that does. Only these files get SEED_DEMO (testConfig); every other file builds
 * its own data (test/support/world.ts), and test/platform/own-test-data.test.ts fails when one
 * names the demo. The list only shrinks: move a file onto its own data and take it off.
 */
export const FILES_ON_THE_DEMO_SEED: string[] = [
  "apps/api/test/invoicing/facturapi-issuing.test.ts",
  "apps/api/test/invoicing/global-invoices.test.ts",
  "apps/api/test/invoicing/invoice-requests.test.ts",
  "apps/api/test/operator/authorisation-matrix.test.ts",
  "apps/api/test/operator/console-plans.test.ts",
  "apps/api/test/operator/console-promo-codes.test.ts",
  "apps/api/test/operator/drivers-and-team.test.ts",
  "apps/api/test/operator/locations-and-payments.test.ts",
  "apps/api/test/operator/operator-scope.test.ts",
  "apps/api/test/operator/operator-venues.test.ts",
  "apps/api/test/platform/backup.test.ts",
  "apps/api/test/platform/hostile-input.test.ts",
  "apps/api/test/platform/hostile-text.test.ts",
  "apps/api/test/platform/value-edges.test.ts",
  "apps/api/test/subscriptions/plans.test.ts",
  "apps/api/test/subscriptions/promo-codes.test.ts",
  "apps/api/test/subscriptions/promo-reasons.test.ts",
  "apps/api/test/subscriptions/purchase.test.ts",
  "apps/api/test/subscriptions/renewal-failures.test.ts",
  "apps/api/test/subscriptions/renewals.test.ts",
  "apps/api/test/support/authorisation-matrix.ts",
  "apps/api/test/support/authorisation-world.ts",
  "apps/api/test/support/invoicing-fixtures.ts",
  "apps/api/test/support/operator-console.ts",
  "apps/api/test/support/operator-fixtures.ts",
  "apps/api/test/support/parking-fixtures.ts",
  "apps/api/test/support/renewal-clock.ts",
  "apps/api/test/support/subscriptions-fixtures.ts",
];

/** Whether the test file running now is still on the demo seed. */
export function runningFileIsOnTheDemoSeed(testPath: string | undefined): boolean {
  return FILES_ON_THE_DEMO_SEED.some((file) => testPath?.endsWith(`/${file}`));
}
