import { organisationBody } from "@estaciona/contracts/schemas/operator";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { addOrganisationOperator, consoleLists, createOrganisation, organisationsQuery } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

type OrganisationForm = z.input<typeof organisationBody>;
type OrganisationOutput = z.output<typeof organisationBody>;

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
                <span className="muted">
                  {[organisation.contact_email, organisation.contact_phone].filter(Boolean).join(" · ") ||
                    t("organisations.no_contact")}
                </span>
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OrganisationForm, unknown, OrganisationOutput>({
    resolver: zodResolver(organisationBody),
    defaultValues: { name: "", contact_email: "", contact_phone: "" },
  });
  const create = useConsoleMutation({
    mutationFn: createOrganisation,
    invalidates: [consoleLists.organisations],
    onSuccess: () => reset(),
    success: (organisation) => t("organisations.created", { name: organisation.name }),
  });
  return (
    <section className="card" aria-labelledby="organisation-new-title">
      <h2 id="organisation-new-title" className="section-title">
        {t("organisations.new")}
      </h2>
      <form
        className="console-form"
        noValidate
        onSubmit={handleSubmit(async (body) => {
          try {
            await create.mutateAsync(body);
          } catch {
            // The API client already showed why.
          }
        })}
      >
        <FormField label={t("organisations.name")} error={translateMessage(errors.name?.message, { max: 120 })}>
          {(ids) => <input {...ids} className="input" {...register("name")} />}
        </FormField>
        <FormField
          label={t("organisations.contact_email")}
          hint={t("locations.optional")}
          error={translateMessage(errors.contact_email?.message)}
        >
          {(ids) => (
            <input
              {...ids}
              className="input"
              type="email"
              {...register("contact_email", { setValueAs: (value: string) => value.trim() || null })}
            />
          )}
        </FormField>
        <FormField
          label={t("organisations.contact_phone")}
          hint={t("team.phone_hint")}
          error={errors.contact_phone ? t("organisations.phone_invalid") : undefined}
        >
          {(ids) => (
            <input
              {...ids}
              className="input"
              inputMode="tel"
              {...register("contact_phone", { setValueAs: (value: string) => value.trim() || null })}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t("organisations.create")}
          </button>
        </div>
      </form>
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
