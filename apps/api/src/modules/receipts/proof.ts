import { createHmac } from "node:crypto";
import { RECEIPT_PROOF_MONTHS } from "@estaciona/contracts/schemas/verification";
import type { Executor } from "../../db/database.ts";
import { sha256 } from "../../lib/crypto.ts";
import type { Keyring } from "../../lib/keyring.ts";

/**
 * A receipt's proof (docs/decisions/0200): the opaque token its QR carries, derived from the
 * charge's id with a key of APP_SECRET's (so the receipt shows the same QR every time) and stored
 * only as its hash with its expiry, 13 months after the payment. The public check
 * (`modules/verification`) finds the charge by the hash; a forged token matches no row. While
 * APP_SECRET rotates, a proof made under the previous key keeps its token; once the window is
 * over the receipt shows a token of the current key and the stored hash follows it
 * (docs/operations.md "Rotating APP_SECRET").
 */

export interface Proof {
  token: string;
  expires_at: string;
}

export const proofToken = (key: Buffer, paymentId: string): string =>
  createHmac("sha256", key).update(`receipt-proof\n${paymentId}`).digest("base64url").slice(0, 32);

/** The payment's instant plus the proof's months, in UTC. */
export function proofExpiry(paidAt: string): string {
  const at = new Date(paidAt);
  at.setUTCMonth(at.getUTCMonth() + RECEIPT_PROOF_MONTHS);
  return at.toISOString();
}

/** The proof of a paid charge, created on its first reading. */
export async function proofOf(db: Executor, keys: Keyring, charge: { id: string; created_at: string }): Promise<Proof> {
  const token = proofToken(keys.current.key, charge.id);
  const read = () =>
    db
      .selectFrom("receipt_proofs")
      .select(["expires_at", "token_hash"])
      .where("payment_id", "=", charge.id)
      .executeTakeFirst();
  const existing = await read();
  if (existing) {
    const kept = keys
      .accepted()
      .map(({ key }) => proofToken(key, charge.id))
      .find((candidate) => sha256(candidate) === existing.token_hash);
    if (kept) return { token: kept, expires_at: existing.expires_at };
    await db
      .updateTable("receipt_proofs")
      .set({ token_hash: sha256(token) })
      .where("payment_id", "=", charge.id)
      .execute();
    return { token, expires_at: existing.expires_at };
  }
  await db
    .insertInto("receipt_proofs")
    .values({
      payment_id: charge.id,
      token_hash: sha256(token),
      expires_at: proofExpiry(charge.created_at),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("payment_id").doNothing())
    .execute();
  const row = await read();
  if (!row) throw new Error("receipt proof not stored");
  return { token, expires_at: row.expires_at };
}

/** The charge a token names, if any: its payment id and the proof's expiry. */
export function findProofByToken(db: Executor, token: string) {
  return db
    .selectFrom("receipt_proofs")
    .select(["payment_id", "expires_at"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
}
