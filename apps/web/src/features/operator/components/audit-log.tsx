import type { AuditEntry } from "@estaciona/contracts/schemas/operator";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { auditQuery, locationsQuery } from "../api/operator.ts";
import { type AuditFormat, type AuditValue, auditValues } from "../lib/audit-values.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { weekSummary } from "../lib/meter-hours.ts";
import { ConsoleList } from "./console-list.tsx";
import { TableScroller } from "./table-scroller.tsx";

/** Where the catalogue words each coded field of the audit log, first match wins. */
const AUDIT_CODE_WORDS: Record<string, string[]> = {
  status: ["audit_status."],
  role: ["audit_status."],
  cancellation_status: ["audit_status."],
  kind: ["kind.", "device_kind.", "promos.kind_"],
  country: ["country."],
  direction: ["direction."],
  invoicing: ["locations.invoicing_"],
  interval_unit: ["plans.interval_name."],
  discount_kind: ["promos.kind_"],
  theme: ["hosts.themes."],
  domain: ["audit_domain."],
  features: ["hosts.feature."],
};

/** A before or after record as labelled lines (lib/audit-values.ts). */
function AuditValues({ values }: { values: AuditValue[] }) {
  if (values.length === 0) return "—";
  return (
    <dl className="audit-values">
      {values.map(({ key, label, value }) => (
        <div key={key}>
          <dt>{label}</dt> <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The audit log of what the reader may see (the API cuts it to their locations): who changed
 * what, when on the location's clock, and each value as a person reads it, in the reader's
 * language (docs/decisions/0169).
 */
export function AuditLog() {
  const { t, dateTime, day, money, percent, clock } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const formatFor = (entry: AuditEntry): AuditFormat => ({
    label: (key) => t(`audit_field.${key}` as "audit_field.name", { defaultValue: t("audit_summary.changed") }),
    word: (key, value) =>
      t((AUDIT_CODE_WORDS[key] ?? []).map((prefix) => `${prefix}${value}`) as "audit_status.active"[], {
        defaultValue: value,
      }),
    when: (iso) => dateTime(iso, entry.location?.time_zone ?? browserZone),
    day: (isoDate) => day(isoDate, false),
    money,
    percent,
    location: (uuid) => locations.data?.find((location) => location.uuid === uuid)?.name ?? "—",
    yesNo: (value) => (value ? t("audit_yes") : t("audit_no")),
    summary: (key, value) => {
      if (key === "area" && Array.isArray(value)) return t("audit_summary.area", { count: value.length - 1 });
      if (key === "hours" && Array.isArray(value))
        return weekSummary(value, clock)
          .map(
            (group) =>
              `${t(`meter_zones.day_short.${group.from}`)}${group.to === group.from ? "" : `–${t(`meter_zones.day_short.${group.to}`)}`} ${group.window ?? t("meter_zones.free")}`,
          )
          .join("; ");
      if (key === "faq" && value && typeof value === "object" && "es" in value && Array.isArray(value.es))
        return t("audit_summary.faq", { count: value.es.length });
      return t("audit_summary.changed");
    },
  });
  const audit = useInfiniteQuery(auditQuery());
  const entries: AuditEntry[] = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ConsoleList title={t("team.audit")} list={audit} count={entries.length} empty={t("team.audit_none")}>
      <TableScroller label={t("team.audit")}>
        <table className="console-table console-table-stacked" data-testid="audit-log">
          <thead>
            <tr>
              <th scope="col">{t("payments.when")}</th>
              <th scope="col">{t("team.who")}</th>
              <th scope="col">{t("team.what")}</th>
              <th scope="col">{t("team.before")}</th>
              <th scope="col">{t("team.after")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const format = formatFor(entry);
              const currency = entry.location?.currency ?? null;
              return (
                <tr key={entry.uuid}>
                  <td data-label={t("payments.when")}>{format.when(entry.created_at)}</td>
                  <td data-label={t("team.who")}>{entry.actor.name}</td>
                  <td data-label={t("team.what")} className="console-cell-wide">
                    {t(`audit_action.${entry.action}` as "audit_action.location.create", {
                      defaultValue: t("audit_summary.changed"),
                    })}
                    {entry.location && <span className="muted"> · {entry.location.name}</span>}
                  </td>
                  <td data-label={t("team.before")}>
                    <AuditValues values={auditValues(entry.before, format, { currency, other: entry.after })} />
                  </td>
                  <td data-label={t("team.after")}>
                    <AuditValues values={auditValues(entry.after, format, { currency, other: entry.before })} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
    </ConsoleList>
  );
}
