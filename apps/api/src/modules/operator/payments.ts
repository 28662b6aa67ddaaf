import type { Locale } from "@estaciona/contracts";
import type { PaymentDetail, PaymentSearchQuery, PaymentSummary } from "@estaciona/contracts/schemas/operator";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { csvCell, decimal } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { isoBefore } from "../../lib/time.ts";
import { type LedgerDeps, NEEDS_REVIEW_AFTER_SECONDS, needsReview, refundPayment } from "../payments/ledger.ts";
import { decodeCursor, encodeCursor, recordAudit } from "./audit.ts";
import { chargedCardOf, paymentMethodWords } from "./payment-method.ts";
import {
  type ChargeFilters,
  type ChargeRow,
  findChargeIn,
  ledgerLinesOf,
  searchCharges,
} from "./repository/payments.ts";
import { type OperatorScope, reachableLocationIds } from "./scope.ts";

/** The console's payments: searched, read line by line, refunded through the ledger and exported as CSV. */

const DAY_MS = 86_400_000;

/** The console's word for a ledger line: a charge still unknown after 24 h is `needs_review` (decision 0246). */
const consoleStatus = (row: Pick<ChargeRow, "kind" | "status" | "created_at">) =>
  needsReview(row) ? "needs_review" : row.status;

export function presentCharge(row: ChargeRow): PaymentSummary {
  return {
    uuid: row.id,
    kind: row.kind,
    status: consoleStatus(row),
    product: row.payable_type,
    amount: row.amount,
    refunded: Number(row.refunded ?? 0),
    currency: row.currency,
    description: row.description,
    created_at: row.created_at,
    location: { uuid: row.location_id, name: row.location_name },
    plate: row.plate,
    phone: row.driver_deleted_at === null ? row.phone : null,
    card: chargedCardOf(row),
    rail: row.rail,
  };
}

const nextDay = (isoDate: string) => new Date(Date.parse(isoDate) + DAY_MS).toISOString().slice(0, 10);

type SearchFilters = Omit<PaymentSearchQuery, "limit" | "cursor">;

/** `pending` and `needs_review` are one ledger status, told apart by the attempt's age. */
function statusFilter(status: SearchFilters["status"]): Pick<ChargeFilters, "status" | "review"> {
  if (!status) return {};
  const cutoff = isoBefore(NEEDS_REVIEW_AFTER_SECONDS);
  if (status === "needs_review") return { status: "pending", review: { olderThan: cutoff } };
  if (status === "pending") return { status, review: { newerThan: cutoff } };
  return { status };
}

function chargeFilters(query: SearchFilters): ChargeFilters {
  const digits = query.phone?.replace(/\D/g, "");
  return {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { until: nextDay(query.to) } : {}),
    ...(query.location_uuid ? { locationId: query.location_uuid } : {}),
    ...(query.plate ? { plate: query.plate } : {}),
    ...(digits ? { phoneDigits: digits } : {}),
    ...(query.rail ? { rail: query.rail } : {}),
    ...statusFilter(query.status),
  };
}

export async function searchPayments(
  db: Executor,
  scope: OperatorScope,
  query: SearchFilters & { cursor?: string; limit: number },
) {
  const ids = await reachableLocationIds(db, scope);
  const filters = { ...chargeFilters(query), ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}) };
  const rows = await searchCharges(db, ids, filters, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentCharge),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

const isTopUp = (charge: { payable_type: string }) => charge.payable_type === "balance_top_up";

export async function paymentDetail(db: Executor, scope: OperatorScope, paymentId: string): Promise<PaymentDetail> {
  const charge = await findChargeIn(db, await reachableLocationIds(db, scope), paymentId);
  if (!charge) throw new AppError("object_not_found");
  const lines = await ledgerLinesOf(db, charge.id);
  const summary = presentCharge(charge);
  const pendingRefund = lines.some((line) => line.kind === "refund" && line.status === "pending");
  return {
    ...summary,
    refundable:
      charge.status === "succeeded" && !pendingRefund && !isTopUp(charge) ? charge.amount - summary.refunded : 0,
    driver_uuid: charge.user_id,
    payable: { type: charge.payable_type, uuid: charge.payable_id },
    lines: lines.map((line) => ({
      uuid: line.id,
      kind: line.kind,
      status: consoleStatus(line),
      subtotal: line.subtotal,
      convenience_fee: line.convenience_fee,
      processing_fee: line.processing_fee,
      tax: line.tax,
      amount: line.amount,
      gateway: line.gateway,
      provider_ref: line.provider_ref,
      failure_code: line.failure_code,
      description: line.description,
      created_at: line.created_at,
    })),
  };
}

/**
 * Gives back all or part of a charge through the ledger, which makes this request's own refund or
 * refuses: more than is left, nothing left or a bad amount `invalid_refund`; another refund of the
 * charge in flight or the charge itself not settled yet 409 with Retry-After (docs/decisions/0115).
 * A refund the gateway declines answers `invalid_refund`; one whose outcome is not known yet shows
 * as a pending line and is settled by the ledger's sweep. The audit log gets one entry per refund
 * made, never for a refusal or a replay.
 */
export async function refundCharge(
  deps: LedgerDeps,
  scope: OperatorScope,
  paymentId: string,
  body: { amount?: number | undefined; reason: string },
  idempotencyKey: string,
): Promise<PaymentDetail> {
  const detail = await paymentDetail(deps.db, scope, paymentId); // within the operator's reach, or not found
  // A top-up's money is in the driver's balance: it goes back to the card by the driver's payout,
  // which takes it off the balance first (docs/decisions/0212), never by a refund of the charge alone.
  if (isTopUp({ payable_type: detail.payable.type }))
    throw new AppError("invalid_refund", { messageKey: "payments.balance_refund_by_payout" });
  const result = await refundPayment(deps, {
    paymentId,
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    reason: body.reason,
    idempotencyKey,
  });
  if (result.status === "failed") throw new AppError("invalid_refund");
  const after = await paymentDetail(deps.db, scope, paymentId);
  if (result.replayed) return after;
  // What other refunds had given back: this one is counted in `after` only once it succeeded.
  const before = after.refunded - (result.status === "succeeded" ? result.refund.amount : 0);
  await recordAudit(deps.db, scope, {
    action: "payment.refund",
    subject: { type: "payment", id: paymentId },
    // The currency goes with the amounts so the log can write them as money, not bare minor units.
    before: { refunded: before, currency: after.currency },
    after: {
      refunded: before + result.refund.amount,
      currency: after.currency,
      refund_uuid: result.refund.id,
      reason: body.reason,
    },
  });
  return after;
}

const CSV_COLUMNS = [
  "payment_uuid",
  "created_at",
  "status",
  "product",
  "location",
  "plate",
  "phone",
  "currency",
  "subtotal",
  "convenience_fee",
  "processing_fee",
  "tax",
  "amount",
  "refunded",
  "description",
  "payment_method",
] as const;
const EXPORT_PAGE = 500;

/**
 * `GET admin/payments/export`: the charges of a period as CSV, read in keyset pages of 500 so a
 * busy month never sits in memory at once; products and deleted drivers in the reader's words.
 */
export async function* exportPayments(
  db: Executor,
  scope: OperatorScope,
  period: { from: string; to: string },
  locale: Locale,
): AsyncGenerator<string> {
  const ids = await reachableLocationIds(db, scope);
  const filters: ChargeFilters = { from: period.from, until: nextDay(period.to) };
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  let before: ChargeFilters["before"];
  for (;;) {
    const rows = await searchCharges(db, ids, { ...filters, ...(before ? { before } : {}) }, EXPORT_PAGE);
    for (const row of rows) {
      const cells = [
        row.id,
        row.created_at,
        consoleStatus(row),
        translate(locale, `parking.payable.${row.payable_type}.console`) ?? row.payable_type,
        row.location_name,
        row.plate,
        row.driver_deleted_at === null ? row.phone : (translate(locale, "operator.payments.deleted_driver") ?? null),
        row.currency,
        decimal(row.subtotal),
        decimal(row.convenience_fee),
        decimal(row.processing_fee),
        decimal(row.tax),
        decimal(row.amount),
        decimal(Number(row.refunded ?? 0)),
        row.description,
        paymentMethodWords(locale, row),
      ];
      yield `${cells.map(csvCell).join(",")}\r\n`;
    }
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) return;
    before = { createdAt: last.created_at, id: last.id };
  }
}
