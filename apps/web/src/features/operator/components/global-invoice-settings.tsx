import type { GlobalInvoiceSettings as Settings } from "@estaciona/contracts/schemas/invoicing";
import { GLOBAL_PERIODICITIES, globalInvoiceSettings } from "@estaciona/contracts/schemas/invoicing";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { consoleLists, globalInvoiceSettingsQuery, updateGlobalInvoiceSettings } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";

/**
 * How often the organisation's global invoice is issued (docs/decisions/0309, 0319): the choice,
 * what it means in plain words, saved from the next period on.
 */
export function GlobalInvoiceSettings() {
  const { t } = useConsoleFormat();
  const settings = useQuery(globalInvoiceSettingsQuery());
  return (
    <section className="card" aria-labelledby="global-invoice-settings">
      <h2 id="global-invoice-settings" className="section-title">
        {t("global_invoice_settings.title")}
      </h2>
      {settings.data && <SettingsForm saved={settings.data} />}
    </section>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(globalInvoiceSettings, saved);
  const chosen = useWatch({ control: form.control, name: "periodicity" });
  const save = useConsoleMutation({
    mutationFn: updateGlobalInvoiceSettings,
    // Only the setting changes: periods already issued keep theirs.
    invalidates: [consoleLists.globalInvoiceSettings],
    success: () => t("global_invoice_settings.saved"),
  });
  return (
    <ConsoleForm form={form} mutation={save} submitLabel={t("global_invoice_settings.save")}>
      <Field<Settings>
        name="periodicity"
        label={t("global_invoice_settings.periodicity")}
        hint={`${t(`global_invoice_settings.explain.${chosen}`)} ${t("global_invoice_settings.applies")}`}
      >
        {(control) => (
          <select {...control} className="input select">
            {GLOBAL_PERIODICITIES.map((periodicity) => (
              <option key={periodicity} value={periodicity}>
                {t(`global_invoices.periodicity.${periodicity}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </ConsoleForm>
  );
}
