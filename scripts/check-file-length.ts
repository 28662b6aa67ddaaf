/**
 * One file per purpose (issue 22, ARCHITECTURE.md "Files"): no TypeScript file under `apps/` or
 * `packages/` is longer than 400 lines, apart from data files, which are long because they list
 * things, not because they do several things. `npm run lint` runs it; it exits 1 and lists every
 * file over the limit.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const MAX_LINES = 400;

/** Data files: a path, or a folder ending in "/", and why it may be long. */
export const DATA_FILES: Record<string, string> = {
  "apps/api/src/db/schema.ts": "the database's tables, one type per table: the schema read in one place",
  "apps/api/src/db/migrations/": "dated migrations, never edited once applied",
  "packages/i18n/src/locales/": "i18n resources: one area's strings in one language",
  "packages/contracts/src/sat/": "the SAT's fiscal catalogues, copied as published",
  "packages/contracts/src/errors.ts": "the error catalogue: every code with its status and words",
};

/**
 * Split by issue 22: files still over the limit when the check arrived, each being split by the
 * work named beside it. An entry goes as soon as its file is under the limit (the check says so).
 */
export const SPLIT_BY_ISSUE_22: Record<string, string> = {
  "apps/api/test/invoicing/invoicing.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/meters/meters.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/operator/operator-sales.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/operator/operator.test.ts":
    "split by issue 22 item 4 (tests mirror the code; the matrix its own file)",
  "apps/api/test/parking/parking.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/payments/payments-cards.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/subscriptions/subscriptions-billing.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/subscriptions/subscriptions.test.ts": "split by issue 22 item 4 (tests mirror the code)",
  "apps/api/test/users/users.test.ts": "split by issue 22 item 4 (tests mirror the code)",
};

const listed = (list: Record<string, string>, file: string) =>
  Object.keys(list).some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));

/**
 * Every breach: `lines` maps a path relative to the repository (`apps/api/src/app.ts`) to its
 * number of lines. `stale` names the files of the temporary list that are no longer long: a
 * warning, not a breach, so that the work splitting a file does not have to land in the same
 * merge as this list.
 */
export function checkFileLength(
  lines: ReadonlyMap<string, number>,
  dataFiles: Record<string, string> = DATA_FILES,
  temporary: Record<string, string> = SPLIT_BY_ISSUE_22,
): { breaches: string[]; stale: string[] } {
  const breaches: string[] = [];
  for (const [file, count] of [...lines].sort(([a], [b]) => a.localeCompare(b))) {
    if (count <= MAX_LINES || listed(dataFiles, file) || file in temporary) continue;
    breaches.push(`${file}: ${count} lines, over ${MAX_LINES}: split it into files named for what each part does`);
  }
  const stale = Object.keys(temporary)
    .sort()
    .filter((file) => (lines.get(file) ?? 0) <= MAX_LINES)
    .map(
      (file) => `${file}: on the "split by issue 22" list but no longer over ${MAX_LINES} lines: take it off the list`,
    );
  return { breaches, stale };
}

/** The line count of every .ts/.tsx file under `apps/` and `packages/` (no dependencies, no build output). */
export function readLineCounts(root: string): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name))
        counts.set(
          path.relative(root, full).split(path.sep).join("/"),
          readFileSync(full, "utf8").replace(/\n$/, "").split("\n").length,
        );
    }
  };
  for (const top of ["apps", "packages"]) walk(path.join(root, top));
  return counts;
}

function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const { breaches, stale } = checkFileLength(readLineCounts(root));
  for (const warning of stale) process.stderr.write(`warning: ${warning}\n`);
  for (const breach of breaches) process.stderr.write(`${breach}\n`);
  if (breaches.length > 0) {
    process.stderr.write(`${breaches.length} file length rule(s) broken (scripts/check-file-length.ts)\n`);
    process.exit(1);
  }
  process.stdout.write(`File lengths: every source file is within ${MAX_LINES} lines or a listed data file.\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
