/**
 * The API test files still on the demo seed (docs/decisions/0298): each names a seeded id, or calls
 * a support helper that does. Only these files get SEED_DEMO (testConfig); every other file builds
 * its own data (test/support/world.ts), and test/platform/own-test-data.test.ts fails when one
 * names the demo. The list only shrinks: move a file onto its own data and take it off.
 */
export const FILES_ON_THE_DEMO_SEED: string[] = [
  "apps/api/test/support/parking-fixtures.ts",
  "apps/api/test/support/subscriptions-fixtures.ts",
  "apps/api/test/support/subscriptions-fixtures.ts",
];

/** Whether the test file running now is still on the demo seed. */
export function runningFileIsOnTheDemoSeed(testPath: string | undefined): boolean {
  return FILES_ON_THE_DEMO_SEED.some((file) => testPath?.endsWith(`/${file}`));
}
