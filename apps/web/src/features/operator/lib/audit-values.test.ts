import { describe, expect, it } from "vitest";
import { type AuditFormat, auditValues } from "./audit-values.ts";

const format: AuditFormat = {
  label: (key) => `[${key}]`,
  word: (key, value) => `<${key}:${value}>`,
  when: (iso) => `at ${iso.slice(0, 10)}`,
  money: (minor, currency) => `${(minor / 100).toFixed(2)} ${currency}`,
  percent: (basisPoints) => String(basisPoints / 100),
  location: (uuid) => (uuid === "7d1e5a10-0000-4000-8000-000000000101" ? "Fundidora" : "?"),
  yesNo: (value) => (value ? "yes" : "no"),
  day: (isoDate) => `day ${isoDate}`,
  summary: (key) => `(${key})`,
};
const written = (record: Record<string, unknown> | null) =>
  auditValues(record, format).map(({ label, value }) => `${label} ${value}`);

describe("The audit log's values", () => {
  it("writes a refund's amounts as money in its currency, without the refund's id", () => {
    expect(
      written({
        refunded: 1000,
        currency: "mxn",
        refund_uuid: "af45ca75-f6b6-41a9-ad75-49221b536f5c",
        reason: "Cobro de más",
      }),
    ).toEqual(["[refunded] 10.00 mxn", "[reason] Cobro de más"]);
  });

  it("names locations, writes instants, rates, switches and statuses, and leaves row ids out", () => {
    expect(
      written({
        id: "d881fe2f-0025-4607-9b87-9083b43bafc3",
        location_id: "7d1e5a10-0000-4000-8000-000000000101",
        revoked_at: "2026-11-27T13:31:18.616Z",
        tax_rate_bp: 1600,
        is_freeflow: 0,
        status: "suspended",
        capacity: null,
        created_at: "2026-11-27T13:31:15.791Z",
      }),
    ).toEqual([
      "[location] Fundidora",
      "[revoked_at] at 2026-11-27",
      "[tax_rate_bp] 16 %",
      "[is_freeflow] no",
      "[status] <status:suspended>",
      "[capacity] —",
    ]);
    expect(written({ location_uuids: ["7d1e5a10-0000-4000-8000-000000000101"] })).toEqual(["[location] Fundidora"]);
    expect(written(null)).toEqual([]);
  });

  it("writes amounts in the location's currency when the change names none, and discounts by their kind", () => {
    const inMxn = (record: Record<string, unknown>, other: Record<string, unknown> | null = null) =>
      auditValues(record, format, { currency: "mxn", other }).map(({ label, value }) => `${label} ${value}`);
    expect(inMxn({ suggested_amount: 10000, max_amount: 25000 })).toEqual([
      "[suggested_amount] 100.00 mxn",
      "[max_amount] 250.00 mxn",
    ]);
    expect(inMxn({ kind: "percent", value: 50 })).toEqual(["[kind] <kind:percent>", "[value] 50 %"]);
    // An update's diff may hold the value alone: the kind comes from the other side of the change.
    expect(inMxn({ value: 2000 }, { kind: "amount" })).toEqual(["[value] 20.00 mxn"]);
  });

  it("writes days, 0/1 switches, coded lists and stored JSON as a person reads them, never raw", () => {
    expect(
      written({
        starts_on: "2026-12-01",
        requires_student_id: 1,
        amount_editable: 0,
        status: "scheduled",
        features: '["visits","events"]',
        location_ids: '["7d1e5a10-0000-4000-8000-000000000101"]',
        hours: [null, { open: 480, close: 1200 }],
      }),
    ).toEqual([
      "[starts_on] day 2026-12-01",
      "[requires_student_id] yes",
      "[amount_editable] no",
      "[status] <status:scheduled>",
      "[features] <features:visits>, <features:events>",
      "[location] Fundidora",
      "[hours] (hours)",
    ]);
  });
});
