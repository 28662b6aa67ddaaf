import type { AuditEntry } from "@estaciona/contracts/schemas/operator";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { fullName } from "./names.ts";
import { insertAudit, listAuditOf } from "./repository/audit.ts";
import type { OperatorScope } from "./scope.ts";

/** Every operator change is written here, in the change's own transaction (docs/product/operators.md). */
export async function recordAudit(
  db: Executor,
  scope: OperatorScope,
  change: {
    action: string;
    subject: { type: string; id: string };
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  await insertAudit(db, {
    id: newId(),
    organisation_id: scope.organisationId,
    actor_user_id: scope.userId,
    action: change.action,
    subject_type: change.subject.type,
    subject_id: change.subject.id,
    before: change.before ? JSON.stringify(change.before) : null,
    after: change.after ? JSON.stringify(change.after) : null,
    created_at: nowIso(),
  });
}

/** Only what changed, so the log reads "price 2000 → 2500" rather than two whole rows. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Keyset cursors of the console's pages: the last row's `created_at|id`. */
export const encodeCursor = (row: { created_at: string; id: string }): string => `${row.created_at}|${row.id}`;
export function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [createdAt = "", id = ""] = cursor.split("|");
  return { createdAt, id };
}

export async function listAudit(
  db: Executor,
  scope: OperatorScope,
  query: { cursor?: string; limit: number },
): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const rows = await listAuditOf(db, scope.organisationId, decodeCursor(query.cursor), query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      uuid: row.id,
      actor: { uuid: row.actor_user_id, name: fullName(row) },
      action: row.action,
      subject_type: row.subject_type,
      subject_uuid: row.subject_id,
      before: row.before ? (JSON.parse(row.before) as Record<string, unknown>) : null,
      after: row.after ? (JSON.parse(row.after) as Record<string, unknown>) : null,
      created_at: row.created_at,
    })),
    next_cursor:
      rows.length > query.limit && page.length > 0
        ? encodeCursor(page[page.length - 1] as { created_at: string; id: string })
        : null,
  };
}
