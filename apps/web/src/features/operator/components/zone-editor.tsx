import type { Currency, FeeRates } from "@estaciona/contracts";
import type { MeterRules } from "@estaciona/contracts/meters";
import type { AdminMeterZone } from "@estaciona/contracts/schemas/meters";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { pathTo } from "../../../config/paths.ts";
import { createZone, updateZone, venueLists, type ZoneBody } from "../api/venues.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { type DayHours, dayHoursOf } from "../lib/meter-hours.ts";
import { blockAround, bodyOf, type FieldName, formOf, newZoneForm, WEEK, type ZoneForm } from "../lib/zone-form.ts";
import { MeterPricePreview } from "./meter-price-preview.tsx";

/** A zone's sign code, area, rate, stays and hours, with the price a driver would pay; saving goes back to the zones. */
export function ZoneEditor({ zone, locations }: { zone: AdminMeterZone | undefined; locations: OperatorLocation[] }) {
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
