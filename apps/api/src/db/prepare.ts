import { ConfigError } from "../config.ts";
import { seed } from "../seed/seed.ts";
import { type DatabaseHandle, migrateToLatest, pendingMigrations } from "./database.ts";

/** Brings the schema and the seed up to date: `npm run migrate` once per deploy, or at start (MIGRATE_AT_START). */
export async function prepareDatabase(handle: DatabaseHandle, options: { seedDemo: boolean }): Promise<void> {
  await migrateToLatest(handle);
  await seed(handle.db, { demo: options.seedDemo });
}

/**
 * At start: prepare the database when this process is the one that migrates (the embedded
 * default), otherwise refuse to serve on a schema older than the code.
 */
export async function ensureDatabaseReady(
  handle: DatabaseHandle,
  options: { migrateAtStart: boolean; seedDemo: boolean },
): Promise<void> {
  if (options.migrateAtStart) return prepareDatabase(handle, options);
  const pending = await pendingMigrations(handle);
  if (pending.length > 0)
    throw new ConfigError(
      `The database is missing ${pending.length} migration(s) (${pending.join(", ")}): run \`npm run migrate\` (in the image: node apps/api/dist/migrate.mjs) once, or set MIGRATE_AT_START=true`,
    );
}
