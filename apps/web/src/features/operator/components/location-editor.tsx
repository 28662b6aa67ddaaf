import { COUNTRIES, CURRENCY_BY_COUNTRY } from "@estaciona/contracts";
import { LOCATION_INVOICING, type OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { consoleLists, createLocation, type LocationBody, updateLocation } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import {
  formOf,
  KINDS,
  type LocationForm,
  locationFormSchema,
  NEW_LOCATION,
  pricingSchema,
} from "../lib/location-form.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";
import { TariffPreview } from "./tariff-preview.tsx";

/** A location's kind, tariff and rules, with the tariff preview as soon as the priced fields read; saving goes back to the locations. */
export function LocationEditor({ location }: { location: OperatorLocation | undefined }) {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(locationFormSchema, location ? formOf(location) : NEW_LOCATION);
  const save = useConsoleMutation({
    mutationFn: (valid: LocationBody) => (location ? updateLocation(location.uuid, valid) : createLocation(valid)),
    invalidates: [consoleLists.locations, consoleLists.location],
    success: (saved) => t("locations.saved", { name: saved.name }),
    navigateTo: pathTo("operatorLocations"),
  });
  const decimal = { inputMode: "decimal" } as const;
  const numeric = { inputMode: "numeric" } as const;

  return (
    <ConsoleForm
      form={form}
      mutation={save}
      submitLabel={t("locations.save")}
      invalidMessage={t("locations.invalid")}
      actions={
        <Link className="button button-secondary" to={pathTo("operatorLocations")}>
          {t("cancel")}
        </Link>
      }
    >
      <Field<LocationForm> name="name" label={t("locations.name")} />
      <Field<LocationForm> name="address" label={t("locations.address")} />
      <Field<LocationForm> name="kind" label={t("locations.kind")}>
        {(control) => (
          <select {...control} className="input select">
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field<LocationForm> name="country" label={t("locations.country")}>
        {(control) => (
          <select {...control} className="input select">
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`country.${country}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field<LocationForm> name="time_zone" label={t("locations.time_zone")} />
      <Field<LocationForm> name="lat" label={t("locations.lat")} input={decimal} />
      <Field<LocationForm> name="lng" label={t("locations.lng")} input={decimal} />
      <Field<LocationForm>
        name="capacity"
        label={t("locations.capacity")}
        hint={t("locations.optional")}
        input={numeric}
      />
      <Field<LocationForm> name="exit_window_minutes" label={t("locations.exit_window_minutes")} input={numeric} />
      <Field<LocationForm> name="invoice_window_days" label={t("locations.invoice_window_days")} input={numeric} />
      <Field<LocationForm> name="invoicing" label={t("locations.invoicing")}>
        {(control) => (
          <select {...control} className="input select">
            {LOCATION_INVOICING.map((option) => (
              <option key={option} value={option}>
                {t(`locations.invoicing_${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field<LocationForm>
        name="email_domain"
        label={t("locations.email_domain")}
        hint={t("locations.email_domain_hint")}
      />
      <div className="console-wide console-row-actions">
        <Checkbox name="active" label={t("locations.active_label")} />
        <Checkbox name="freeflow" label={t("locations.freeflow_label")} />
        <Checkbox name="invoice_discounted" label={t("locations.invoice_discounted_label")} />
      </div>

      <fieldset>
        <legend>{t("locations.tariff")}</legend>
        <Field<LocationForm> name="grace_minutes" label={t("locations.grace_minutes")} input={numeric} />
        <Field<LocationForm> name="first_period_minutes" label={t("locations.first_period_minutes")} input={numeric} />
        <Field<LocationForm>
          name="first_period_price"
          label={t("locations.first_period_price_label")}
          input={decimal}
        />
        <Field<LocationForm> name="increment_minutes" label={t("locations.increment_minutes")} input={numeric} />
        <Field<LocationForm> name="increment_price" label={t("locations.increment_price")} input={decimal} />
        <Field<LocationForm>
          name="daily_max"
          label={t("locations.daily_max")}
          hint={t("locations.optional")}
          input={decimal}
        />
      </fieldset>
      <fieldset>
        <legend>{t("locations.rates")}</legend>
        <Field<LocationForm> name="tax_rate" label={t("locations.tax_rate")} input={decimal} />
        <Field<LocationForm> name="convenience_fixed" label={t("locations.convenience_fixed")} input={decimal} />
        <Field<LocationForm> name="convenience_rate" label={t("locations.convenience_rate")} input={decimal} />
        <Field<LocationForm> name="card_rate" label={t("locations.card_rate")} input={decimal} />
        <Field<LocationForm> name="card_fixed" label={t("locations.card_fixed")} input={decimal} />
      </fieldset>

      <LocationPricePreview />

      {location && (
        <p className="console-wide console-row-actions">
          <Link to={pathTo("location", { uuid: location.uuid })}>{t("locations.qr_landing")}</Link>
          <Link to={pathTo("operatorLocationQr", { uuid: location.uuid })}>{t("locations.qr_print")}</Link>
        </p>
      )}
    </ConsoleForm>
  );
}

function Checkbox({ name, label }: { name: "freeflow" | "active" | "invoice_discounted"; label: string }) {
  const { register } = useFormContext<LocationForm>();
  return (
    <label className="console-checkbox">
      <input type="checkbox" {...register(name)} />
      {label}
    </label>
  );
}

/** What a stay costs under the tariff as typed, as soon as the priced fields read. */
function LocationPricePreview() {
  const { t } = useConsoleFormat();
  const values = useWatch<LocationForm>();
  const pricing = pricingSchema.safeParse(values);
  if (!pricing.success)
    return <p className="notice notice-warning console-wide">{t("locations.preview_unavailable")}</p>;
  return (
    <TariffPreview
      tariff={pricing.data.tariff}
      rates={pricing.data.rates}
      currency={CURRENCY_BY_COUNTRY[values.country ?? "mx"]}
    />
  );
}
