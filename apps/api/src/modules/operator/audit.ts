import { AUDIT_LOCATION_FIELDS, AUDIT_UNREAD_FIELDS, type AuditAction } from "@estaciona/contracts/audit";
import type { AuditEntry } from "@estaciona/contracts/schemas/operator";
import { operator as operatorCatalogue } from "@estaciona/i18n/locales/en/operator";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { fullName } from "./names.ts";
import { insertAudit, listAuditOf, locationOfSubject } from "./repository/audit.ts";

const auditFieldNames: Record<string, string> = operatorCatalogue.audit_field;

import type { OperatorScope } from "./scope.ts";

/** Every operator change is written here, in the change's own transaction (docs/product/operators.md). */
export async function recordAudit(
  db: Executor,
  scope: OperatorScope,
  change: {
    action: AuditAction;
    subject: { type: string; id: string };
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  assertReadable(change.before);
  assertReadable(change.after);
  await insertAudit(db, {
    id: newId(),
    organisation_id: scope.organisationId,
    actor_user_id: scope.userId,
    action: change.action,
    subject_type: change.subject.type,
    subject_id: change.subject.id,
    location_id: await locationOfSubject(db, change.subject),
    before: change.before ? JSON.stringify(change.before) : null,
    after: change.after ? JSON.stringify(change.after) : null,
    created_at: nowIso(),
  });
}

/**
 * The console names every field of a change in both languages (docs/decisions/0169); a field it
 * cannot name would show as a developer's key. Under test an unnamed field fails the change, so
 * a feature that audits a new field adds its name to the catalogue (`operator.audit_field`).
 */
function assertReadable(record: Record<string, unknown> | null | undefined): void {
  if (!record || !process.env.VITEST) return;
  const unnamed = Object.keys(record).filter(
    (key) => !AUDIT_UNREAD_FIELDS.has(key) && !(AUDIT_LOCATION_FIELDS.has(key) || key in auditFieldNames),
  );
  if (unnamed.length > 0)
    throw new Error(`Audit fields with no name in the console's catalogue: ${unnamed.join(", ")}`);
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
  const rows = await listAuditOf(db, scope, decodeCursor(query.cursor), query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      uuid: row.id,
      actor: { uuid: row.actor_user_id, name: fullName(row) },
      action: row.action,
      subject_type: row.subject_type,
      subject_uuid: row.subject_id,
      location:
        row.location_id && row.location_name && row.location_time_zone && row.location_currency
          ? {
              uuid: row.location_id,
              name: row.location_name,
              time_zone: row.location_time_zone,
              currency: row.location_currency,
            }
          : null,
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
