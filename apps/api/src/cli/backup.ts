import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, backupDatabase } from "../db/backup.ts";

/**
 * `npm run backup [-- <file>]`: a consistent copy of the configured database while the product
 * serves (docs/operations.md#backups). Without a file name, `backups/` in the data folder, named by
 * engine and UTC time. Prints the file it wrote.
 */
try {
  const { database, dataDir } = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file =
    process.argv[2] ??
    path.join(dataDir, "backups", `estaciona-${stamp}.${database.engine === "sqlite" ? "sqlite" : "dump"}`);
  await backupDatabase(database, file);
  console.info(`Backup written: ${file}`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
