import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkColours } from "./check-colours.ts";

const tokens = ":root {\n  --surface: #ffffff;\n  --line: #c9ced6;\n}\nbody {\n  --color-primary: var(--brand);\n}\n";
const check = (files: Record<string, string>, extra: string[] = ['"--brand"']) =>
  checkColours(new Map(Object.entries({ "styles/tokens.css": tokens, ...files })), extra);

describe("the white-label check", () => {
  it("lets the theme files write colours and everything else use their tokens", () => {
    expect(
      check({
        "styles/themes.css": "body.isisa { --brand: #7a1f3d; }",
        "features/a/a.css": ".a { border: 1px solid var(--line); background: var(--color-primary); }",
        "features/a/a.tsx": 'export const A = () => <rect style={{ fill: "var(--surface)" }} />;',
      }),
    ).toEqual([]);
  });

  it("refuses a raw colour in a stylesheet or a script, with the file and line", () => {
    const violations = check({
      "features/a/a.css": ".a {\n  color: #0b5cad;\n  box-shadow: 0 1px rgb(0 0 0 / 15%);\n}",
      "features/a/a.tsx": 'const COLOURS = ["#be123c"];',
    });
    expect(violations.map((violation) => violation.file)).toEqual([
      "features/a/a.css:2",
      "features/a/a.css:3",
      "features/a/a.tsx:1",
    ]);
    expect(violations[0]?.message).toMatch(/#0b5cad outside the theme files/);
  });

  it("refuses a token no theme, script or library defines, fallback or not", () => {
    const violations = check({ "features/a/a.css": ".a { border-color: var(--color-border, #d0d7de); }" });
    expect(violations.map((violation) => violation.message)).toEqual([
      "writes the colour #d0d7de outside the theme files: use a token of styles/tokens.css",
      "uses var(--color-border), which no theme or script defines",
    ]);
    expect(check({ "features/a/a.css": ".a { width: var(--anchor-width); }" })).toEqual([]);
  });

  it("leaves comments, tests, other brands' artwork and a colour marked as data alone", () => {
    expect(
      check({
        "features/a/a.css": "/* #fff on the brand: 6.6:1 */\n.a { color: var(--surface); }",
        "features/a/a.test.tsx": 'expect(color).toBe("#ffffff");',
        "components/flags.tsx": '/* colour-lint: artwork — a flag */\n<rect fill="#006847" />',
        "lib/host.ts": '// colour-lint: data — a record\nconst brand = { primary_color: "#7a1f3d" };',
      }),
    ).toEqual([]);
  });

  it("passes on the app as it is", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = path.resolve(import.meta.dirname, "check-colours.ts");
    expect(execFileSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8" })).toMatch(/White label/);
  });
});
