import { contactLine } from "@estaciona/contracts/phones";
import { organisationBody } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { addOrganisationOperator, consoleLists, createOrganisation, organisationsQuery } from "../api/operator.ts";
import { ConsoleForm, Field, useConsoleForm } from "../components/console-form.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

type OrganisationForm = z.input<typeof organisationBody>;

/** /operador/organizaciones (platform role): the organisations, opening one, and naming its operators. */
export default function OrganisationsScreen() {
  const { t } = useConsoleFormat();
  const organisations = useQuery(organisationsQuery());
  return (
    <Page title={t("organisations.title")}>
      <section className="card" aria-labelledby="organisations-list-title">
        <h2 id="organisations-list-title" className="section-title">
          {t("organisations.list")}
        </h2>
        {!organisations.data ? (
          <LoadingSection />
        ) : (
          <ul className="console-grid card-list" data-testid="organisations">
            {organisations.data.map((organisation) => (
              <li key={organisation.uuid} className="card">
                <strong>{organisation.name}</strong>
                <span className="muted">{contactLine(organisation) || t("organisations.no_contact")}</span>
                <span>
                  {t("organisations.operators_count", { count: organisation.operators })} ·{" "}
                  {t("organisations.locations_count", { count: organisation.locations })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewOrganisation />
      {organisations.data && organisations.data.length > 0 && <AddOperator organisations={organisations.data} />}
    </Page>
  );
}

function NewOrganisation() {
  const { t } = useConsoleFormat();
  const form = useConsoleForm(organisationBody, { name: "", contact_email: "", contact_phone: "" });
  const create = useConsoleMutation({
    mutationFn: createOrganisation,
    invalidates: [consoleLists.organisations],
    onSuccess: () => form.reset(),
    success: (organisation) => t("organisations.created", { name: organisation.name }),
  });
  return (
    <section className="card" aria-labelledby="organisation-new-title">
      <h2 id="organisation-new-title" className="section-title">
        {t("organisations.new")}
      </h2>
      <ConsoleForm form={form} mutation={create} submitLabel={t("organisations.create")}>
        <Field<OrganisationForm> name="name" label={t("organisations.name")} errorParams={{ max: 120 }} />
        <Field<OrganisationForm>
          name="contact_email"
          label={t("organisations.contact_email")}
          hint={t("locations.optional")}
          optional
          input={{ type: "email" }}
        />
        <Field<OrganisationForm>
          name="contact_phone"
          label={t("organisations.contact_phone")}
          hint={t("team.phone_hint")}
          error={t("organisations.phone_invalid")}
          optional
          input={{ inputMode: "tel" }}
        />
      </ConsoleForm>
    </section>
  );
}

function AddOperator({ organisations }: { organisations: Array<{ uuid: string; name: string }> }) {
  const { t } = useConsoleFormat();
  const [organisation, setOrganisation] = useState(organisations[0]?.uuid ?? "");
  const [phone, setPhone] = useState("");
  const add = useConsoleMutation({
    mutationFn: () => addOrganisationOperator(organisation, phone.trim()),
    invalidates: [consoleLists.organisations],
    onSuccess: () => setPhone(""),
    success: () => t("team.added"),
  });
  return (
    <section className="card" aria-labelledby="organisation-operator-title">
      <h2 id="organisation-operator-title" className="section-title">
        {t("organisations.add_operator")}
      </h2>
      <form
        className="console-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (phone.trim() && organisation) add.mutate();
        }}
      >
        <FormField label={t("organisations.organisation")}>
          {(ids) => (
            <select
              {...ids}
              className="input select"
              value={organisation}
              onChange={(event) => setOrganisation(event.target.value)}
            >
              {organisations.map((option) => (
                <option key={option.uuid} value={option.uuid}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("team.phone")} hint={t("team.phone_hint")}>
          {(ids) => (
            <input
              {...ids}
              className="input"
              inputMode="tel"
              placeholder="+528112345678"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {t("team.add")}
          </button>
        </div>
      </form>
    </section>
  );
}
