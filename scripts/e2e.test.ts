import { describe, expect, it } from "vitest";
import { balanceSpecs, mergeReports, shardRuns } from "./e2e.mjs";
import { specSeconds } from "./e2e-seconds.mjs";

describe("e2e runner (npm run test:e2e)", () => {
  it("runs the journeys as fixed shares side by side, each with its own port, database, report and specs", () => {
    const runs = shardRuns({
      shards: 2,
      port: 8099,
      dataDir: "e2e/.data",
      args: [],
      specs: ["a.spec.ts", "b.spec.ts", "c.spec.ts"],
      seconds: { "a.spec.ts": 100, "b.spec.ts": 60, "c.spec.ts": 50 },
    });
    expect(runs).toEqual([
      {
        label: "[1/2] ",
        args: ["test", "-c", "e2e/playwright.config.ts", "e2e/a.spec.ts"],
        env: { E2E_PORT: "8099", E2E_DATA_DIR: "e2e/.data-1", E2E_SHARD: "1" },
      },
      {
        label: "[2/2] ",
        args: ["test", "-c", "e2e/playwright.config.ts", "e2e/b.spec.ts", "e2e/c.spec.ts"],
        env: { E2E_PORT: "8100", E2E_DATA_DIR: "e2e/.data-2", E2E_SHARD: "2" },
      },
    ]);
  });

  it("balances the shares by measured seconds, a spec not yet measured counting as the median one", () => {
    const seconds = { "wizard.spec.ts": 230, "operator.spec.ts": 150, "home.spec.ts": 60, "smoke.spec.ts": 25 };
    // new.spec.ts counts as 150 s (the median), so it and operator.spec.ts balance wizard.spec.ts.
    const shares = balanceSpecs([...Object.keys(seconds), "new.spec.ts"], seconds, 2);
    expect(shares).toEqual([
      ["home.spec.ts", "smoke.spec.ts", "wizard.spec.ts"],
      ["new.spec.ts", "operator.spec.ts"],
    ]);
    expect(shares.flat().sort()).toEqual([...Object.keys(seconds), "new.spec.ts"].sort());
    expect(balanceSpecs(Object.keys(seconds), seconds, 2)).toEqual(balanceSpecs(Object.keys(seconds), seconds, 2));
  });

  it("reads each spec's seconds from a report, every attempt counted", () => {
    const report = {
      suites: [
        {
          file: "a.spec.ts",
          specs: [{ tests: [{ results: [{ duration: 1200 }, { duration: 900 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 500 }] }] }] }],
        },
        { file: "b.spec.ts", specs: [{ tests: [{ results: [{ duration: 10 }] }] }] },
      ],
    };
    expect(specSeconds(report)).toEqual({ "a.spec.ts": 3, "b.spec.ts": 1 });
  });

  it("runs one Playwright run as before when given a spec or E2E_SHARDS=1", () => {
    const single = { label: "", args: ["test", "-c", "e2e/playwright.config.ts"], env: {} };
    const table = { specs: ["home.spec.ts"], seconds: {} };
    expect(shardRuns({ shards: 1, port: 8138, dataDir: "/tmp/e2e", args: [], ...table })).toEqual([single]);
    expect(shardRuns({ shards: 2, port: 8138, dataDir: "/tmp/e2e", args: ["e2e/home.spec.ts"], ...table })).toEqual([
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
