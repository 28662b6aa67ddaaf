import { WALLETS } from "@estaciona/contracts/wallets";
import { compiledOnce } from "../../../db/compiled-once.ts";
import type { Db, Executor } from "../../../db/database.ts";
import { forUpdate, isUniqueViolation } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { newId } from "../../../lib/ids.ts";
import { isoBefore, nowIso } from "../../../lib/time.ts";
import { rowInsert } from "../../jobs/queue.ts";
import {
  type CardFormConfig,
  type ChargeOutcome,
  type ChargeRequest,
  GatewayDeclinedError,
  type PaymentGateway,
  type RefundOutcome,
  type RefundRequest,
  type SavedCard,
} from "../gateway.ts";
import { isExpired } from "./cards.ts";
import { JOB_SANDBOX_EVENTS, SANDBOX_EVENTS_KEY } from "./events.ts";
import { SANDBOX_TOKEN_TTL_SECONDS, sandboxId } from "./ids.ts";
import { claimWalletCard } from "./wallet.ts";
import { emitSandboxEvent, type SandboxEventType } from "./webhooks.ts";

/** The event a charge made in this state owes its webhook. */
const EVENT_OF_CHARGE = {
  succeeded: "charge.succeeded",
  declined: "charge.declined",
  requires_action: null,
} as const satisfies Record<Row<"sandbox_charges">["status"], Row<"sandbox_charges">["event_due"]>;

/** A customer's card the sandbox charges, unless removed; compiled once (db/compiled-once.ts), as each charge reads it. */
const customersCard = compiledOnce((db, cardId: string, customerId: string) =>
  db
    .selectFrom("sandbox_cards")
    .selectAll()
    .where("id", "=", cardId)
    .where("customer_id", "=", customerId)
    .where("deleted_at", "is", null),
);

type ChargeRow = Row<"sandbox_charges">;
type ChargeValues = [
  id: string,
  reference: string,
  cardId: string,
  amount: number,
  currency: ChargeRow["currency"],
  status: ChargeRow["status"],
  declineReason: string | null,
  returnUrl: string | null,
  eventDue: ChargeRow["event_due"],
  now: string,
];

/** A charge's row, alone or with the events' delivery job (jobs/queue.ts `rowInsert`). */
const chargeInsert = rowInsert(
  10,
  (
    creator,
    ...[id, reference, cardId, amount, currency, status, declineReason, returnUrl, eventDue, now]: ChargeValues
  ) =>
    creator.insertInto("sandbox_charges").values({
      id,
      reference,
      card_id: cardId,
      amount,
      currency,
      status,
      decline_reason: declineReason,
      return_url: returnUrl,
      event_due: eventDue,
      created_at: now,
      updated_at: now,
    }),
);

/** Which provider's card component the sandbox's hosted form imitates (its postMessage shapes). */
export type SandboxShape = "conekta" | "nmi" | "netpay";

export { isSandboxId, SANDBOX_TOKEN_TTL_SECONDS, sandboxId } from "./ids.ts";

/**
 * The built-in sandbox gateway (docs/product/money.md): a provider of its own, over the sandbox tables,
 * joined to our ledger only by the reference we send — exactly like a real one. Charges with
 * the same reference are answered once, so `findCharge` and retries behave like a provider's.
 */
export function createSandboxGateway(options: {
  db: Db;
  shape: SandboxShape;
  /** Whether it sends webhooks about its charges (sandbox/webhooks.ts); tests' own stand-ins may not. */
  sendsWebhooks?: boolean;
}): PaymentGateway {
  const { db, shape, sendsWebhooks = false } = options;
  const emit = async (executor: Executor, type: SandboxEventType, charge: { id: string; reference: string }) => {
    if (sendsWebhooks) await emitSandboxEvent(executor, type, charge);
  };

  const refundedOf = async (chargeId: string): Promise<number> => {
    const row = await db
      .selectFrom("sandbox_refunds")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
      .where("charge_id", "=", chargeId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };

  const outcomeOf = async (charge: Row<"sandbox_charges">): Promise<ChargeOutcome> => {
    if (charge.status === "succeeded")
      return { status: "succeeded", providerRef: charge.id, refundedAmount: await refundedOf(charge.id) };
    if (charge.status === "requires_action")
      return { status: "requires_action", providerRef: charge.id, redirectUrl: `/sandbox/3ds/${charge.id}` };
    const reason = (charge.decline_reason ?? "card_declined") as Extract<
      ChargeOutcome,
      { status: "declined" }
    >["reason"];
    return { status: "declined", providerRef: charge.id, reason };
  };

  const byReference = (reference: string) =>
    db.selectFrom("sandbox_charges").selectAll().where("reference", "=", reference).executeTakeFirst();

  return {
    name: "sandbox",
    wallets: WALLETS,

    cardFormConfig(): CardFormConfig {
      return {
        provider: "sandbox",
        publicKey: null,
        scriptUrl: null,
        frameUrl: `/sandbox/card-form?provider=${shape}`,
      };
    },

    async createCheckoutRequest() {
      return newId();
    },

    async saveCard({ token, customerRef, holder }): Promise<SavedCard> {
      const now = nowIso();
      const claimed = await db
        .updateTable("sandbox_tokens")
        .set({ used_at: now })
        .where("id", "=", token)
        .where("used_at", "is", null)
        .where("created_at", ">", isoBefore(SANDBOX_TOKEN_TTL_SECONDS))
        .returningAll()
        .executeTakeFirst();
      if (!claimed) throw new GatewayDeclinedError("invalid_token", "unknown, used or expired token");
      let customerId = customerRef;
      const existing = customerId
        ? await db.selectFrom("sandbox_customers").select("id").where("id", "=", customerId).executeTakeFirst()
        : undefined;
      if (!existing) {
        customerId = sandboxId("cus");
        await db
          .insertInto("sandbox_customers")
          .values({
            id: customerId,
            name: `${holder.firstName} ${holder.lastName}`,
            email: holder.email,
            created_at: now,
          })
          .execute();
      }
      const cardId = sandboxId("src");
      const holderName = claimed.holder_name ?? `${holder.firstName} ${holder.lastName}`;
      await db
        .insertInto("sandbox_cards")
        .values({
          id: cardId,
          customer_id: customerId as string,
          behaviour: claimed.behaviour,
          brand: claimed.brand,
          last4: claimed.last4,
          exp_month: claimed.exp_month,
          exp_year: claimed.exp_year,
          holder_name: holderName,
          created_at: now,
          deleted_at: null,
        })
        .execute();
      return {
        customerRef: customerId as string,
        cardRef: cardId,
        brand: claimed.brand,
        last4: claimed.last4,
        expMonth: claimed.exp_month,
        expYear: claimed.exp_year,
        holderName,
      };
    },

    async deleteCard({ customerRef, cardRef }) {
      await db
        .updateTable("sandbox_cards")
        .set({ deleted_at: nowIso() })
        .where("id", "=", cardRef)
        .where("customer_id", "=", customerRef)
        .execute();
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const card = request.wallet
        ? await claimWalletCard(db, request.cardRef)
        : await customersCard.first(db, request.cardRef, request.customerRef);
      // A charge made before under this reference is answered as it is (a retry after a lost
      // answer); its unique reference finds it below without a read before every new charge.
      if (!card) {
        const earlier = await byReference(request.reference);
        return earlier ? outcomeOf(earlier) : { status: "declined", providerRef: null, reason: "invalid_token" };
      }
      const behaviour = isExpired(card.exp_month, card.exp_year) ? "expired" : card.behaviour;
      const status = behaviour === "approve" ? "succeeded" : behaviour === "three_ds" ? "requires_action" : "declined";
      const declineReason =
        behaviour === "expired" ? "card_expired" : behaviour === "cvc_fail" ? "cvc_invalid" : "card_declined";
      const now = nowIso();
      // A challenge's event comes with its answer (sandbox/pages.ts).
      const eventDue = sendsWebhooks ? EVENT_OF_CHARGE[status] : null;
      const made: Row<"sandbox_charges"> = {
        id: sandboxId("ch"),
        reference: request.reference,
        card_id: card.id,
        amount: request.amount,
        currency: request.currency,
        status,
        decline_reason: status === "declined" ? declineReason : null,
        return_url: request.returnUrl ?? null,
        event_due: eventDue,
        created_at: now,
        updated_at: now,
      };
      const values: ChargeValues = [
        made.id,
        made.reference,
        made.card_id,
        made.amount,
        made.currency,
        made.status,
        made.decline_reason,
        made.return_url,
        made.event_due,
        now,
      ];
      try {
        // The charge carries its event, and asks for the delivery job, which is a no-op while one
        // waits (sandbox/events.ts): as a provider records both at once, one statement on
        // PostgreSQL (decisions 0348, 0354).
        if (eventDue)
          await chargeInsert.insertWithJob(db, values, JOB_SANDBOX_EVENTS, {}, { dedupeKey: SANDBOX_EVENTS_KEY });
        else await chargeInsert.insert(db, ...values);
      } catch (error) {
        // The reference charged before (a retry, or the same reference twice at once): the
        // provider answers the one charge it made.
        if (!isUniqueViolation(error)) throw error;
        const charge = await byReference(request.reference);
        if (!charge) throw new Error("sandbox charge vanished");
        return outcomeOf(charge);
      }
      // The charge just made, as inserted: nothing refunded yet, nothing to read back (decision 0275).
      if (status === "succeeded") return { status: "succeeded", providerRef: made.id, refundedAmount: 0 };
      return outcomeOf(made);
    },

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      return db.transaction().execute(async (tx) => {
        // The charge locked, then the reference checked again: two calls with one reference at
        // once (a retried refund) make one refund, as a provider's idempotent refund does, and
        // the second is not told "amount exceeds the charge".
        const charge = await tx
          .selectFrom("sandbox_charges")
          .selectAll()
          .where("id", "=", request.providerChargeRef)
          .$call(forUpdate(tx))
          .executeTakeFirst();
        if (charge?.status !== "succeeded")
          return { status: "failed", providerRef: null, message: "charge not refundable" } as const;
        const made = await tx
          .selectFrom("sandbox_refunds")
          .select("id")
          .where("reference", "=", request.reference)
          .executeTakeFirst();
        if (made) return { status: "succeeded", providerRef: made.id } as const;
        const refunded = await tx
          .selectFrom("sandbox_refunds")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
          .where("charge_id", "=", charge.id)
          .executeTakeFirstOrThrow();
        if (Number(refunded.total) + request.amount > charge.amount)
          return { status: "failed", providerRef: null, message: "amount exceeds the charge" } as const;
        const id = sandboxId("re");
        await tx
          .insertInto("sandbox_refunds")
          .values({
            id,
            reference: request.reference,
            charge_id: charge.id,
            amount: request.amount,
            created_at: nowIso(),
          })
          .execute();
        await emit(tx, "charge.refunded", charge);
        return { status: "succeeded", providerRef: id } as const;
      });
    },

    async findCharge(reference: string): Promise<ChargeOutcome | null> {
      const charge = await byReference(reference);
      return charge ? await outcomeOf(charge) : null;
    },

    async findRefund({ reference }): Promise<RefundOutcome | null> {
      const made = await db
        .selectFrom("sandbox_refunds")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirst();
      return made ? { status: "succeeded", providerRef: made.id } : null;
    },
  };
}
