#!/usr/bin/env node
/**
 * Rewrites references to the two product documents that used to live outside the repository —
 * the driver app's specification ("spec" + section sign + N) and the design ("DESIGN" + section
 * sign + N) — into the file of docs/product/ that now holds each section (docs/product/README.md
 * has the same table for people). Run from anywhere inside the repository:
 *
 *   node scripts/rewrite-product-references.mjs            # rewrite every tracked text file
 *   node scripts/rewrite-product-references.mjs --dry-run  # only report what it would change
 *
 * A reference is a run of sections ("§5", "§5, §8", "§5 and §7", "§4–§6", "§2/§4") owned by the
 * nearest document name before it. A name right before its run goes with it: the design's section
 * 5 cited as "§5's rules" after the name becomes "docs/product/money.md's rules". A run that only
 * refers back to one ("the spec (§5, §8)", "the fees of §5") keeps the words. Sections of
 * other documents (RFCs, NIST, research notes, any other *.md) are left alone. In Markdown the
 * path becomes a relative link, except inside code. Sub-sections and unknown sections are not
 * guessed: they are left as they are and listed, with references no document name owns. Running
 * it twice changes nothing the second time. No dependencies.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SECTION_SIGN = "\u00a7";
const PRODUCT_DIR = "docs/product";

/** Where each old section now lives. Kept in step with the table in docs/product/README.md. */
const TARGETS = {
  spec: {
    1: "hosts-and-themes.md",
    2: "screens-and-routes.md",
    3: "entities-and-states.md",
    4: "entities-and-states.md",
    5: "validation.md",
    6: "roles.md",
    7: "calls-and-errors.md",
    8: "calls-and-errors.md",
    9: "constants.md",
  },
  design: {
    1: "README.md",
    2: "system.md",
    3: "hosts-and-themes.md",
    4: "sign-in-and-sessions.md",
    5: "money.md",
    6: "money.md",
    7: "parking.md",
    8: "passes-and-promo-codes.md",
    9: "invoicing-account-contact.md",
    10: "calls-and-errors.md",
    11: "operators.md",
  },
};

/** Files that must keep the old names: the table that maps them, and this script. */
const SKIPPED = [`${PRODUCT_DIR}/`, "scripts/rewrite-product-references.mjs"];

// "spec", "Spec", "spec's" — not "e2e/x.spec.ts", "specification" or "spec-like".
const SPEC = String.raw`(?<![\w./-])[Ss]pec(?:'s)?(?![\w-])(?!\.[A-Za-z])`;
const DESIGN = String.raw`(?<![\w./-])DESIGN(?:\.md)?(?![\w-])`;
// Other documents whose sections the code also cites; a run after one of these is theirs.
const FOREIGN = String.raw`\bRFC ?\d+|\bNIST\b|800-63B|\bASVS\b|\bOWASP\b|\bWCAG\b|\bISO\b|\bPCI\b|\bresearch\b|\becosystem\b|\breliability\b|\b[\w-]+\.md\b`;
const MARKER = new RegExp(`(?<spec>${SPEC})|(?<design>${DESIGN})|(?<foreign>${FOREIGN})`, "g");

const NUMBER = String.raw`\d+(?:\.\d+)*`;
const SEPARATOR = String.raw`\s*(?:,|\band\b|&|\/)\s*${SECTION_SIGN}|\s*[–—]\s*${SECTION_SIGN}?`;
const RUN = new RegExp(`${SECTION_SIGN}${NUMBER}(?:(?:${SEPARATOR})${NUMBER})*`, "g");

const TARGET = String.raw`(?:\[${PRODUCT_DIR}/[\w.-]+\]\([^)\s]+\)|${PRODUCT_DIR}/[\w.-]+\.md)`;
const REPEATED_TARGET = new RegExp(String.raw`(${TARGET})(?:(?:,| and) \1(?![\w/#-]))+`, "g");

/** How far back (characters) a run may refer to the document named before it. */
const LOOKBACK = 800;

const args = new Set(process.argv.slice(2));
const dryRun = args.has("--dry-run");
const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file && !SKIPPED.some((skipped) => file === skipped || file.startsWith(skipped)));

/** The sections a run names, in order, with ranges ("§4–§6") expanded. */
function sectionsOf(run) {
  const parts = run.split(new RegExp(`(${SEPARATOR})`)).filter(Boolean);
  const sections = [];
  let range = false;
  for (const part of parts) {
    if (/^\s*[–—]/.test(part)) {
      range = true;
      continue;
    }
    const number = part.replace(SECTION_SIGN, "").trim();
    if (!/^\d+(?:\.\d+)*$/.test(number)) continue;
    const previous = sections.at(-1);
    if (range && previous && /^\d+$/.test(previous) && /^\d+$/.test(number)) {
      for (let n = Number(previous) + 1; n <= Number(number); n++) sections.push(String(n));
    } else sections.push(number);
    range = false;
  }
  return sections;
}

/** Character ranges of a Markdown file that are code: fenced blocks and inline spans. */
function codeRanges(text) {
  const ranges = [];
  const fence = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
  for (const match of text.matchAll(fence)) ranges.push([match.index, match.index + match[0].length]);
  for (const match of text.matchAll(/`[^`\n]+`/g)) ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}

const joinWords = (items) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const rewritten = [];
const unmapped = [];
let referenceCount = 0;

for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), "utf8");
  } catch {
    continue; // listed but absent (a sparse checkout, a deleted file not yet staged)
  }
  if (!text.includes(SECTION_SIGN) || text.includes("\0")) continue;

  const markers = [...text.matchAll(MARKER)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    owner: match.groups.spec ? "spec" : match.groups.design ? "design" : "foreign",
  }));
  const markdown = file.endsWith(".md");
  const code = markdown ? codeRanges(text) : [];
  const lineOf = (index) => text.slice(0, index).split("\n").length;
  const render = (target, at) => {
    const repoPath = `${PRODUCT_DIR}/${target}`;
    if (!markdown || code.some(([start, end]) => at >= start && at < end)) return repoPath;
    const href = path.posix.relative(path.posix.dirname(file), repoPath);
    return `[${repoPath}](${href})`;
  };

  const edits = [];
  for (const match of text.matchAll(RUN)) {
    const start = match.index;
    const owner = markers.filter((marker) => marker.end <= start && start - marker.end <= LOOKBACK).at(-1);
    const where = `${file}:${lineOf(start)}: ${text.slice(Math.max(0, start - 30), start + match[0].length).replace(/\s+/g, " ")}`;
    if (!owner) {
      unmapped.push(`${where}  (no document named before it)`);
      continue;
    }
    if (owner.owner === "foreign") continue;
    const sections = sectionsOf(match[0]);
    const targets = sections.map((section) => TARGETS[owner.owner][section]);
    if (targets.some((target) => target === undefined)) {
      unmapped.push(`${where}  (no file for ${owner.owner} ${SECTION_SIGN}${sections.join(", ")})`);
      continue;
    }
    // A name right before its run goes with it; "the spec (§5, §8)" keeps its words.
    const between = text.slice(owner.end, start);
    const replaceFrom = /^\s+$/.test(between) && !between.includes("\n\n") ? owner.start : start;
    const rendered = [...new Set(targets)].map((target) => render(target, replaceFrom));
    edits.push({ from: replaceFrom, to: start + match[0].length, with: joinWords(rendered) });
  }
  if (edits.length === 0) continue;

  let result = text;
  for (const edit of edits.toReversed()) result = result.slice(0, edit.from) + edit.with + result.slice(edit.to);
  // Sections of both old documents held by one file (the calls and the errors) name it once.
  result = result.replace(REPEATED_TARGET, "$1");
  referenceCount += edits.length;
  rewritten.push(`${file} (${edits.length})`);
  if (!dryRun) writeFileSync(path.join(root, file), result);
}

const report = [`${dryRun ? "Would rewrite" : "Rewrote"} ${referenceCount} references in ${rewritten.length} files.`];
if (unmapped.length > 0)
  report.push("", `Left as they are (${unmapped.length}), to rewrite by hand:`, ...unmapped.map((line) => `  ${line}`));
process.stdout.write(`${report.join("\n")}\n`);
