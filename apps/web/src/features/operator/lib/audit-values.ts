import type { Currency } from "@estaciona/contracts";
import { AUDIT_LOCATION_FIELDS, AUDIT_SWITCH_FIELDS, AUDIT_UNREAD_FIELDS } from "@estaciona/contracts/audit";

/** How the audit log writes one value; the screen passes the console's formatters in. */
export interface AuditFormat {
  label: (key: string) => string;
  /** A stored code (a status, a kind, a country, a feature) in words. */
  word: (key: string, value: string) => string;
  /** An instant, on the clock of the location the entry is about. */
  when: (iso: string) => string;
  /** A calendar day ("2026-12-01"). */
  day: (isoDate: string) => string;
  money: (minor: number, currency: Currency) => string;
  percent: (basisPoints: number) => string;
  location: (uuid: string) => string;
  yesNo: (value: boolean) => string;
  /** A value a person reads as a whole, not field by field: a map area, a week's hours, a host's questions. */
  summary: (key: string, value: unknown) => string;
}

export interface AuditValue {
  key: string;
  label: string;
  value: string;
}

/** Amounts in minor units, written as money in the record's currency, else its location's. */
const MONEY = new Set([
  "refunded",
  "amount",
  "price",
  "cost",
  "rate_per_hour",
  "first_period_price",
  "increment_price",
  "daily_max",
  "convenience_fixed",
  "card_fixed",
  "suggested_amount",
  "min_amount",
  "max_amount",
]);
/** A promo code's or a plan's discount: a percentage or an amount, as its kind says. */
const DISCOUNT_VALUES: Record<string, string> = { value: "kind", discount_value: "discount_kind" };
/** Fields that hold a code from a fixed list (a list of them: a host's features). */
const CODES = new Set([
  "status",
  "role",
  "kind",
  "country",
  "direction",
  "invoicing",
  "interval_unit",
  "discount_kind",
  "theme",
  "domain",
  "features",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Text the API stored as JSON (a host's location list, features or questions), read back. */
function parsed(value: unknown): unknown {
  if (typeof value !== "string" || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * A before or after record of the audit log as a person reads it: each field by its name in the
 * reader's language, money as money (in the location's currency when the record names none),
 * rates and discounts as percentages, instants on the location's clock, days as days, switches
 * as yes or no, codes as words, locations by name; ids, which say nothing to a person, are left
 * out (the record is still whole in the API).
 */
export function auditValues(
  record: Record<string, unknown> | null,
  format: AuditFormat,
  context: { currency?: Currency | null; other?: Record<string, unknown> | null } = {},
): AuditValue[] {
  if (!record) return [];
  const currency = typeof record.currency === "string" ? (record.currency as Currency) : (context.currency ?? null);
  const kindOf = (key: string) => record[key] ?? context.other?.[key];
  const write = (key: string, raw: unknown): string | null => {
    const value = parsed(raw);
    if (value === null || value === undefined) return "—";
    if (AUDIT_LOCATION_FIELDS.has(key))
      return ([] as unknown[]).concat(value).map(String).map(format.location).join(", ");
    if (typeof value === "string" && UUID.test(value)) return null;
    if (key in DISCOUNT_VALUES && typeof value === "number") {
      const kind = kindOf(DISCOUNT_VALUES[key] as string);
      if (kind === "percent") return `${value} %`;
      if (kind === "amount" && currency) return format.money(value, currency);
    }
    if (typeof value === "number" && MONEY.has(key) && currency) return format.money(value, currency);
    if (typeof value === "number" && key.endsWith("_bp")) return `${format.percent(value)} %`;
    if (AUDIT_SWITCH_FIELDS.has(key) || typeof value === "boolean") return format.yesNo(Boolean(value));
    if (typeof value === "string" && INSTANT.test(value)) return format.when(value);
    if (typeof value === "string" && DAY.test(value)) return format.day(value);
    if (CODES.has(key) && Array.isArray(value)) return value.map((item) => format.word(key, String(item))).join(", ");
    if (CODES.has(key) && typeof value === "string") return format.word(key, value);
    if (typeof value === "object") return format.summary(key, value);
    return String(value);
  };
  return Object.entries(record).flatMap(([key, value]) => {
    if (AUDIT_UNREAD_FIELDS.has(key)) return [];
    const written = write(key, value);
    return written === null
      ? []
      : [{ key, label: format.label(AUDIT_LOCATION_FIELDS.has(key) ? "location" : key), value: written }];
  });
}
