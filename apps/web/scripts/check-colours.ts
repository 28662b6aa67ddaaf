/**
 * The white label kept by a check (issue 24, docs/decisions/0172). `npm run lint` runs it; it exits 1
 * and lists every breach.
 *
 * 1. A colour is written only in the theme files (`styles/tokens.css`, the defaults; `styles/themes.css`,
 *    each theme's): anywhere else a hex colour, `rgb()`/`rgba()`/`hsl()`/`hsla()` in a stylesheet, or a
 *    string that is one in a script, is a colour a theme cannot change. Other brands' artwork (a card
 *    network's mark, a country's flag) keeps its own colours: its file says so with `colour-lint: artwork`.
 *    A colour that is data, not style (a host record's default brand colour), is written under a comment
 *    `colour-lint: data` saying why.
 * 2. Every `var(--name)` names a property something defines: a declaration in a stylesheet, a name a
 *    script sets (`"--name"`, the brand colour the host injects), or one a library sets on its elements.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface Violation {
  file: string;
  message: string;
}

export const THEME_FILES = ["styles/tokens.css", "styles/themes.css"];
/** Custom properties Base UI sets on a popup for its positioning (the select's list). */
const LIBRARY_PROPERTIES = ["--anchor-width", "--available-height"];
const ARTWORK_MARK = "colour-lint: artwork";
const DATA_MARK = "colour-lint: data";

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.split("/").includes("testing");
const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;
/** Comments say why, and may name a colour: they are not checked. */
const withoutComments = (text: string, css: boolean) =>
  text.replace(css ? /\/\*[\s\S]*?\*\//g : /\/\*[\s\S]*?\*\/|(?<![:"'`])\/\/[^\n]*/g, (comment) =>
    comment.replace(/[^\n]/g, " "),
  );

const CSS_COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/g;
const SCRIPT_COLOUR =
  /["'`](#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(?:rgba?|hsla?)\([^"'`]*\))["'`]/g;
const USED = /var\(\s*(--[\w-]+)/g;
const DECLARED = /(?:^|[\s;{])(--[\w-]+)\s*:/g;
const SET_BY_SCRIPT = /["'`](--[\w-]+)["'`]/g;

/** `sources`: every .css/.ts/.tsx file under `apps/web/src`, by path relative to it; `extra`: other scripts that set properties. */
export function checkColours(sources: ReadonlyMap<string, string>, extra: readonly string[] = []): Violation[] {
  const violations: Violation[] = [];
  const defined = new Set(LIBRARY_PROPERTIES);
  for (const [file, text] of sources) {
    const css = file.endsWith(".css");
    const code = withoutComments(text, css);
    for (const match of code.matchAll(css ? DECLARED : SET_BY_SCRIPT)) defined.add(match[1] as string);
  }
  for (const text of extra) for (const match of text.matchAll(SET_BY_SCRIPT)) defined.add(match[1] as string);

  for (const [file, text] of sources) {
    if (isTestCode(file)) continue;
    const css = file.endsWith(".css");
    const code = withoutComments(text, css);
    if (!THEME_FILES.includes(file) && !text.includes(ARTWORK_MARK))
      for (const match of code.matchAll(css ? CSS_COLOUR : SCRIPT_COLOUR)) {
        const line = lineOf(code, match.index);
        if (!css && text.split("\n")[line - 2]?.includes(DATA_MARK)) continue;
        violations.push({
          file: `${file}:${line}`,
          message: `writes the colour ${match[1] ?? match[0]} outside the theme files: use a token of styles/tokens.css`,
        });
      }
    for (const match of code.matchAll(USED))
      if (!defined.has(match[1] as string))
        violations.push({
          file: `${file}:${lineOf(code, match.index)}`,
          message: `uses var(${match[1]}), which no theme or script defines`,
        });
  }
  return violations;
}

function readSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(tsx?|css)$/.test(name))
        sources.set(path.relative(root, full).split(path.sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(root);
  return sources;
}

function main() {
  const root = path.resolve(import.meta.dirname, "../src");
  // The host's brand colour arrives as these properties (packages/contracts/src/brand.ts).
  const brand = readFileSync(path.resolve(import.meta.dirname, "../../../packages/contracts/src/brand.ts"), "utf8");
  const violations = checkColours(readSources(root), [brand]);
  for (const { file, message } of violations) process.stderr.write(`apps/web/src/${file}: ${message}\n`);
  if (violations.length > 0) {
    process.stderr.write(`${violations.length} colour rule(s) broken (apps/web/scripts/check-colours.ts)\n`);
    process.exit(1);
  }
  process.stdout.write("White label: every colour is a theme token and every token is defined.\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
