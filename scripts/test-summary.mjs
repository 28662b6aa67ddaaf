// Prints one closing line for the whole test run ("tests: N passed, N failed") from the JSON
// reports of Vitest and Playwright, so CI sees the total of both runners.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
let passed = 0;
let failed = 0;

const unit = read("test-results/unit.json");
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
}
const e2e = read("test-results/e2e.json");
if (e2e) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
}
console.info(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
