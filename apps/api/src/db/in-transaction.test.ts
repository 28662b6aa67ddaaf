import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { type Db, inTransaction, TRANSACTION_RETRIES } from "./database.ts";

/** A database whose transactions fail with `codes` in turn, then run the work. */
function databaseFailingWith(codes: string[]) {
  let runs = 0;
  const db = {
    transaction: () => ({
      execute: async <T>(work: (tx: never) => Promise<T>) => {
        const code = codes[runs++];
        if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
        return work(undefined as never);
      },
    }),
  } as unknown as Db;
  return { db, runs: () => runs };
}

describe("inTransaction", () => {
  it("runs a transaction again after a deadlock, a serialization failure or SQLite busy", async () => {
    const { db, runs } = databaseFailingWith(["40P01", "40001", "SQLITE_BUSY"]);
    await expect(inTransaction(db, async () => "done")).resolves.toBe("done");
    expect(runs()).toBe(4);
  });

  it(`answers a coded 409 with Retry-After after ${TRANSACTION_RETRIES} retries, never the database's error`, async () => {
    const { db, runs } = databaseFailingWith(["40P01", "40P01", "40P01", "40P01", "40P01"]);
    const refusal = await inTransaction(db, async () => "never").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "action_not_available", status: 409, headers: { "retry-after": "1" } });
    expect(runs()).toBe(1 + TRANSACTION_RETRIES);
  });

  it("does not run again after any other failure", async () => {
    const { db, runs } = databaseFailingWith(["23505"]);
    await expect(inTransaction(db, async () => "never")).rejects.toMatchObject({ code: "23505" });
    expect(runs()).toBe(1);
  });
});
