/**
 * What the console's audit log records (docs/product/operators.md): every action, so the API can
 * only write one the console can name in both languages (the catalogue's `operator.audit_action`).
 */
export const AUDIT_ACTIONS = [
  "location.create",
  "location.update",
  "device.register",
  "device.rename",
  "device.rotate_key",
  "device.revoke",
  "payment.refund",
  "driver.suspend",
  "driver.restore",
  "operator.add",
  "operator.remove",
  "operator.grants",
  "meter.create",
  "meter.update",
  "plan.create",
  "plan.update",
  "plan.archive",
  "discount.create",
  "discount.update",
  "discount.disable",
  "subscription.refund",
  "event_series.create",
  "event.create",
  "event.update",
  "event.cancel",
  "invoice.cancel",
  "invoice.approve",
  "invoice.reject",
  "invoice.global_periodicity",
  "credit_note.retry",
  "host.update",
  "organisation.create",
  "dispute.status",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Fields a change may hold that say nothing to a person (row ids, the clock the log already shows,
 * hashes, the currency the amounts are written in): the console leaves them out. Every other
 * field has a name in the catalogue (`operator.audit_field`); the API's tests refuse one that has not.
 */
export const AUDIT_UNREAD_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "organisation_id",
  "key_hash",
  "created_at",
  "updated_at",
  "currency",
  "refund_uuid",
  "series_id",
  "plan_id",
  "redemptions",
]);

/** Stored 0/1 switches: the console writes them "yes" or "no". */
export const AUDIT_SWITCH_FIELDS: ReadonlySet<string> = new Set([
  "active",
  "is_freeflow",
  "invoice_discounted",
  "requires_student_id",
  "force_spanish",
  "is_default",
  "platform",
  "everywhere",
  "amount_editable",
]);

/** Fields naming locations: the console writes their names under one label, "Location". */
export const AUDIT_LOCATION_FIELDS: ReadonlySet<string> = new Set([
  "location_id",
  "location_uuid",
  "location_uuids",
  "location_ids",
]);
