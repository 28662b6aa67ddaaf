import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as demoDrivers from "../../src/seed/demo/drivers.ts";
import * as demoEvents from "../../src/seed/demo/events.ts";
import * as demoLocations from "../../src/seed/demo/locations.ts";
import * as demoMeters from "../../src/seed/demo/meters.ts";
import * as demoOperators from "../../src/seed/demo/operators.ts";
import * as demoPasses from "../../src/seed/demo/passes.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createTestApp } from "../support/helpers.ts";

/** The demo's ids (every UUID its rows hold, but the platform organisation's) and the names it exports. */
const demoModules = [demoDrivers, demoEvents, demoLocations, demoMeters, demoOperators, demoPasses];
const demoIds = new Set(
  JSON.stringify([...demoModules.map((module) => Object.values(module)), demoEvents.demoEvents(0)]).match(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
  ),
);
demoIds.delete(PLATFORM_ORGANISATION.id);
const demoNames = demoModules.flatMap((module) => Object.keys(module));

const testRoot = path.resolve(import.meta.dirname, "..");
const testFiles = (readdirSync(testRoot, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts"))
  .map((file) => `apps/api/test/${file.split(path.sep).join("/")}`);
const textOf = (file: string) => readFileSync(path.resolve(testRoot, "../../..", file), "utf8");

/** Support constants that copy a demo id (`export const FUNDIDORA = "7d1e…"`): naming one names the demo. */
const copiedIdNames = testFiles.flatMap((file) =>
  [...textOf(file).matchAll(/export const (\w+) = "([0-9a-f-]{36})"/g)]
    .filter(([, , id]) => demoIds.has(id ?? ""))
    .map(([, name]) => name ?? ""),
);

/** What in a file names the demo seed: a demo id, a demo export, or a support constant copying a demo id. */
function demoNamesIn(file: string): string[] {
  const text = textOf(file);
  return [
    ...[...demoIds].filter((id) => text.includes(id)),
    ...[...demoNames, ...copiedIdNames].filter((name) => new RegExp(`\\b${name}\\b`).test(text)),
  ];
}

describe("the API tests build their own data (docs/decisions/0298)", () => {
  it("no test file names a seeded id", () => {
    const others = testFiles.filter((file) => file !== "apps/api/test/platform/own-test-data.test.ts");
    expect(
      Object.fromEntries(
        others.map((file) => [file, demoNamesIn(file)]).filter(([, names]) => (names ?? []).length > 0),
      ),
    ).toEqual({});
  });

  it("a test database holds the reference data and none of the demo", async () => {
    const app = await createTestApp();
    try {
      const organisations = await app.db.selectFrom("organisations").select("id").execute();
      expect(organisations.map((row) => row.id)).toEqual([PLATFORM_ORGANISATION.id]);
      expect(await app.db.selectFrom("locations").select("id").execute()).toEqual([]);
      expect(await app.db.selectFrom("users").select("id").execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
