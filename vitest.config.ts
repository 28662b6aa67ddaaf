import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One test run, several projects: pure unit tests, the API suite on SQLite, the same API suite
 * on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), and the web components in jsdom.
 */
const apiSuite = (engine: "sqlite" | "postgres") => ({
  test: {
    name: `api-${engine}`,
    include: ["apps/api/test/**/*.test.ts"],
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: importing the whole app afresh for each of the
    // suite's files was more than half its time (SQLite: 193 s isolated, 72 s shared; decision 0277).
    // Every file builds its own app on its own database, so nothing but modules is shared; the setup
    // file puts back the clock and anything stubbed after each file.
    isolate: false,
    setupFiles: ["apps/api/test/support/restore-globals.ts"],
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two, which kept the CPU a
    // third busy, since the API files mostly wait (on PostgreSQL, timers, the processes they start).
    // Two workers at least; every file has its own database, so files are independent, and the
    // files that failed on timing under load are now load-proof (docs/decisions/0225, 0234).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ["default", "json"],
    outputFile: { json: "test-results/unit.json" },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/api/scripts/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
      apiSuite("sqlite"),
      ...(process.env.TEST_DATABASE_URL ? [apiSuite("postgres")] : []),
      "apps/web/vitest.config.ts",
    ],
  },
});
