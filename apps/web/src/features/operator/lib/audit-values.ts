import type { Currency } from "@estaciona/contracts";

/** How the audit log writes one value; the screen passes the console's formatters in. */
export interface AuditFormat {
  label: (key: string) => string;
  /** A stored code (a status, a kind, a country) in words. */
  word: (key: string, value: string) => string;
  when: (iso: string) => string;
  money: (minor: number, currency: Currency) => string;
  percent: (basisPoints: number) => string;
  location: (uuid: string) => string;
  yesNo: (value: boolean) => string;
}

export interface AuditValue {
  key: string;
  label: string;
  value: string;
}

/** Row ids, the clock the log already shows, secrets' hashes: nothing a person reads in a change. */
const UNREAD = new Set(["id", "organisation_id", "key_hash", "created_at", "updated_at", "currency"]);
/** Amounts in minor units, written as money when the record names its currency. */
const MONEY = new Set([
  "refunded",
  "amount",
  "price",
  "rate_per_hour",
  "first_period_price",
  "increment_price",
  "daily_max",
  "convenience_fixed",
  "card_fixed",
]);
/** Stored 0/1 switches. */
const SWITCHES = new Set(["active", "is_freeflow", "invoice_discounted"]);
const LOCATION_KEYS = new Set(["location_id", "location_uuid", "location_uuids"]);
/** Fields that hold a code from a fixed list. */
const CODES = new Set(["status", "role", "kind", "country", "direction", "invoicing"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A before or after record of the audit log as a person reads it: each field by its name in the
 * reader's language, money as money, rates as percentages, instants on their clock, locations by
 * name; ids, which say nothing to a person, are left out (the record is still whole in the API).
 */
export function auditValues(record: Record<string, unknown> | null, format: AuditFormat): AuditValue[] {
  if (!record) return [];
  const currency = typeof record.currency === "string" ? (record.currency as Currency) : null;
  const write = (key: string, value: unknown): string | null => {
    if (value === null || value === undefined) return "—";
    if (LOCATION_KEYS.has(key)) return ([] as unknown[]).concat(value).map(String).map(format.location).join(", ");
    if (typeof value === "string" && UUID.test(value)) return null;
    if (typeof value === "number" && MONEY.has(key) && currency) return format.money(value, currency);
    if (typeof value === "number" && key.endsWith("_bp")) return `${format.percent(value)} %`;
    if (SWITCHES.has(key) || typeof value === "boolean") return format.yesNo(Boolean(value));
    if (typeof value === "string" && INSTANT.test(value)) return format.when(value);
    if (CODES.has(key) && typeof value === "string") return format.word(key, value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  };
  return Object.entries(record).flatMap(([key, value]) => {
    if (UNREAD.has(key)) return [];
    const written = write(key, value);
    return written === null
      ? []
      : [{ key, label: format.label(LOCATION_KEYS.has(key) ? "location" : key), value: written }];
  });
}
