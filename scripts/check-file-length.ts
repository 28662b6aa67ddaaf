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

const listed = (list: Record<string, string>, file: string) =>
  Object.keys(list).some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));

/**
 * Every breach: `lines` maps a path relative to the repository (`apps/api/src/app.ts`) to its
 * number of lines.
 */
export function checkFileLength(
  lines: ReadonlyMap<string, number>,
  dataFiles: Record<string, string> = DATA_FILES,
): { breaches: string[] } {
  const breaches: string[] = [];
  for (const [file, count] of [...lines].sort(([a], [b]) => a.localeCompare(b))) {
    if (count <= MAX_LINES || listed(dataFiles, file)) continue;
    breaches.push(`${file}: ${count} lines, over ${MAX_LINES}: split it into files named for what each part does`);
  }
  return { breaches };
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
  const { breaches } = checkFileLength(readLineCounts(root));
  for (const breach of breaches) process.stderr.write(`${breach}\n`);
  if (breaches.length > 0) {
    process.stderr.write(`${breaches.length} file length rule(s) broken (scripts/check-file-length.ts)\n`);
    process.exit(1);
  }
  process.stdout.write(`File lengths: every source file is within ${MAX_LINES} lines or a listed data file.\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
