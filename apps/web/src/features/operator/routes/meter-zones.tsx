import type { AdminMeterZone } from "@estaciona/contracts/schemas/meters";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { operatorZonesQuery } from "../api/venues.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { TableScroller } from "../components/table-scroller.tsx";
import { useConsoleFormat } from "../lib/format.ts";
import { weekSummary } from "../lib/meter-hours.ts";

/** /operador/parquimetros: the organisation's meter zones, found by the code on their sign. */
export default function MeterZonesScreen() {
  const { t } = useConsoleFormat();
  const [q, setQ] = useState("");
  const zones = useInfiniteQuery(operatorZonesQuery(q));
  const rows = zones.data?.pages.flatMap((page) => page.items) ?? [];
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(
      String(new FormData(event.currentTarget).get("q") ?? "")
        .trim()
        .toUpperCase(),
    );
  };
  return (
    <Page
      title={t("meter_zones.title")}
      actions={
        <Link className="button button-primary" to={pathTo("operatorNewMeterZone")}>
          {t("meter_zones.new")}
        </Link>
      }
    >
      <form className="card console-search" onSubmit={search} aria-label={t("meter_zones.search")}>
        <FormField label={t("meter_zones.search_label")} hint={t("meter_zones.search_hint")}>
          {(control) => (
            <input
              {...control}
              className="input"
              name="q"
              autoCapitalize="characters"
              maxLength={12}
              pattern="[A-Za-z0-9\-]*"
            />
          )}
        </FormField>
        <button type="submit" className="button button-primary">
          {t("meter_zones.search")}
        </button>
      </form>
      <ConsoleList
        list={zones}
        count={rows.length}
        empty={q ? t("meter_zones.none", { q }) : t("meter_zones.none_yet")}
      >
        <TableScroller label={t("meter_zones.title")}>
          <table className="console-table console-table-stacked" data-testid="meter-zones">
            <thead>
              <tr>
                <th scope="col">{t("meter_zones.code")}</th>
                <th scope="col">{t("meter_zones.zone")}</th>
                <th scope="col" className="amount">
                  {t("meter_zones.rate")}
                </th>
                <th scope="col">{t("meter_zones.stay")}</th>
                <th scope="col">{t("meter_zones.hours")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((zone) => (
                <ZoneRow key={zone.uuid} zone={zone} />
              ))}
            </tbody>
          </table>
        </TableScroller>
      </ConsoleList>
    </Page>
  );
}

function ZoneRow({ zone }: { zone: AdminMeterZone }) {
  const { t, money, duration, clock } = useConsoleFormat();
  return (
    <tr data-code={zone.zone_code}>
      <th scope="row">
        <Link to={pathTo("operatorMeterZone", { uuid: zone.uuid })}>{zone.zone_code}</Link>
      </th>
      <td className="console-cell-wide" data-label={t("meter_zones.zone")}>
        {zone.name}
        <br />
        <span className="muted">{zone.address}</span>
      </td>
      <td className="amount" data-label={t("meter_zones.rate")}>
        {t("meter_zones.per_hour", { rate: money(zone.rate_per_hour, zone.currency) })}
      </td>
      <td data-label={t("meter_zones.stay")}>
        {t("meter_zones.stay_range", { min: duration(zone.min_minutes), max: duration(zone.max_minutes) })}
      </td>
      <td className="console-cell-wide" data-label={t("meter_zones.hours")}>
        {weekSummary(zone.hours, clock).map((group) => (
          <span key={group.from} className="console-hours-day">
            {t(`meter_zones.day_short.${group.from}`)}
            {group.to !== group.from && `–${t(`meter_zones.day_short.${group.to}`)}`}{" "}
            {group.window ?? t("meter_zones.free")}
            <br />
          </span>
        ))}
      </td>
    </tr>
  );
}
