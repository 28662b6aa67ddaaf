import { contrastWithWhite, HOST_FEATURES, HOST_WIDTH, MIN_BUTTON_CONTRAST, THEMES } from "@estaciona/contracts";
import { hostBody, type OperatorHost, type Organisation } from "@estaciona/contracts/schemas/operator";
import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { translateMessage } from "../../../lib/i18n.ts";
import { consoleLists, updateHost } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";
import { HostTenantFields } from "./host-tenant-fields.tsx";

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

/** One host's theme store, opened below the list of hosts. */
export function HostEditor({
  host,
  organisations,
  onDone,
}: {
  host: OperatorHost;
  organisations: Organisation[];
  onDone: () => void;
}) {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(hostBody, formOf(host));
  const { register, control } = form;
  const errors = form.formState.errors;
  const save = useConsoleMutation({
    mutationFn: (body: HostOutput) => updateHost(host.hostname, bodyOf(body)),
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
  const color = useWatch({ control, name: "primary_color" }) ?? "";
  const readable = /^#[0-9a-fA-F]{6}$/.test(color.trim());
  const ratio = readable ? contrastWithWhite(color.trim().toLowerCase()) : null;
  const range = { min: HOST_WIDTH.min, max: HOST_WIDTH.max };
  const HostField = Field<HostForm>;
  return (
    <section className="card" aria-labelledby="host-editor-title">
      <h2 id="host-editor-title" className="section-title console-anchor" ref={heading} tabIndex={-1}>
        {t("hosts.editor_title", { hostname: host.hostname })}
      </h2>
      <ConsoleForm
        form={form}
        mutation={save}
        submitLabel={t("hosts.save")}
        actions={
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t("cancel")}
          </button>
        }
      >
        <HostField name="theme" label={t("hosts.theme")}>
          {(control) => (
            <select {...control} className="input select">
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(`hosts.themes.${theme}`)}
                </option>
              ))}
            </select>
          )}
        </HostField>
        <HostField name="brand_name" label={t("hosts.brand_name")} errorParams={{ max: 80 }} />
        <HostField name="logo" label={t("hosts.logo")} hint={t("hosts.logo_hint")} errorParams={{ max: 255 }} />
        <HostField
          name="primary_color"
          label={t("hosts.primary_color")}
          hint={ratio === null ? t("hosts.color_hint") : t("hosts.contrast", { ratio: ratio.toFixed(1) })}
        />
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
        {(["es", "en"] as const).map((language) => (
          <HostField
            key={language}
            name={`login_text.${language}`}
            label={t(`hosts.login_text_${language}`)}
            errorParams={{ max: 500 }}
          >
            {(control) => <textarea {...control} className="input" rows={2} />}
          </HostField>
        ))}
        <HostField
          name="width"
          label={t("hosts.width")}
          hint={t("hosts.width_hint", range)}
          errorParams={range}
          numeric
          input={{ inputMode: "numeric" }}
        />
        <fieldset>
          <legend>{t("hosts.map")}</legend>
          <HostField
            name="map.lat"
            label={t("hosts.map_lat")}
            errorParams={{ min: -90, max: 90 }}
            numeric
            input={{ inputMode: "decimal" }}
          />
          <HostField
            name="map.lng"
            label={t("hosts.map_lng")}
            errorParams={{ min: -180, max: 180 }}
            numeric
            input={{ inputMode: "decimal" }}
          />
          <HostField
            name="map.zoom"
            label={t("hosts.map_zoom")}
            errorParams={{ min: 1, max: 20 }}
            numeric
            input={{ inputMode: "decimal" }}
          />
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
        <HostField name="organisation_uuid" label={t("hosts.organisation")} optional>
          {(control) => (
            <select {...control} className="input select">
              <option value="">{t("hosts.no_organisation")}</option>
              {organisations.map((organisation) => (
                <option key={organisation.uuid} value={organisation.uuid}>
                  {organisation.name}
                </option>
              ))}
            </select>
          )}
        </HostField>
        <HostField
          name="privacy_url_en"
          label={t("hosts.privacy_url_en")}
          hint={t("locations.optional")}
          errorParams={{ max: 500 }}
          input={{ inputMode: "url" }}
        />
        <HostTenantFields register={register} control={control} errors={errors} />
      </ConsoleForm>
    </section>
  );
}
