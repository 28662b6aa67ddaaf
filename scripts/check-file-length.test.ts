import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFileLength, MAX_LINES, readLineCounts } from "./check-file-length.ts";

const data = { "apps/api/src/db/schema.ts": "the tables", "packages/i18n/src/locales/": "strings" };
const check = (lines: Record<string, number>) => checkFileLength(new Map(Object.entries(lines)), data).breaches;

describe("the file length rule (npm run lint)", () => {
  it("holds for the tree as it is", () => {
    const counts = readLineCounts(path.resolve(import.meta.dirname, ".."));
    expect(counts.size).toBeGreaterThan(300);
    expect(checkFileLength(counts).breaches).toEqual([]);
  });

  it("lets a file of 400 lines and a data file through", () => {
    expect(
      check({
        "apps/api/src/modules/small/service.ts": MAX_LINES,
        "apps/api/src/db/schema.ts": 900,
        "packages/i18n/src/locales/es/operator.ts": 700,
      }),
    ).toEqual([]);
  });

  it("refuses a file over 400 lines that is not a data file", () => {
    expect(check({ "apps/web/src/features/x/routes/screen.tsx": MAX_LINES + 1 })).toEqual([
      "apps/web/src/features/x/routes/screen.tsx: 401 lines, over 400: split it into files named for what each part does",
    ]);
  });
});
