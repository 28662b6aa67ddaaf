import type { Locale, PayableType } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { type PaymentRail, referenceRailOf } from "@estaciona/contracts/payment-rails";
import { translate } from "@estaciona/i18n";
import type { Executor, Tx } from "../../../db/database.ts";
import { messageOrigin } from "../../hosts/service.ts";
import { enqueue } from "../../jobs/queue.ts";
import type { JobRunner } from "../../jobs/worker.ts";
import { messageKey } from "../../messaging/outbox.ts";
import { deliverReminder, type ReminderDeps, recipientOf } from "../../reminders/index.ts";
import { findBalanceForLocation, findMovement } from "../balance-repository.ts";
import { findPaymentById, type PaymentRow } from "../repository.ts";

/**
 * "Your reference was paid" (docs/decisions/0342): once per paid reference, whatever settled it
 * (the gateway's webhook, a replay of it, the reconciliation's lookup, a payment after the expiry).
 * The transaction that records the charge `succeeded` enqueues one job under the charge's dedupe key;
 * the job sends on the driver's channel (Web Push, WhatsApp, SMS or e-mail) through `deliverReminder`,
 * whose claim under `reference_paid:{payment}` (decision 0120) makes a job run twice send nothing.
 */
export const JOB_REFERENCE_PAID = "payments.reference_paid_notice";

/** What the paid reference bought, in the driver's language, and the lot whose host the message links to. */
export interface PaidPurchase {
  what: string;
  location: { organisation_id: string; country: "mx" | "us" };
}

/**
 * What a payable type says when its reference is paid in time: the pass active until its last day,
 * the event place confirmed, the balance's new amount. `balance`: the driver's balance at that lot
 * after this payment, formatted, when the payment moved a balance (a top-up).
 */
export type PaidPurchaseOf = (
  db: Executor,
  payment: PaymentRow,
  words: { locale: Locale; balance: string | null },
) => Promise<PaidPurchase | undefined>;

const describers = new Map<PayableType, PaidPurchaseOf>();

/** Registered at module load by the products a reference can pay (subscriptions, events, balance). */
export function registerReferencePaidNotice(type: PayableType, describe: PaidPurchaseOf): void {
  describers.set(type, describe);
}

/**
 * In the transaction that records a charge `succeeded` (on time or after its expiry): a reference
 * charge gets its notice job. The dedupe key keeps one live job per charge; the claim keeps one message.
 */
export async function noticeIfReferencePaid(tx: Tx, payment: { id: string; rail: PaymentRail }): Promise<void> {
  // The rail is on the charge's row (decision 0346): no read of its reference on every settlement.
  if (!referenceRailOf(payment.rail)) return;
  await enqueue(
    tx,
    JOB_REFERENCE_PAID,
    { paymentId: payment.id },
    { dedupeKey: `reference-paid:${payment.id}`, maxAttempts: 10 },
  );
}

const text = (locale: Locale, key: string, params: Record<string, string> = {}): string =>
  translate(locale, `payments.reference_paid.${key}`, params) ?? key;

/** The notice's key: one per paid charge; `deliverReminder` adds the channel. */
export const referencePaidKey = (paymentId: string): string => messageKey("reference_paid", paymentId);

export async function sendReferencePaidNotice(
  deps: ReminderDeps & { config: { publicUrl: string } },
  paymentId: string,
): Promise<void> {
  const payment = await findPaymentById(deps.db, paymentId);
  const rail = payment ? referenceRailOf(payment.rail) : null;
  if (payment?.status !== "succeeded" || !rail) return;
  const describe = describers.get(payment.payable_type);
  // An erased or suspended account is told nothing (as every reminder); its language is read here.
  const user = await recipientOf(deps, payment.user_id);
  if (!describe || !user || !payment.location_id) return;
  const locale = user.locale;
  // Paid after its expiry, a pass's or an event's money was kept as a `refund` movement (decision 0314).
  const [keptLate, toppedUp] = await Promise.all([
    findMovement(deps.db, "refund", payment.id),
    findMovement(deps.db, "top_up", payment.id),
  ]);
  const balanceRow =
    keptLate || toppedUp ? await findBalanceForLocation(deps.db, payment.user_id, payment.location_id) : undefined;
  const balance = balanceRow ? formatMoney(balanceRow.amount, balanceRow.currency) : null;
  const purchase = await describe(deps.db, payment, { locale, balance });
  if (!purchase) return;
  const what = keptLate ? text(locale, "late", { balance: balance ?? "" }) : purchase.what;
  const params = {
    amount: formatMoney(payment.amount, payment.currency),
    rail: text(locale, `rail_${rail}`),
    what,
    link: `${await messageOrigin(deps, null, purchase.location)}/referencia/${payment.id}`,
  };
  await deliverReminder(deps, payment.user_id, referencePaidKey(payment.id), () => ({
    text: text(locale, "text", params),
    subject: text(locale, "subject", params),
    body: text(locale, "body", params),
    push: {
      title: text(locale, "subject", params),
      body: what,
      path: `/referencia/${payment.id}`,
      tag: `reference:${payment.id}`,
    },
  }));
}

export function registerReferencePaidJobs(deps: ReminderDeps & { config: { publicUrl: string } }, jobs: JobRunner) {
  jobs.register(JOB_REFERENCE_PAID, async (payload) => {
    await sendReferencePaidNotice(deps, (payload as { paymentId: string }).paymentId);
  });
}
