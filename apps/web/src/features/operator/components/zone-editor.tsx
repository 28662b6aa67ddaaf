import type { Currency, FeeRates } from "@estaciona/contracts";
import type { MeterRules } from "@estaciona/contracts/meters";
import type { AdminMeterZone } from "@estaciona/contracts/schemas/meters";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { createZone, updateZone, venueLists } from "../api/venues.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { blockAround, formOf, newZoneForm, type ZoneForm, zoneFormSchema } from "../lib/zone-form.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";
import { MeterHoursFields } from "./meter-hours-fields.tsx";
import { MeterPricePreview } from "./meter-price-preview.tsx";

/** A zone's sign code, area, rate, stays and hours, with the price a driver would pay; saving goes back to the zones. */
export function ZoneEditor({ zone, locations }: { zone: AdminMeterZone | undefined; locations: OperatorLocation[] }) {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(zoneFormSchema, zone ? formOf(zone) : newZoneForm(locations[0]));
  const values = useWatch({ control: form.control });
  const location = locations.find((option) => option.uuid === values.location);
  const point = zone?.coordinates ?? location?.coordinates;
  const timeZone = zone?.time_zone ?? location?.time_zone ?? "America/Monterrey";
  const currency: Currency = zone?.currency ?? location?.currency ?? "mxn";
  const rates: FeeRates | null = zone
    ? feeRatesFromBody(zone.rates)
    : location
      ? feeRatesFromBody(location.rates)
      : null;
  const save = useConsoleMutation({
    mutationFn: ({ location: locationUuid, ...body }: ReturnType<typeof zoneFormSchema.parse>) =>
      zone ? updateZone(zone.uuid, body) : createZone({ ...body, location_uuid: locationUuid }),
    invalidates: [venueLists.zones, venueLists.zone],
    success: (saved) => t("meter_zones.saved", { code: saved.zone_code }),
    navigateTo: pathTo("operatorMeterZones"),
  });
  // A new corner list is checked at once once the form has been sent, as a typed one is.
  const setArea = (area: string) => form.setValue("area", area, { shouldValidate: form.formState.isSubmitted });
  const typed = zoneFormSchema.safeParse(values);
  const rules: MeterRules | null = typed.success
    ? {
        ratePerHour: typed.data.rate_per_hour,
        minMinutes: typed.data.min_minutes,
        maxMinutes: typed.data.max_minutes,
        hours: typed.data.hours,
        timeZone,
      }
    : null;

  return (
    <ConsoleForm
      form={form}
      mutation={save}
      submitLabel={t("meter_zones.save")}
      invalidMessage={t("meter_zones.invalid")}
      actions={
        <Link className="button button-secondary" to={pathTo("operatorMeterZones")}>
          {t("cancel")}
        </Link>
      }
    >
      <Field<ZoneForm> name="location" label={t("meter_zones.location")}>
        {({ onChange, ...control }) => (
          <select
            {...control}
            className="input select"
            disabled={Boolean(zone)}
            onChange={(event) => {
              const next = locations.find((option) => option.uuid === event.target.value);
              if (next) setArea(blockAround(next.coordinates));
              return onChange(event);
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
      </Field>
      <Field<ZoneForm>
        name="zone_code"
        label={t("meter_zones.zone_code")}
        hint={t("meter_zones.zone_code_hint")}
        input={{ autoCapitalize: "characters" }}
      />
      <Field<ZoneForm> name="device_id" label={t("meter_zones.device_id")} />
      <Field<ZoneForm>
        name="rate_per_hour"
        label={t("meter_zones.rate_per_hour", { currency: currency.toUpperCase() })}
        input={{ inputMode: "decimal" }}
      />
      <Field<ZoneForm> name="min_minutes" label={t("meter_zones.min_minutes")} input={{ inputMode: "numeric" }} />
      <Field<ZoneForm> name="max_minutes" label={t("meter_zones.max_minutes")} input={{ inputMode: "numeric" }} />
      <fieldset>
        <legend>{t("meter_zones.area")}</legend>
        {point && (
          <p className="muted console-wide">{t("meter_zones.point", { latitude: point.lat, longitude: point.lng })}</p>
        )}
        <div className="console-wide">
          <Field<ZoneForm> name="area" label={t("meter_zones.area")} hint={t("meter_zones.area_hint")}>
            {(control) => <textarea {...control} className="input console-area" rows={5} />}
          </Field>
        </div>
        {point && (
          <button
            type="button"
            className="button button-secondary console-wide"
            onClick={() => setArea(blockAround(point))}
          >
            {t("meter_zones.area_block")}
          </button>
        )}
      </fieldset>
      <MeterHoursFields timeZone={timeZone} />
      {rules && rates ? (
        <MeterPricePreview rules={rules} rates={rates} currency={currency} />
      ) : (
        <p className="notice notice-warning console-wide">{t("meter_zones.preview_unavailable")}</p>
      )}
    </ConsoleForm>
  );
}
