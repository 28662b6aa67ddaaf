import type { Currency, FeeRates } from "@estaciona/contracts";
import type { MeterRules } from "@estaciona/contracts/meters";
import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import type { AdminMeterZone } from "@estaciona/contracts/schemas/meters";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { locationsQuery } from "../api/operator.ts";
import { createZone, operatorZoneQuery, updateZone, venueLists, type ZoneBody } from "../api/venues.ts";
import { MeterPricePreview } from "../components/meter-price-preview.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { type DayHours, dayHoursOf, windowOf } from "../lib/meter-hours.ts";

/** Monday first, as a week is read; the data is Sunday first. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

interface ZoneForm {
  location: string;
  zone_code: string;
  device_id: string;
  rate_per_hour: string;
  min_minutes: string;
  max_minutes: string;
  /** One corner a line: "25.6693, -100.3099". */
  area: string;
  /** Sunday first, as the API. */
  hours: DayHours[];
}
type FieldName = Exclude<keyof ZoneForm, "hours">;

const decimal = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A block about 90 by 100 metres around a point, as the area's corners. */
const blockAround = (point: { lat: number; lng: number }) =>
  [
    [point.lat - 0.0004, point.lng - 0.0005],
    [point.lat - 0.0004, point.lng + 0.0005],
    [point.lat + 0.0004, point.lng + 0.0005],
    [point.lat + 0.0004, point.lng - 0.0005],
  ]
    .map(([lat, lng]) => `${round6(lat ?? 0)}, ${round6(lng ?? 0)}`)
    .join("\n");

const areaText = (area: AdminMeterZone["area"]) =>
  area
    .slice(0, -1)
    .map(([lng, lat]) => `${lat}, ${lng}`)
    .join("\n");

/** The corners typed, as a closed GeoJSON ring ([lng, lat], the first repeated last), or null. */
function ringOf(text: string): [number, number][] | null {
  const corners: [number, number][] = [];
  for (const line of text.split("\n").map((row) => row.trim())) {
    if (!line) continue;
    const [lat, lng, extra] = line.split(/[,;\s]+/).map(Number);
    if (extra !== undefined || lat === undefined || lng === undefined) return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    corners.push([lng, lat]);
  }
  const first = corners[0];
  const last = corners[corners.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) corners.push(first);
  return corners.length >= 4 && corners.length <= 200 ? corners : null;
}

const NEW_HOURS: DayHours[] = WEEK.map(() => ({ charged: true, open: "08:00", close: "20:00" }));
NEW_HOURS[0] = { charged: false, open: "08:00", close: "20:00" };

function newZoneForm(location: OperatorLocation | undefined): ZoneForm {
  return {
    location: location?.uuid ?? "",
    zone_code: "",
    device_id: "",
    rate_per_hour: "12.00",
    min_minutes: "15",
    max_minutes: "120",
    area: location ? blockAround(location.coordinates) : "",
    hours: NEW_HOURS.map((day) => ({ ...day })),
  };
}

function formOf(zone: AdminMeterZone): ZoneForm {
  return {
    location: zone.uuid,
    zone_code: zone.zone_code,
    device_id: zone.device_id,
    rate_per_hour: decimal(zone.rate_per_hour),
    min_minutes: String(zone.min_minutes),
    max_minutes: String(zone.max_minutes),
    area: areaText(zone.area),
    hours: zone.hours.map(dayHoursOf),
  };
}

const minutesOf = (text: string): number | null => {
  const value = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null;
  return value !== null && value >= 1 && value <= 1440 ? value : null;
};

/** The body the API takes, or what does not read as it should. */
function bodyOf(form: ZoneForm): { body: ZoneBody | null; invalid: Set<FieldName | `hours.${number}`> } {
  const invalid = new Set<FieldName | `hours.${number}`>();
  const read = <T,>(name: FieldName, value: T | null): T => {
    if (value === null) invalid.add(name);
    return value as T;
  };
  if (!/^[A-Za-z0-9-]{1,12}$/.test(form.zone_code.trim())) invalid.add("zone_code");
  if (!form.device_id.trim()) invalid.add("device_id");
  const hours = form.hours.map((day, index) => {
    const window = windowOf(day);
    if (window === undefined) invalid.add(`hours.${index}`);
    return window ?? null;
  });
  const body: ZoneBody = {
    zone_code: form.zone_code.trim().toUpperCase(),
    device_id: form.device_id.trim(),
    area: read("area", ringOf(form.area)),
    rate_per_hour: read("rate_per_hour", parseMinorUnits(form.rate_per_hour)),
    min_minutes: read("min_minutes", minutesOf(form.min_minutes)),
    max_minutes: read("max_minutes", minutesOf(form.max_minutes)),
    hours,
  };
  if (!invalid.has("min_minutes") && !invalid.has("max_minutes") && body.max_minutes < body.min_minutes)
    invalid.add("max_minutes");
  return { body: invalid.size === 0 ? body : null, invalid };
}

/** /operador/parquimetros/nuevo and /operador/parquimetros/{uuid}: a zone's sign, area, rate, stays and hours. */
export default function MeterZoneEditScreen() {
  const { uuid } = useParams();
  const { t } = useConsoleFormat();
  const existing = useQuery({ ...operatorZoneQuery(uuid ?? ""), enabled: uuid !== undefined });
  const locations = useQuery({ ...locationsQuery(), enabled: uuid === undefined });
  const meterLocations = locations.data?.filter((location) => location.kind === "meter") ?? [];
  return (
    <Page
      title={
        existing.data ? t("meter_zones.edit_title", { code: existing.data.zone_code }) : t("meter_zones.new_title")
      }
    >
      {uuid ? (
        existing.data ? (
          <ZoneEditor zone={existing.data} locations={[]} />
        ) : (
          <LoadingSection />
        )
      ) : !locations.data ? (
        <LoadingSection />
      ) : meterLocations.length === 0 ? (
        <div className="card">
          <p>{t("meter_zones.no_location")}</p>
          <Link className="button button-primary" to={pathTo("operatorNewLocation")}>
            {t("meter_zones.open_location")}
          </Link>
        </div>
      ) : (
        <ZoneEditor zone={undefined} locations={meterLocations} />
      )}
    </Page>
  );
}

function ZoneEditor({ zone, locations }: { zone: AdminMeterZone | undefined; locations: OperatorLocation[] }) {
  const { t } = useConsoleFormat();
  const [form, setForm] = useState<ZoneForm>(zone ? formOf(zone) : newZoneForm(locations[0]));
  const [submitted, setSubmitted] = useState(false);
  const location = locations.find((option) => option.uuid === form.location);
  const point = zone?.coordinates ?? location?.coordinates;
  const timeZone = zone?.time_zone ?? location?.time_zone ?? "America/Monterrey";
  const currency: Currency = zone?.currency ?? location?.currency ?? "mxn";
  const rates: FeeRates | null = zone
    ? feeRatesFromBody(zone.rates)
    : location
      ? feeRatesFromBody(location.rates)
      : null;
  const { body, invalid } = bodyOf(form);
  const save = useConsoleMutation({
    mutationFn: (valid: ZoneBody) =>
      zone ? updateZone(zone.uuid, valid) : createZone({ ...valid, location_uuid: form.location }),
    invalidates: [venueLists.zones, venueLists.zone],
    success: (saved) => t("meter_zones.saved", { code: saved.zone_code }),
    navigateTo: pathTo("operatorMeterZones"),
  });

  const set = <K extends keyof ZoneForm>(name: K, value: ZoneForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));
  const setDay = (index: number, change: Partial<DayHours>) =>
    setForm((current) => ({
      ...current,
      hours: current.hours.map((day, at) => (at === index ? { ...day, ...change } : day)),
    }));
  const errorOf = (name: FieldName) => (submitted && invalid.has(name) ? t("meter_zones.invalid") : undefined);
  const text = (
    name: FieldName,
    label: string,
    options: { inputMode?: "decimal" | "numeric"; hint?: ReactNode; autoCapitalize?: string } = {},
  ) => (
    <FormField label={label} error={errorOf(name)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          inputMode={options.inputMode}
          autoCapitalize={options.autoCapitalize}
          value={form[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </FormField>
  );
  const rules: MeterRules | null = body
    ? {
        ratePerHour: body.rate_per_hour,
        minMinutes: body.min_minutes,
        maxMinutes: body.max_minutes,
        hours: body.hours,
        timeZone,
      }
    : null;

  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (body) save.mutate(body);
      }}
    >
      <FormField label={t("meter_zones.location")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            name="location"
            disabled={Boolean(zone)}
            value={form.location}
            onChange={(event) => {
              const next = locations.find((option) => option.uuid === event.target.value);
              setForm((current) => ({
                ...current,
                location: event.target.value,
                area: next ? blockAround(next.coordinates) : current.area,
              }));
            }}
          >
            {zone ? (
              <option value={zone.uuid}>{zone.name}</option>
            ) : (
              locations.map((option) => (
                <option key={option.uuid} value={option.uuid}>
                  {option.name}
                </option>
              ))
            )}
          </select>
        )}
      </FormField>
      {text("zone_code", t("meter_zones.zone_code"), {
        hint: t("meter_zones.zone_code_hint"),
        autoCapitalize: "characters",
      })}
      {text("device_id", t("meter_zones.device_id"))}
      {text("rate_per_hour", t("meter_zones.rate_per_hour", { currency: currency.toUpperCase() }), {
        inputMode: "decimal",
      })}
      {text("min_minutes", t("meter_zones.min_minutes"), { inputMode: "numeric" })}
      {text("max_minutes", t("meter_zones.max_minutes"), { inputMode: "numeric" })}
      <fieldset>
        <legend>{t("meter_zones.area")}</legend>
        {point && (
          <p className="muted console-wide">{t("meter_zones.point", { latitude: point.lat, longitude: point.lng })}</p>
        )}
        <div className="console-wide">
          <FormField label={t("meter_zones.area")} hint={t("meter_zones.area_hint")} error={errorOf("area")}>
            {(control) => (
              <textarea
                {...control}
                className="input console-area"
                name="area"
                rows={5}
                value={form.area}
                onChange={(event) => set("area", event.target.value)}
              />
            )}
          </FormField>
        </div>
        {point && (
          <button
            type="button"
            className="button button-secondary console-wide"
            onClick={() => set("area", blockAround(point))}
          >
            {t("meter_zones.area_block")}
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>{t("meter_zones.hours_legend", { zone: timeZone })}</legend>
        <div className="console-hours console-wide">
          <span aria-hidden="true" />
          <span className="muted" aria-hidden="true">
            {t("meter_zones.open_header")}
          </span>
          <span className="muted" aria-hidden="true">
            {t("meter_zones.close_header")}
          </span>
          {WEEK.map((index) => {
            const day = form.hours[index] ?? dayHoursOf(null);
            const name = t(`meter_zones.day.${index}`);
            const wrong = submitted && invalid.has(`hours.${index}`);
            return (
              <div key={index} className="console-hours-row">
                <label className="console-checkbox">
                  <input
                    type="checkbox"
                    name={`charged-${index}`}
                    checked={day.charged}
                    aria-label={t("meter_zones.charged", { day: name })}
                    onChange={(event) => setDay(index, { charged: event.target.checked })}
                  />
                  <span aria-hidden="true">{t(`meter_zones.day_short.${index}`)}</span>
                </label>
                <input
                  className="input"
                  type="time"
                  name={`opens-${index}`}
                  aria-label={t("meter_zones.opens", { day: name })}
                  aria-invalid={wrong}
                  disabled={!day.charged}
                  value={day.open}
                  onChange={(event) => setDay(index, { open: event.target.value })}
                />
                <input
                  className="input"
                  type="time"
                  name={`closes-${index}`}
                  aria-label={t("meter_zones.closes", { day: name })}
                  aria-invalid={wrong}
                  disabled={!day.charged}
                  value={day.close}
                  onChange={(event) => setDay(index, { close: event.target.value })}
                />
              </div>
            );
          })}
        </div>
        <p className="muted console-wide">{t("meter_zones.closes_hint")}</p>
        {submitted && [...invalid].some((name) => name.startsWith("hours.")) && (
          <p className="field-error console-wide" role="alert">
            {t("meter_zones.invalid")}
          </p>
        )}
      </fieldset>
      {rules && rates ? (
        <MeterPricePreview rules={rules} rates={rates} currency={currency} />
      ) : (
        <p className="notice notice-warning console-wide">{t("meter_zones.preview_unavailable")}</p>
      )}
      <div className="form-actions console-row-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t("meter_zones.save")}
        </button>
        <Link className="button button-secondary" to={pathTo("operatorMeterZones")}>
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
