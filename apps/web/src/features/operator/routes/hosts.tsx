import { contrastWithWhite, HOST_FEATURES, HOST_WIDTH, MIN_BUTTON_CONTRAST, THEMES } from "@estaciona/contracts";
import { type HostBody, hostBody, type OperatorHost, type Organisation } from "@estaciona/contracts/schemas/operator";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { consoleLists, hostsQuery, organisationsQuery, updateHost } from "../api/operator.ts";
import { HostTenantFields } from "../components/host-tenant-fields.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

type HostForm = z.input<typeof hostBody>;
type HostOutput = z.output<typeof hostBody>;

const formOf = (host: OperatorHost): HostForm => ({
  theme: host.theme,
  brand_name: host.brand_name,
  logo: host.logo,
  primary_color: host.primary_color,
  login_text: host.login_text,
  width: host.width,
  map: host.map,
  force_spanish: host.force_spanish,
  features: host.features.filter((feature): feature is (typeof HOST_FEATURES)[number] =>
    (HOST_FEATURES as readonly string[]).includes(feature),
  ),
  organisation_uuid: host.organisation?.uuid ?? null,
  privacy_url_en: host.privacy_url_en,
  location_uuids: host.location_uuids ?? [],
  support_email: host.support_email,
  support_phone: host.support_phone,
  faq: host.faq ?? { es: [], en: [] },
});

/** No lot ticked: every lot of the organisation; no question written: the theme's own. */
const bodyOf = (form: HostOutput): HostOutput => ({
  ...form,
  location_uuids: form.location_uuids?.length ? form.location_uuids : null,
  faq: form.faq && (form.faq.es.length > 0 || form.faq.en.length > 0) ? form.faq : null,
});

/**
 * /operador/sitios (platform role): every host and what its theme store holds. A saved change
 * shows on the next page a driver opens on that hostname (the server reads hosts on every page load).
 */
export default function HostsScreen() {
  const { t } = useConsoleFormat();
  const hosts = useQuery(hostsQuery());
  const organisations = useQuery(organisationsQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const host = hosts.data?.find((candidate) => candidate.hostname === selected);
  return (
    <Page title={t("hosts.title")}>
      <p className="muted">{t("hosts.intro")}</p>
      {!hosts.data ? (
        <LoadingSection />
      ) : (
        <ul className="console-grid card-list" aria-label={t("hosts.title")}>
          {hosts.data.map((row) => (
            <li key={row.hostname} className="card" data-testid="host">
              <strong>
                {row.hostname}
                {row.is_default && <span className="muted"> · {t("hosts.default")}</span>}
              </strong>
              <span>
                <span className="console-swatch" style={{ background: row.primary_color }} aria-hidden="true" />{" "}
                {row.brand_name} · {t(`hosts.themes.${row.theme}`)}
              </span>
              <span className="muted">{row.organisation?.name ?? t("hosts.no_organisation")}</span>
              <button
                type="button"
                className="button button-secondary"
                aria-label={t("hosts.edit_host", { hostname: row.hostname })}
                aria-pressed={row.hostname === selected}
                onClick={() => setSelected(row.hostname)}
              >
                {t("hosts.edit")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {host &&
        (organisations.data ? (
          <HostEditor
            key={host.hostname}
            host={host}
            organisations={organisations.data}
            onDone={() => setSelected(null)}
          />
        ) : (
          <LoadingSection />
        ))}
    </Page>
  );
}

function HostEditor({
  host,
  organisations,
  onDone,
}: {
  host: OperatorHost;
  organisations: Organisation[];
  onDone: () => void;
}) {
  const { t } = useConsoleFormat();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<HostForm, unknown, HostOutput>({ resolver: zodResolver(hostBody), defaultValues: formOf(host) });
  const save = useConsoleMutation({
    mutationFn: (body: HostBody) => updateHost(host.hostname, body),
    invalidates: [consoleLists.hosts],
    onSuccess: onDone,
    success: () => t("hosts.saved", { hostname: host.hostname }),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The editor opens below the list: bring it into view and start reading at its title.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus();
  }, []);
  const color = watch("primary_color") ?? "";
  const readable = /^#[0-9a-fA-F]{6}$/.test(color.trim());
  const ratio = readable ? contrastWithWhite(color.trim().toLowerCase()) : null;
  const range = { min: HOST_WIDTH.min, max: HOST_WIDTH.max };
  const numberField = { valueAsNumber: true } as const;
  return (
    <section className="card" aria-labelledby="host-editor-title">
      <h2 id="host-editor-title" className="section-title console-anchor" ref={heading} tabIndex={-1}>
        {t("hosts.editor_title", { hostname: host.hostname })}
      </h2>
      <form
        className="console-form"
        noValidate
        onSubmit={handleSubmit(async (body) => {
          try {
            await save.mutateAsync(bodyOf(body));
          } catch {
            // The API client already showed why.
          }
        })}
      >
        <FormField label={t("hosts.theme")} error={translateMessage(errors.theme?.message)}>
          {(ids) => (
            <select {...ids} className="input select" {...register("theme")}>
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(`hosts.themes.${theme}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("hosts.brand_name")} error={translateMessage(errors.brand_name?.message, { max: 80 })}>
          {(ids) => <input {...ids} className="input" {...register("brand_name")} />}
        </FormField>
        <FormField
          label={t("hosts.logo")}
          hint={t("hosts.logo_hint")}
          error={translateMessage(errors.logo?.message, { max: 255 })}
        >
          {(ids) => <input {...ids} className="input" {...register("logo")} />}
        </FormField>
        <FormField
          label={t("hosts.primary_color")}
          hint={ratio === null ? t("hosts.color_hint") : t("hosts.contrast", { ratio: ratio.toFixed(1) })}
          error={translateMessage(errors.primary_color?.message)}
        >
          {(ids) => <input {...ids} className="input" {...register("primary_color")} />}
        </FormField>
        <div className="field">
          <span className="field-label">{t("hosts.sample")}</span>
          {/* Drawn in the colour typed; when white text would not be readable on it, the sample's own
              text turns black (so the sample stays readable) and is outlined: the error says why. */}
          <span
            className="console-button-sample"
            style={readable ? { background: color.trim() } : undefined}
            data-readable={ratio === null || ratio >= MIN_BUTTON_CONTRAST}
          >
            {t("hosts.sample_button")}
          </span>
        </div>
        <FormField
          label={t("hosts.login_text_es")}
          error={translateMessage(errors.login_text?.es?.message, { max: 500 })}
        >
          {(ids) => <textarea {...ids} className="input" rows={2} {...register("login_text.es")} />}
        </FormField>
        <FormField
          label={t("hosts.login_text_en")}
          error={translateMessage(errors.login_text?.en?.message, { max: 500 })}
        >
          {(ids) => <textarea {...ids} className="input" rows={2} {...register("login_text.en")} />}
        </FormField>
        <FormField
          label={t("hosts.width")}
          hint={t("hosts.width_hint", range)}
          error={translateMessage(errors.width?.message, range)}
        >
          {(ids) => <input {...ids} className="input" inputMode="numeric" {...register("width", numberField)} />}
        </FormField>
        <fieldset>
          <legend>{t("hosts.map")}</legend>
          <FormField
            label={t("hosts.map_lat")}
            error={translateMessage(errors.map?.lat?.message, { min: -90, max: 90 })}
          >
            {(ids) => <input {...ids} className="input" inputMode="decimal" {...register("map.lat", numberField)} />}
          </FormField>
          <FormField
            label={t("hosts.map_lng")}
            error={translateMessage(errors.map?.lng?.message, { min: -180, max: 180 })}
          >
            {(ids) => <input {...ids} className="input" inputMode="decimal" {...register("map.lng", numberField)} />}
          </FormField>
          <FormField
            label={t("hosts.map_zoom")}
            error={translateMessage(errors.map?.zoom?.message, { min: 1, max: 20 })}
          >
            {(ids) => <input {...ids} className="input" inputMode="decimal" {...register("map.zoom", numberField)} />}
          </FormField>
        </fieldset>
        <fieldset>
          <legend>{t("hosts.features")}</legend>
          {HOST_FEATURES.map((feature) => (
            <label key={feature} className="console-checkbox">
              <input type="checkbox" value={feature} {...register("features")} />
              {t(`hosts.feature.${feature}`)}
            </label>
          ))}
          {errors.features && (
            <p className="field-error" role="alert">
              {translateMessage(errors.features.message)}
            </p>
          )}
        </fieldset>
        <div className="console-wide console-row-actions">
          <label className="console-checkbox">
            <input type="checkbox" {...register("force_spanish")} />
            {t("hosts.force_spanish")}
          </label>
        </div>
        <FormField label={t("hosts.organisation")}>
          {(ids) => (
            <select
              {...ids}
              className="input select"
              {...register("organisation_uuid", { setValueAs: (value: string | null) => value || null })}
            >
              <option value="">{t("hosts.no_organisation")}</option>
              {organisations.map((organisation) => (
                <option key={organisation.uuid} value={organisation.uuid}>
                  {organisation.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={t("hosts.privacy_url_en")}
          hint={t("locations.optional")}
          error={translateMessage(errors.privacy_url_en?.message, { max: 500 })}
        >
          {(ids) => <input {...ids} className="input" inputMode="url" {...register("privacy_url_en")} />}
        </FormField>
        <HostTenantFields register={register} control={control} errors={errors} />
        <div className="form-actions console-row-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t("hosts.save")}
          </button>
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}
