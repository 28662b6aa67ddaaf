import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { prepareDatabase } from "../db/prepare.ts";

/**
 * `npm run migrate`: runs the pending migrations and the idempotent seed once, before the API
 * instances and workers of a deploy start (they refuse an out-of-date schema; docs/operations.md).
 */
try {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await prepareDatabase(database, { seedDemo: config.seedDemo });
    console.info(`Database up to date (${database.engine}); demo data ${config.seedDemo ? "seeded" : "off"}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
