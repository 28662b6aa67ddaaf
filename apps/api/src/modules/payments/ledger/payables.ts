import type { PayableType } from "@estaciona/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../../db/database.ts";
import type { Metrics } from "../../../plugins/metrics.ts";
import type { PaymentGateways } from "../gateway.ts";
import type { PaymentRow } from "../repository.ts";

/** What every part of the ledger shares: its dependencies, the payable registry, its job kinds. */

export type { PaymentRow };

/** What a ledger call needs from the app; a FastifyInstance satisfies it. */
export interface LedgerDeps {
  db: Db;
  providers: { payments: PaymentGateways };
  config: { publicUrl: string };
  log: FastifyBaseLogger;
  /** Counts each charge outcome the ledger records (`estaciona_charges_total`). */
  metrics: { charges: Pick<Metrics["charges"], "inc"> };
}

/** Amount breakdown of docs/product/money.md, integer minor units; `total` must equal the sum. */
export interface AmountBreakdown {
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
}

export type PaymentPurpose =
  | "card_verification"
  | "visit"
  | "event"
  | "meter"
  | "valet"
  | "subscription"
  | "refund"
  | "balance";

/**
 * What the one call that charges a payable already knows of it, handed to that payable's
 * handlers when its charge settles within the call (the pay call: the stay's lot), and where a
 * handler leaves the payable as it wrote it, for the call's answer: step 3 then reads neither
 * again. Settling elsewhere (a 3-D Secure return, reconciliation) hands none.
 */
export interface PayableKnown {
  /** What the caller read, in the shape its payable's handlers expect (they check it is there). */
  readonly read?: unknown;
  /** Set by a handler: the payable as the success left it. */
  settled?: unknown;
}

export interface PayableHandlers {
  /**
   * Takes the payable's own locks in the lock order (ARCHITECTURE.md) before the ledger locks a
   * payment of it, in every transaction that settles or refunds one: a payable whose rows sit under
   * a parent (a meter purchase under its session) locks the parent, then itself.
   */
  lockPayable?(tx: Tx, payableId: string): Promise<void>;
  /**
   * In the transaction that records the success: move the payable (mark the visit paid, …).
   * `known`: what the charging call already read, when it is the one settling (PayableKnown).
   */
  onSucceeded(tx: Tx, payment: PaymentRow, known?: PayableKnown): Promise<void>;
  /**
   * In the transaction that records a decline or an abandoned attempt. `reachedProvider` is false
   * for an attempt the provider has no record of (cut off before its call, the sweep found
   * nothing): no card said no, so a payable charged by a job may try again at once.
   */
  onFailed?(tx: Tx, payment: PaymentRow, detail: { reachedProvider: boolean }): Promise<void>;
  /**
   * A reference charge (cash, SPEI) paid after the ledger marked it failed (docs/decisions/0281): the
   * charge becomes succeeded and this keeps the money (credits a balance). Absent: refunded.
   */
  onPaidLate?(tx: Tx, payment: PaymentRow): Promise<void>;
  /** In the transaction that records a successful refund of this payable's charge. */
  onRefunded?(tx: Tx, refund: PaymentRow, charge: PaymentRow): Promise<void>;
}

const payableHandlers = new Map<PayableType, PayableHandlers>();

/**
 * What happens to a payable type when its charge settles. Register at module load: settling
 * also happens later, from a 3-D Secure return or the reconciliation job, where no caller's
 * closure exists any more.
 */
export function registerPayable(type: PayableType, handlers: PayableHandlers): void {
  payableHandlers.set(type, handlers);
}

/** The handlers of a payable type; undefined when the type was never registered. */
export const handlersOf = (type: PayableType): PayableHandlers | undefined => payableHandlers.get(type);

/**
 * What another module does in the transaction that records any succeeded refund, whole or part,
 * whoever asked for it (an operator, the provider's own dashboard): invoicing enqueues a credit
 * note's check there (docs/decisions/0308). Registered at module load, like the payables.
 */
export type RefundListener = (tx: Tx, refund: PaymentRow, charge: PaymentRow) => Promise<void>;
const refundListeners = new Set<RefundListener>();

export function onRefundSucceeded(listener: RefundListener): void {
  refundListeners.add(listener);
}

export const refundSucceededListeners = (): readonly RefundListener[] => [...refundListeners];

export const JOB_RECONCILE = "payments.reconcile";
export const JOB_REFUND = "payments.refund";
/** Settles one refund whose gateway answer was lost (docs/decisions/0115). */
export const JOB_SETTLE_REFUND = "payments.settle-refund";
