import type { Executor } from "../../db/database.ts";

/** The queries of wallet payments (docs/decisions/0284): their one-off methods live among the cards. */

/** Whether a charge was ever attempted with this method: a wallet's token pays once. */
export async function hasChargeWithMethod(db: Executor, methodId: string): Promise<boolean> {
  const charge = await db
    .selectFrom("payments")
    .select("id")
    .where("payment_method_id", "=", methodId)
    .where("kind", "=", "charge")
    .executeTakeFirst();
  return charge !== undefined;
}
