import type { Locale } from "@estaciona/contracts";
import type {
  ExpenseTag,
  HistoryEntry,
  ReceiptHistory,
  ReceiptHistoryQuery,
  StatementQuery,
} from "@estaciona/contracts/schemas/receipts";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import {
  findCfdisOf,
  findTaggableCharge,
  type HistoryRow,
  listHistoryPage,
  upsertPaymentTag,
} from "./history-repository.ts";
import { paymentLine } from "./kinds.ts";

/**
 * The receipts history (issue 26 item 4, docs/decisions/0187): every payment of a period — the
 * charges of every registered kind (`payableKinds`) and their refunds — newest first in keyset
 * pages, each with the driver's business / personal tag and, on a Mexican host, its CFDI.
 */

const MAX_PERIOD_MS = 366 * 24 * 3600_000;
/** The most rows a statement holds: a year of a heavy driver's payments, many times over. */
const STATEMENT_MAX_ROWS = 5000;
const PAGE = 100;

/** The period in UTC instants; empty, reversed or longer than a year answers invalid_data. */
function periodOf(query: StatementQuery): { from: string; to: string } {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (!(from < to) || to - from > MAX_PERIOD_MS) throw new AppError("invalid_data");
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

const cursorOf = (cursor: string | undefined) => {
  if (!cursor) return null;
  const [createdAt = "", id = ""] = cursor.split("|");
  return { createdAt, id };
};

async function presentRows(db: Executor, rows: HistoryRow[], locale: Locale): Promise<HistoryEntry[]> {
  const chargeOf = (row: HistoryRow) => (row.kind === "refund" ? (row.parent_payment_id ?? row.id) : row.id);
  const cfdis = await findCfdisOf(db, [...new Set(rows.map(chargeOf))]);
  const refundWord = translate(locale, "parking.history.refund") ?? "Refund";
  return Promise.all(
    rows.map(async (row) => {
      const location =
        row.location_name && row.location_time_zone
          ? { name: row.location_name, short_name: row.location_short_name, time_zone: row.location_time_zone }
          : null;
      const line = await paymentLine(db, locale, { ...row, location });
      return {
        payment_uuid: row.id,
        kind: row.kind,
        receipt_uuid: chargeOf(row),
        line: row.kind === "refund" ? `${refundWord} · ${line}` : line,
        paid_at: row.created_at,
        amount: row.kind === "refund" ? -row.amount : row.amount,
        currency: row.currency,
        tag: row.tag,
        cfdi: cfdis.get(chargeOf(row)) ?? null,
      };
    }),
  );
}

/** `GET user/receipts/history`: one page of the period, and the cursor of the next (null at the end). */
export async function listHistory(
  db: Executor,
  userId: string,
  query: ReceiptHistoryQuery,
  locale: Locale,
): Promise<ReceiptHistory> {
  const limit = query.limit;
  const rows = await listHistoryPage(db, userId, periodOf(query), cursorOf(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await presentRows(db, page, locale),
    next_cursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null,
  };
}

/** Every payment of the period, for a statement: read page by page. */
export async function historyOfPeriod(
  db: Executor,
  userId: string,
  query: StatementQuery,
  locale: Locale,
): Promise<HistoryEntry[]> {
  const period = periodOf(query);
  const entries: HistoryEntry[] = [];
  let after: { createdAt: string; id: string } | null = null;
  while (entries.length < STATEMENT_MAX_ROWS) {
    const rows = await listHistoryPage(db, userId, period, after, PAGE);
    entries.push(...(await presentRows(db, rows, locale)));
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) break;
    after = { createdAt: last.created_at, id: last.id };
  }
  return entries;
}

/** `PUT user/receipt/{uuid}/tag`: the driver tags one of their charges (a refund follows its charge). */
export async function tagPayment(db: Executor, userId: string, paymentId: string, tag: ExpenseTag) {
  if (!(await findTaggableCharge(db, userId, paymentId))) throw new AppError("object_not_found");
  await upsertPaymentTag(db, { payment_id: paymentId, user_id: userId, tag, updated_at: nowIso() });
  return { payment_uuid: paymentId, tag };
}
