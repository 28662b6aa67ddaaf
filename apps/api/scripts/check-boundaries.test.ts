import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree } from "../../web/scripts/check-boundaries.ts";
import { ALLOWED, checkApiBoundaries, declaredNeeds } from "./check-boundaries.ts";

/** A small tree under apps/api/src: parking with its queries and service, and a plugin of each. */
const base = {
  "modules/parking/repository.ts": "export const findLocation = () => null;",
  "modules/parking/service.ts":
    'import { findLocation } from "./repository.ts";\nexport const location = findLocation;',
  "modules/parking/plugin.ts": 'apiModule("parking", { decorators: ["db"] }, async () => {});',
  "modules/valet/plugin.ts": 'apiModule("valet", { decorators: ["db"], modules: ["parking"] }, async () => {});',
  "modules/valet/service.ts": 'import { location } from "../parking/service.ts";',
};
const check = (tree: Record<string, string>, allowed: Record<string, string> = {}) =>
  checkApiBoundaries(new Map(Object.entries({ ...base, ...tree })), allowed, { users: "floor" });
const messages = (tree: Record<string, string>) =>
  check(tree).violations.map(({ file, message }) => `${file}: ${message}`);

describe("the API's module rules (npm run lint)", () => {
  it("hold for apps/api/src as it is, with its allow-list", { timeout: 30_000 }, () => {
    const tree = readTree(path.resolve(import.meta.dirname, "../src"));
    expect(tree.size).toBeGreaterThan(150);
    const { violations, stale } = checkApiBoundaries(tree, ALLOWED);
    expect(violations).toEqual([]);
    expect(stale).toEqual([]);
  });

  it("let a module read another through its service", () => {
    expect(messages({ "modules/valet/service.ts": 'import { location } from "../parking/service.ts";' })).toEqual([]);
  });

  it("refuse a module reading another's repository", () => {
    expect(
      messages({ "modules/valet/service.ts": 'import { findLocation } from "../parking/repository.ts";' }),
    ).toEqual([
      "modules/valet/service.ts: imports ../parking/repository.ts: another module's queries are read through its entry (index.ts or its service), never its repository",
    ]);
    expect(
      messages({ "modules/valet/service.ts": 'import { x } from "../parking/repository/locations.ts";' }),
    ).toHaveLength(1);
  });

  it("send everything through index.ts once a module has one", () => {
    expect(
      messages({
        "modules/parking/index.ts": 'export { location } from "./service.ts";',
        "modules/valet/service.ts": 'import { location } from "../parking/service.ts";',
      }),
    ).toEqual([
      "modules/valet/service.ts: imports ../parking/service.ts: parking is reached through its public entry, modules/parking/index.ts",
    ]);
  });

  it("refuse the framework importing a feature", () => {
    expect(
      messages({ "plugins/authenticate.ts": 'import { location } from "../modules/parking/service.ts";' }),
    ).toEqual([
      "plugins/authenticate.ts: imports ../modules/parking/service.ts: the framework (plugins/, lib/, db/) depends on no feature module",
    ]);
  });

  it("compare the declared needs with the real ones, the floor apart", () => {
    expect(messages({ "modules/valet/service.ts": 'import { user } from "../users/service.ts";' })).toEqual([
      "modules/valet/plugin.ts: declares it needs parking but imports nothing from it",
    ]);
    expect(
      messages({
        "modules/valet/service.ts": 'import { location } from "../parking/service.ts";',
        "modules/parking/visits.ts": 'import { ticket } from "../valet/service.ts";',
      }),
    ).toEqual(["modules/parking/plugin.ts: imports valet at run time but does not declare it in its needs"]);
    // A type is erased at run time: it is no need.
    expect(
      messages({
        "modules/valet/service.ts": 'import { location } from "../parking/service.ts";',
        "modules/parking/visits.ts": 'import type { Ticket } from "../valet/service.ts";',
      }),
    ).toEqual([]);
  });

  it("let an allowed breach through, and report an allowed one that is gone", () => {
    const key = "modules/valet/service.ts -> modules/parking/repository.ts";
    const tree = { "modules/valet/service.ts": 'import { findLocation } from "../parking/repository.ts";' };
    expect(check(tree, { [key]: "why" })).toEqual({ violations: [], stale: [] });
    expect(
      check({ "modules/valet/service.ts": 'import { location } from "../parking/service.ts";' }, { [key]: "why" })
        .stale,
    ).toEqual([`${key}: allowed in apps/api/scripts/check-boundaries.ts but no longer breaks a rule: take it off`]);
  });

  it("read a plugin's declared modules", () => {
    expect(declaredNeeds('apiModule("x", { decorators: ["db"], modules: ["payments", "parking"] }, f)')).toEqual([
      "payments",
      "parking",
    ]);
    expect(declaredNeeds('apiModule("x", { decorators: ["db"] }, f)')).toEqual([]);
  });
});
