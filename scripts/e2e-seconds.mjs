// `npm run e2e:seconds`: rewrites e2e/journey-seconds.json, the measured seconds of each spec file
// that `npm run test:e2e` balances its shards by (docs/decisions/0318), from the last whole run's
// merged report (test-results/e2e.json). Run it after a whole run when specs were added or grew.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Each spec file's seconds in a Playwright JSON report: every attempt of every test in it, rounded up.
 * @param {any} report
 * @returns {Record<string, number>}
 */
export function specSeconds(report) {
  /** @type {Record<string, number>} */
  const milliseconds = {};
  const walk = (suite, file) => {
    const spec = suite.file ?? file;
    for (const entry of suite.specs ?? [])
      for (const test of entry.tests ?? [])
        for (const result of test.results ?? []) milliseconds[spec] = (milliseconds[spec] ?? 0) + result.duration;
    for (const child of suite.suites ?? []) walk(child, spec);
  };
  for (const suite of report.suites ?? []) walk(suite, undefined);
  return Object.fromEntries(
    Object.entries(milliseconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([spec, ms]) => [spec, Math.ceil(ms / 1000)]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = JSON.parse(readFileSync(path.join(root, "test-results/e2e.json"), "utf8"));
  const seconds = specSeconds(report);
  writeFileSync(path.join(root, "e2e/journey-seconds.json"), `${JSON.stringify(seconds, null, 2)}\n`);
  process.stdout.write(`e2e/journey-seconds.json: ${Object.keys(seconds).length} specs\n`);
}
