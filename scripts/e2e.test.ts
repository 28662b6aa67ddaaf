import { describe, expect, it } from "vitest";
import { mergeReports, shardRuns } from "./e2e.mjs";

describe("e2e runner (npm run test:e2e)", () => {
  it("runs the journeys as fixed shards side by side, each with its own port, database and report", () => {
    const runs = shardRuns({ shards: 2, port: 8099, dataDir: "e2e/.data", args: [] });
    expect(runs).toEqual([
      {
        label: "[1/2] ",
        args: ["test", "-c", "e2e/playwright.config.ts", "--shard=1/2"],
        env: { E2E_PORT: "8099", E2E_DATA_DIR: "e2e/.data-1", E2E_SHARD: "1" },
      },
      {
        label: "[2/2] ",
        args: ["test", "-c", "e2e/playwright.config.ts", "--shard=2/2"],
        env: { E2E_PORT: "8100", E2E_DATA_DIR: "e2e/.data-2", E2E_SHARD: "2" },
      },
    ]);
  });

  it("runs one Playwright run as before when given a spec or E2E_SHARDS=1", () => {
    const single = { label: "", args: ["test", "-c", "e2e/playwright.config.ts"], env: {} };
    expect(shardRuns({ shards: 1, port: 8138, dataDir: "/tmp/e2e", args: [] })).toEqual([single]);
    expect(shardRuns({ shards: 2, port: 8138, dataDir: "/tmp/e2e", args: ["e2e/home.spec.ts"] })).toEqual([
      { ...single, args: [...single.args, "e2e/home.spec.ts"] },
    ]);
  });

  it("adds the shards' counts into one report, so the closing line counts every journey", () => {
    const merged = mergeReports([
      {
        suites: [{ title: "a.spec.ts" }],
        errors: [],
        stats: {
          startTime: "2026-11-28T04:00:10.000Z",
          duration: 300_000,
          expected: 40,
          skipped: 1,
          unexpected: 0,
          flaky: 1,
        },
      },
      {
        suites: [{ title: "b.spec.ts" }],
        errors: [{ message: "x" }],
        stats: {
          startTime: "2026-11-28T04:00:00.000Z",
          duration: 320_000,
          expected: 37,
          skipped: 0,
          unexpected: 1,
          flaky: 0,
        },
      },
    ]);
    expect(merged.suites).toEqual([{ title: "a.spec.ts" }, { title: "b.spec.ts" }]);
    expect(merged.errors).toEqual([{ message: "x" }]);
    expect(merged.stats).toEqual({
      startTime: "2026-11-28T04:00:00.000Z",
      duration: 320_000,
      expected: 77,
      skipped: 1,
      unexpected: 1,
      flaky: 1,
    });
  });
});
