import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { checkLedger } from "../modules/payments/ledger/consistency.ts";

/**
 * `npm run check:ledger`: the ledger's consistency checks on the configured database, read-only
 * (docs/operations.md#backups). Exit code 1 and one line per broken check when any fails.
 */
try {
  const database = openDatabase(loadConfig().database);
  try {
    const problems = await checkLedger(database.db);
    for (const problem of problems)
      console.error(`${problem.check}: ${problem.count} (e.g. ${problem.examples.join(", ")})`);
    if (problems.length > 0) process.exitCode = 1;
    else
      console.info(
        "Ledger consistent: no payable paid twice or paid and unpaid, refunds within charges, gateway records match.",
      );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
