import { afterAll, describe, expect, it } from "vitest";
import { changedColumns, compiledOnce, compiledPerShape } from "../../src/db/compiled-once.ts";
import type { Row } from "../../src/db/schema.ts";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createLocation, createValetStand, createVenue, US } from "../support/world.ts";

/**
 * A statement compiled once answers what Kysely's builder answers for every call's values, keeps
 * the statement's own constants, and refuses at its first compilation a builder that reads,
 * branches on or lists an argument instead of binding it.
 */
const app = await createTestApp();
const lot = await createLocation(app);
for (const location of [{}, { ...US, name: "Congress Avenue Garage" }]) await createLocation(app, location);
await createVenue(app);
await createValetStand(app, US);
await createValetStand(app, { ...US, name: "Hotel Prueba Valet" });
afterAll(async () => app.close());

describe(`statements compiled once (${testEngine})`, () => {
  const locationsIn = compiledOnce((db, country: "mx" | "us", kind: Row<"locations">["kind"]) =>
    db
      .selectFrom("locations")
      .select(["id", "name"])
      .where("country", "=", country)
      .where("kind", "=", kind)
      .where("active", "=", 1)
      .orderBy("id"),
  );

  it("answers each call with its own values, as the builder does", async () => {
    for (const [country, kind] of [
      ["mx", "lot"],
      ["us", "lot"],
      ["mx", "venue"],
      ["us", "valet"],
    ] as const) {
      const built = await app.db
        .selectFrom("locations")
        .select(["id", "name"])
        .where("country", "=", country)
        .where("kind", "=", kind)
        .where("active", "=", 1)
        .orderBy("id")
        .execute();
      expect(await locationsIn.all(app.db, country, kind)).toEqual(built);
      expect(await locationsIn.first(app.db, country, kind)).toEqual(built[0]);
    }
  });

  it("runs inside a transaction too", async () => {
    const byId = compiledOnce((db, id: string) => db.selectFrom("locations").select("name").where("id", "=", id));
    const name = await app.db.transaction().execute((tx) => byId.first(tx, lot.id));
    expect(name?.name).toBe(lot.name);
  });

  it("refuses an argument that is not one bound value", async () => {
    // A list gets one placeholder where it needs one per item: the statement fails as SQL at once.
    const listed = compiledOnce((db, ids: string[]) => db.selectFrom("locations").select("id").where("id", "in", ids));
    await expect(listed.all(app.db, [lot.id])).rejects.toThrow();
    const branched = compiledOnce((db, kind: string) =>
      db
        .selectFrom("locations")
        .select("id")
        .$if(kind === "lot", (query) => query.where("kind", "=", "lot")),
    );
    await expect(branched.all(app.db, "lot")).rejects.toThrow(/one bound value/);
  });
});

describe(`statements compiled once per shape (${testEngine})`, () => {
  const renamings = compiledPerShape<{ id: string; name: string; short_name: string | null }>();
  const rename = (id: string, changes: { name?: string; short_name?: string | null }) => {
    const changed = changedColumns(changes);
    return renamings(changed.shape, changed.values.length + 1, (executor, ...values) =>
      executor
        .updateTable("locations")
        .set(changed.set(values))
        .where("id", "=", values[changed.values.length] as string)
        .returning(["id", "name", "short_name"]),
    ).first(app.db, ...changed.values, id);
  };

  it("keeps one statement per shape, each answering its own call's values", async () => {
    expect(await rename(lot.id, { name: "Uno" })).toEqual({ id: lot.id, name: "Uno", short_name: lot.short_name });
    expect(await rename(lot.id, { name: "Dos", short_name: "D" })).toEqual({
      id: lot.id,
      name: "Dos",
      short_name: "D",
    });
    // The first shape again, with other values: its statement sets the name alone.
    expect(await rename(lot.id, { name: "Tres" })).toEqual({ id: lot.id, name: "Tres", short_name: "D" });
    // A null is a value of the shape; an undefined leaves its column out, as Kysely's builder does.
    expect(await rename(lot.id, { name: "Cuatro", short_name: null })).toEqual({
      id: lot.id,
      name: "Cuatro",
      short_name: null,
    });
    expect(await rename(lot.id, { name: "Cinco", short_name: undefined })).toEqual({
      id: lot.id,
      name: "Cinco",
      short_name: null,
    });
  });
});
