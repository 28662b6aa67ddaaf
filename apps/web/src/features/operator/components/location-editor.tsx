import { COUNTRIES, CURRENCY_BY_COUNTRY } from "@estaciona/contracts";
import { LOCATION_INVOICING, type OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { pathTo } from "../../../config/paths.ts";
import { consoleLists, createLocation, type LocationBody, updateLocation } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import {
  bodyOf,
  type FieldName,
  formOf,
  KINDS,
  type LocationForm,
  NEW_LOCATION,
  PRICED_FIELDS,
} from "../lib/location-form.ts";
import { TariffPreview } from "./tariff-preview.tsx";

/** A location's kind, tariff and rules, with the tariff preview as soon as the priced fields read; saving goes back to the locations. */
export function LocationEditor({ location }: { location: OperatorLocation | undefined }) {
  const { t } = useConsoleFormat();
  const [form, setForm] = useState<LocationForm>(location ? formOf(location) : NEW_LOCATION);
  const [submitted, setSubmitted] = useState(false);
  const { body, draft, invalid } = bodyOf(form);
  const priced = PRICED_FIELDS.every((name) => !invalid.has(name));
  const save = useConsoleMutation({
    mutationFn: (valid: LocationBody) => (location ? updateLocation(location.uuid, valid) : createLocation(valid)),
    invalidates: [consoleLists.locations, consoleLists.location],
    success: (saved) => t("locations.saved", { name: saved.name }),
    navigateTo: pathTo("operatorLocations"),
  });

  const set = <K extends FieldName>(name: K, value: LocationForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));
  const errorOf = (name: FieldName) => (submitted && invalid.has(name) ? t("locations.invalid") : undefined);
  const text = (
    name: FieldName,
    label: string,
    options: { inputMode?: "decimal" | "numeric"; hint?: ReactNode } = {},
  ) => (
    <FormField label={label} error={errorOf(name)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          inputMode={options.inputMode}
          value={form[name] as string}
          onChange={(event) => set(name, event.target.value as never)}
        />
      )}
    </FormField>
  );
  const checkbox = (name: "freeflow" | "active" | "invoice_discounted", label: string) => (
    <label className="console-checkbox">
      <input type="checkbox" name={name} checked={form[name]} onChange={(event) => set(name, event.target.checked)} />
      {label}
    </label>
  );

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
      {text("name", t("locations.name"))}
      {text("address", t("locations.address"))}
      <FormField label={t("locations.kind")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            name="kind"
            value={form.kind}
            onChange={(event) => set("kind", event.target.value as LocationForm["kind"])}
          >
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("locations.country")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            name="country"
            value={form.country}
            onChange={(event) => set("country", event.target.value as LocationForm["country"])}
          >
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`country.${country}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text("time_zone", t("locations.time_zone"))}
      {text("lat", t("locations.lat"), { inputMode: "decimal" })}
      {text("lng", t("locations.lng"), { inputMode: "decimal" })}
      {text("capacity", t("locations.capacity"), {
        inputMode: "numeric",
        hint: t("locations.optional"),
      })}
      {text("exit_window_minutes", t("locations.exit_window_minutes"), { inputMode: "numeric" })}
      {text("invoice_window_days", t("locations.invoice_window_days"), { inputMode: "numeric" })}
      <FormField label={t("locations.invoicing")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            name="invoicing"
            value={form.invoicing}
            onChange={(event) => set("invoicing", event.target.value as LocationForm["invoicing"])}
          >
            {LOCATION_INVOICING.map((option) => (
              <option key={option} value={option}>
                {t(`locations.invoicing_${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text("email_domain", t("locations.email_domain"), { hint: t("locations.email_domain_hint") })}
      <div className="console-wide console-row-actions">
        {checkbox("active", t("locations.active_label"))}
        {checkbox("freeflow", t("locations.freeflow_label"))}
        {checkbox("invoice_discounted", t("locations.invoice_discounted_label"))}
      </div>

      <fieldset>
        <legend>{t("locations.tariff")}</legend>
        {text("grace_minutes", t("locations.grace_minutes"), { inputMode: "numeric" })}
        {text("first_period_minutes", t("locations.first_period_minutes"), { inputMode: "numeric" })}
        {text("first_period_price", t("locations.first_period_price_label"), { inputMode: "decimal" })}
        {text("increment_minutes", t("locations.increment_minutes"), { inputMode: "numeric" })}
        {text("increment_price", t("locations.increment_price"), { inputMode: "decimal" })}
        {text("daily_max", t("locations.daily_max"), {
          inputMode: "decimal",
          hint: t("locations.optional"),
        })}
      </fieldset>
      <fieldset>
        <legend>{t("locations.rates")}</legend>
        {text("tax_rate", t("locations.tax_rate"), { inputMode: "decimal" })}
        {text("convenience_fixed", t("locations.convenience_fixed"), { inputMode: "decimal" })}
        {text("convenience_rate", t("locations.convenience_rate"), { inputMode: "decimal" })}
        {text("card_rate", t("locations.card_rate"), { inputMode: "decimal" })}
        {text("card_fixed", t("locations.card_fixed"), { inputMode: "decimal" })}
      </fieldset>

      {priced ? (
        <TariffPreview
          tariff={{
            graceMinutes: draft.tariff.grace_minutes,
            firstPeriodMinutes: draft.tariff.first_period_minutes,
            firstPeriodPrice: draft.tariff.first_period_price,
            incrementMinutes: draft.tariff.increment_minutes,
            incrementPrice: draft.tariff.increment_price,
            dailyMax: draft.tariff.daily_max ?? null,
          }}
          rates={{
            taxRateBp: draft.rates.tax_rate_bp,
            convenienceRateBp: draft.rates.convenience_rate_bp,
            convenienceFixed: draft.rates.convenience_fixed,
            cardRateBp: draft.rates.card_rate_bp,
            cardFixed: draft.rates.card_fixed,
          }}
          currency={CURRENCY_BY_COUNTRY[form.country]}
        />
      ) : (
        <p className="notice notice-warning console-wide">{t("locations.preview_unavailable")}</p>
      )}

      {location && (
        <p className="console-wide console-row-actions">
          <Link to={pathTo("location", { uuid: location.uuid })}>{t("locations.qr_landing")}</Link>
          <Link to={pathTo("operatorLocationQr", { uuid: location.uuid })}>{t("locations.qr_print")}</Link>
        </p>
      )}
      <div className="form-actions console-row-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t("locations.save")}
        </button>
        <Link className="button button-secondary" to={pathTo("operatorLocations")}>
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
