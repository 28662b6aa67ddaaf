import { randomInt } from "node:crypto";
import type { Db, Executor } from "../../../db/database.ts";
import { isUniqueViolation } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { nowIso } from "../../../lib/time.ts";
import type { ChargeOutcome, IssuedReference, PaymentGateway, ReferenceRequest } from "../gateway.ts";
import { sandboxId } from "../sandbox/gateway.ts";
import { emitSandboxEvent } from "../sandbox/webhooks.ts";

/**
 * The sandbox's cash and SPEI references (docs/decisions/0280), added to a sandbox gateway: it issues
 * an OXXO reference (14 digits) or a CLABE (18 digits, the sandbox's own bank), and answers a lookup
 * as Conekta answers one of its orders: awaiting payment until it expires, then expired, or paid. Its
 * "simulate payment" action (sandbox/reference pages) pays one and sends the signed webhook.
 */
const SANDBOX_BANK = "STP (pruebas)";
/** The sandbox bank's CLABE prefix: bank 646 (STP), branch 180. */
const CLABE_PREFIX = "646180";

const digits = (count: number): string => Array.from({ length: count }, () => randomInt(10)).join("");

/** A CLABE's control digit (Banxico: weights 3, 7, 1 over the first 17 digits, modulo 10). */
export function clabeControlDigit(first17: string): number {
  const weights = [3, 7, 1];
  const sum = [...first17].reduce((total, digit, index) => total + ((Number(digit) * weights[index % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10;
}

const newNumber = (rail: ReferenceRequest["rail"]): string => {
  if (rail === "oxxo") return `9300${digits(10)}`;
  const first17 = `${CLABE_PREFIX}${digits(11)}`;
  return `${first17}${clabeControlDigit(first17)}`;
};

export const issuedOf = (row: Row<"sandbox_references">): IssuedReference => ({
  providerRef: row.id,
  number: row.number,
  barcodeUrl: null,
  bank: row.rail === "spei" ? SANDBOX_BANK : null,
  expiresAt: row.expires_at,
});

function outcomeOf(row: Row<"sandbox_references">): ChargeOutcome {
  if (row.paid_at) return { status: "succeeded", providerRef: row.id, refundedAmount: 0 };
  if (Date.parse(row.expires_at) <= Date.now())
    return { status: "declined", providerRef: row.id, reason: "processing_error", message: "expired" };
  return { status: "requires_action", providerRef: row.id, redirectUrl: "", waitUntil: row.expires_at };
}

export const findSandboxReference = (db: Executor, column: "id" | "reference" | "number", value: string) =>
  db.selectFrom("sandbox_references").selectAll().where(column, "=", value).executeTakeFirst();

/** The sandbox gateway with references: a lookup of a reference's charge is answered from its book. */
export function withSandboxReferences(gateway: PaymentGateway, db: Db): PaymentGateway {
  return {
    ...gateway,
    async createReference(request: ReferenceRequest): Promise<IssuedReference> {
      const earlier = await findSandboxReference(db, "reference", request.reference);
      if (earlier) return issuedOf(earlier);
      const row: Row<"sandbox_references"> = {
        id: sandboxId("ord"),
        reference: request.reference,
        rail: request.rail,
        number: newNumber(request.rail),
        amount: request.amount,
        currency: request.currency,
        expires_at: request.expiresAt,
        paid_at: null,
        created_at: nowIso(),
      };
      try {
        await db.insertInto("sandbox_references").values(row).execute();
      } catch (error) {
        // The same reference twice at once: the one order made is answered, as a provider would.
        if (!isUniqueViolation(error)) throw error;
        const made = await findSandboxReference(db, "reference", request.reference);
        if (!made) throw error;
        return issuedOf(made);
      }
      return issuedOf(row);
    },
    async findCharge(reference, providerRef, since) {
      const row = await findSandboxReference(db, "reference", reference);
      return row ? outcomeOf(row) : gateway.findCharge(reference, providerRef, since);
    },
  };
}

export type SandboxPayment = "paid" | "unknown" | "already_paid" | "expired" | "wrong_amount";

/**
 * The "simulate payment" action: a payment of `amount` at the store or by transfer. Refused as
 * Conekta documents (docs/decisions/0281): an expired reference (unless `late`: a transfer sent in
 * time whose confirmation reaches the gateway after the expiry), a second payment, an amount other
 * than the reference's. A payment is told to the merchant by the signed webhook.
 */
export async function paySandboxReference(
  db: Db,
  id: string,
  payment: { amount?: number; late?: boolean },
): Promise<SandboxPayment> {
  const row = await findSandboxReference(db, "id", id);
  if (!row) return "unknown";
  if (row.paid_at) return "already_paid";
  if (payment.amount !== undefined && payment.amount !== row.amount) return "wrong_amount";
  if (!payment.late && Date.parse(row.expires_at) <= Date.now()) return "expired";
  return db.transaction().execute(async (tx) => {
    const paid = await tx
      .updateTable("sandbox_references")
      .set({ paid_at: nowIso() })
      .where("id", "=", row.id)
      .where("paid_at", "is", null)
      .executeTakeFirst();
    if (paid.numUpdatedRows === 0n) return "already_paid";
    await emitSandboxEvent(tx, "charge.succeeded", { id: row.id, reference: row.reference });
    return "paid";
  });
}
