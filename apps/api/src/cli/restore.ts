import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, restoreDatabase } from "../db/backup.ts";

/**
 * `npm run restore -- <file> [--replace]`: brings a backup of `npm run backup` back into the
 * configured database, which must be empty unless `--replace` is given (docs/operations.md#backups).
 * Stop every instance and worker first; run `npm run check:ledger` after.
 */
try {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new BackupError("Usage: npm run restore -- <backup file> [--replace]");
  await restoreDatabase(file, loadConfig().database, { replace: args.includes("--replace") });
  console.info(`Restored ${file}. Next: npm run migrate, then npm run check:ledger.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
