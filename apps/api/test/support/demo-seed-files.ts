/**
 * The API test files still on the demo seed (docs/decisions/0298): each names a seeded id, or calls
 * a support helper that does. Only these files get SEED_DEMO (testConfig); every other file builds
 * its own data (test/support/world.ts), and test/platform/own-test-data.test.ts fails when one
 * names the demo. The list only shrinks: move a file onto its own data and take it off.
 */
export const FILES_ON_THE_DEMO_SEED: string[] = [
  "apps/api/test/balance/reference-top-up.test.ts",
  "apps/api/test/events/events.test.ts",
  "apps/api/test/home/home.test.ts",
  "apps/api/test/home/places.test.ts",
  "apps/api/test/hosts/tenants.test.ts",
  "apps/api/test/messaging/message-claims.test.ts",
  "apps/api/test/meters/sessions.test.ts",
  "apps/api/test/meters/zones.test.ts",
  "apps/api/test/parking/devices.test.ts",
  "apps/api/test/parking/pay-path.test.ts",
  "apps/api/test/parking/visit-payment.test.ts",
  "apps/api/test/parking/visits.test.ts",
  "apps/api/test/payments/money-races.test.ts",
  "apps/api/test/payments/payable-kinds.test.ts",
  "apps/api/test/payments/payments-restart.test.ts",
  "apps/api/test/payments/refund-races.test.ts",
  "apps/api/test/payments/wallet-payments.test.ts",
  "apps/api/test/receipts/receipts-history-kinds.test.ts",
  "apps/api/test/receipts/receipts.test.ts",
  "apps/api/test/reminders/card-expiry.test.ts",
  "apps/api/test/reminders/push.test.ts",
  "apps/api/test/support/meter-fixtures.ts",
  "apps/api/test/support/meters-app.ts",
  "apps/api/test/support/parking-fixtures.ts",
  "apps/api/test/support/payable-kind-cases.ts",
  "apps/api/test/support/subscriptions-fixtures.ts",
  "apps/api/test/users/privacy.test.ts",
  "apps/api/test/valet/valet.test.ts",
  "apps/api/test/verification/signs.test.ts",
];

/** Whether the test file running now is still on the demo seed. */
export function runningFileIsOnTheDemoSeed(testPath: string | undefined): boolean {
  return FILES_ON_THE_DEMO_SEED.some((file) => testPath?.endsWith(`/${file}`));
}
