import { COUNTRIES, CURRENCY_BY_COUNTRY } from "@estaciona/contracts";
import { formatMinorUnits, parseMinorUnits } from "@estaciona/contracts/money";
import { LOCATION_INVOICING, type OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { consoleLists, createLocation, type LocationBody, locationQuery, updateLocation } from "../api/operator.ts";
import { TariffPreview } from "../components/tariff-preview.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

const KINDS = ["lot", "meter", "venue", "valet"] as const;

/** The form holds what the operator typed: amounts as "25.00", rates as "16" (%), whole numbers as text. */
interface LocationForm {
  name: string;
  address: string;
  kind: (typeof KINDS)[number];
  lat: string;
  lng: string;
  time_zone: string;
  country: (typeof COUNTRIES)[number];
  freeflow: boolean;
  active: boolean;
  capacity: string;
  exit_window_minutes: string;
  invoice_window_days: string;
  invoicing: (typeof LOCATION_INVOICING)[number];
  invoice_discounted: boolean;
  email_domain: string;
  grace_minutes: string;
  first_period_minutes: string;
  first_period_price: string;
  increment_minutes: string;
  increment_price: string;
  daily_max: string;
  tax_rate: string;
  convenience_rate: string;
  convenience_fixed: string;
  card_rate: string;
  card_fixed: string;
}

const money = (minor: number) => formatMinorUnits(minor).replace(/,/g, "");
/** Basis points as the percentage typed: 1600 → "16.00"; read back with the same two-decimal rule as money. */
const percent = (basisPoints: number) => money(basisPoints);

const NEW_LOCATION: LocationForm = {
  name: "",
  address: "",
  kind: "lot",
  lat: "25.6866",
  lng: "-100.3161",
  time_zone: "America/Monterrey",
  country: "mx",
  freeflow: false,
  active: true,
  capacity: "",
  exit_window_minutes: "15",
  invoice_window_days: "30",
  invoicing: "automatic",
  invoice_discounted: true,
  email_domain: "",
  grace_minutes: "15",
  first_period_minutes: "60",
  first_period_price: "20.00",
  increment_minutes: "30",
  increment_price: "10.00",
  daily_max: "",
  tax_rate: "16.00",
  convenience_rate: "0.00",
  convenience_fixed: "5.00",
  card_rate: "2.90",
  card_fixed: "0.00",
};

function formOf(location: OperatorLocation): LocationForm {
  return {
    name: location.name,
    address: location.address,
    kind: location.kind,
    lat: String(location.coordinates.lat),
    lng: String(location.coordinates.lng),
    time_zone: location.time_zone,
    country: location.country,
    freeflow: location.freeflow,
    active: location.active,
    capacity: location.capacity === null ? "" : String(location.capacity),
    exit_window_minutes: String(location.exit_window_minutes),
    invoice_window_days: String(location.invoice_window_days),
    invoicing: location.invoicing,
    invoice_discounted: location.invoice_discounted,
    email_domain: location.email_domain ?? "",
    grace_minutes: String(location.tariff.grace_minutes),
    first_period_minutes: String(location.tariff.first_period_minutes),
    first_period_price: money(location.tariff.first_period_price),
    increment_minutes: String(location.tariff.increment_minutes),
    increment_price: money(location.tariff.increment_price),
    daily_max: location.tariff.daily_max === null ? "" : money(location.tariff.daily_max),
    tax_rate: percent(location.rates.tax_rate_bp),
    convenience_rate: percent(location.rates.convenience_rate_bp),
    convenience_fixed: money(location.rates.convenience_fixed),
    card_rate: percent(location.rates.card_rate_bp),
    card_fixed: money(location.rates.card_fixed),
  };
}

const wholeNumber = (text: string): number | null => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);
const coordinate = (text: string): number | null => {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
};

type FieldName = keyof LocationForm;

/** The fields the price preview reads: it shows as soon as these are right, whatever else is missing. */
const PRICED_FIELDS: readonly FieldName[] = [
  "grace_minutes",
  "first_period_minutes",
  "first_period_price",
  "increment_minutes",
  "increment_price",
  "daily_max",
  "tax_rate",
  "convenience_rate",
  "convenience_fixed",
  "card_rate",
  "card_fixed",
];

/**
 * The body the API takes (null while a field is wrong), the body as read so far (for the price
 * preview), and the fields that do not read as what they should be.
 */
function bodyOf(form: LocationForm): { body: LocationBody | null; draft: LocationBody; invalid: Set<FieldName> } {
  const invalid = new Set<FieldName>();
  const read = <T,>(name: FieldName, value: T | null): T => {
    if (value === null) invalid.add(name);
    return value as T;
  };
  const optional = <T,>(name: FieldName, parse: (text: string) => T | null): T | null =>
    (form[name] as string).trim() === "" ? null : read(name, parse(form[name] as string));
  if (!form.name.trim()) invalid.add("name");
  if (!form.address.trim()) invalid.add("address");
  const body: LocationBody = {
    name: form.name,
    address: form.address,
    kind: form.kind,
    lat: read("lat", coordinate(form.lat)),
    lng: read("lng", coordinate(form.lng)),
    time_zone: form.time_zone,
    country: form.country,
    freeflow: form.freeflow,
    active: form.active,
    capacity: optional("capacity", wholeNumber),
    exit_window_minutes: read("exit_window_minutes", wholeNumber(form.exit_window_minutes)),
    invoice_window_days: read("invoice_window_days", wholeNumber(form.invoice_window_days)),
    invoicing: form.invoicing,
    invoice_discounted: form.invoice_discounted,
    email_domain: form.email_domain.trim() || null,
    tariff: {
      grace_minutes: read("grace_minutes", wholeNumber(form.grace_minutes)),
      first_period_minutes: read("first_period_minutes", wholeNumber(form.first_period_minutes)),
      first_period_price: read("first_period_price", parseMinorUnits(form.first_period_price)),
      increment_minutes: read("increment_minutes", wholeNumber(form.increment_minutes)),
      increment_price: read("increment_price", parseMinorUnits(form.increment_price)),
      daily_max: optional("daily_max", parseMinorUnits),
    },
    rates: {
      tax_rate_bp: read("tax_rate", parseMinorUnits(form.tax_rate)),
      convenience_rate_bp: read("convenience_rate", parseMinorUnits(form.convenience_rate)),
      convenience_fixed: read("convenience_fixed", parseMinorUnits(form.convenience_fixed)),
      card_rate_bp: read("card_rate", parseMinorUnits(form.card_rate)),
      card_fixed: read("card_fixed", parseMinorUnits(form.card_fixed)),
    },
  };
  if (body.tariff.first_period_minutes === 0) invalid.add("first_period_minutes");
  return { body: invalid.size === 0 ? body : null, draft: body, invalid };
}

/** /operador/ubicaciones/nueva and /operador/ubicaciones/{uuid}: a location, its tariff and its rules. */
export default function LocationEditScreen() {
  const { uuid } = useParams();
  const { t } = useConsoleFormat();
  const existing = useQuery({ ...locationQuery(uuid ?? ""), enabled: uuid !== undefined });
  const title = uuid ? t("locations.edit_title") : t("locations.new_title");
  return (
    <Page title={existing.data ? existing.data.name : title}>
      {uuid && !existing.data ? (
        <LoadingSection />
      ) : (
        <LocationEditor key={existing.data?.uuid ?? "new"} location={existing.data} />
      )}
    </Page>
  );
}

function LocationEditor({ location }: { location: OperatorLocation | undefined }) {
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
