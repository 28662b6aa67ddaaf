import {
  cfdiUsesFor,
  DEFAULT_CFDI_USE,
  normaliseRfc,
  personTypeOfRfc,
  RFC_PATTERN,
  regimesFor,
} from "@estaciona/contracts/sat";
import { type TaxProfile, type TaxProfileBody, taxProfileBody } from "@estaciona/contracts/schemas/invoicing";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import "../../../lib/catalogues/billing.ts";

type FormOutput = z.output<typeof taxProfileBody>;

/**
 * RFC, legal name, regime, CFDI use, postal code and e-mail. The regimes offered follow the
 * person type the RFC tells, and the uses follow the regime — both from the SAT catalogues in the
 * contracts — so a driver can only pick a combination the SAT accepts.
 */
export function TaxProfileForm({
  profile,
  defaultEmail,
  busy,
  onSubmit,
}: {
  profile?: TaxProfile;
  defaultEmail: string;
  busy: boolean;
  onSubmit: (body: FormOutput) => void;
}) {
  const { t } = useTranslation(["billing", "common"]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TaxProfileBody, unknown, FormOutput>({
    resolver: zodResolver(taxProfileBody),
    defaultValues: {
      rfc: profile?.rfc ?? "",
      legal_name: profile?.legal_name ?? "",
      tax_regime: profile?.tax_regime ?? "",
      cfdi_use: profile?.cfdi_use ?? DEFAULT_CFDI_USE,
      postal_code: profile?.postal_code ?? "",
      email: profile?.email ?? defaultEmail,
    },
  });
  const rfc = normaliseRfc(useWatch({ control, name: "rfc" }) ?? "");
  const regime = useWatch({ control, name: "tax_regime" }) ?? "";
  const personType = RFC_PATTERN.test(rfc) ? personTypeOfRfc(rfc) : null;
  const regimes = personType ? regimesFor(personType) : [];
  const uses = personType && regime ? cfdiUsesFor(regime, personType) : [];
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 300 });

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormField label={t("rfc")} hint={t("rfc_hint")} error={message(errors.rfc)}>
        {(ids) => (
          <input
            {...ids}
            className="input"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={13}
            {...register("rfc")}
          />
        )}
      </FormField>
      <FormField label={t("legal_name")} hint={t("legal_name_hint")} error={message(errors.legal_name)}>
        {(ids) => <input {...ids} className="input" autoComplete="organization" {...register("legal_name")} />}
      </FormField>
      <FormField label={t("tax_regime")} error={message(errors.tax_regime)}>
        {(ids) => (
          <select {...ids} className="input" disabled={!personType} {...register("tax_regime")}>
            <option value="">{personType ? t("choose") : t("enter_rfc_first")}</option>
            {regimes.map((row) => (
              <option key={row.code} value={row.code}>
                {row.code} · {row.description}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("cfdi_use")} error={message(errors.cfdi_use)}>
        {(ids) => (
          <select {...ids} className="input" disabled={uses.length === 0} {...register("cfdi_use")}>
            <option value="">{t("choose")}</option>
            {uses.map((row) => (
              <option key={row.code} value={row.code}>
                {row.code} · {row.description}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("postal_code")} error={message(errors.postal_code)}>
        {(ids) => (
          <input
            {...ids}
            className="input"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...register("postal_code")}
          />
        )}
      </FormField>
      <FormField label={t("email")} error={message(errors.email)}>
        {(ids) => <input {...ids} className="input" type="email" autoComplete="email" {...register("email")} />}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("common:actions.saving") : t("common:actions.save")}
        </button>
      </div>
    </form>
  );
}
