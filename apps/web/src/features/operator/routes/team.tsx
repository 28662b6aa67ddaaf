import type { AuditEntry, OperatorMember } from "@estaciona/contracts/schemas/operator";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import {
  addOperator,
  auditQuery,
  locationsQuery,
  operatorsQuery,
  profileQuery,
  refreshConsole,
  removeOperator,
  updateOperatorGrants,
} from "../api/operator.ts";
import { TableScroller } from "../components/table-scroller.tsx";
import { type AuditFormat, type AuditValue, auditValues } from "../lib/audit-values.ts";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/equipo: the organisation's operators, adding one, and the audit log of every change. */
export default function TeamScreen() {
  const { t } = useConsoleFormat();
  return (
    <Page title={t("team.title")}>
      <Operators />
      <AuditLog />
    </Page>
  );
}

function Operators() {
  const { t, phone: writtenPhone } = useConsoleFormat();
  const queryClient = useQueryClient();
  const operators = useQuery(operatorsQuery());
  const locations = useQuery(locationsQuery());
  const profile = useQuery(profileQuery());
  /** Only an operator who sees every location changes the team (the server refuses anyone else). */
  const manages = profile.data?.location_uuids === null;
  const [phone, setPhone] = useState("");
  const [limitedTo, setLimitedTo] = useState<string[]>([]);
  const locationName = (uuid: string) => locations.data?.find((location) => location.uuid === uuid)?.name ?? uuid;
  const add = useMutation({
    mutationFn: () => addOperator({ phone: phone.trim(), location_uuids: limitedTo }),
    onSuccess: async () => {
      setPhone("");
      setLimitedTo([]);
      await refreshConsole(queryClient);
      notifySuccess(t("team.added"));
    },
  });
  return (
    <section className="card" aria-labelledby="operators-title">
      <h2 id="operators-title" className="section-title">
        {t("team.operators")}
      </h2>
      {!operators.data ? (
        <LoadingSection />
      ) : (
        <ul className="card-list">
          {operators.data.map((member) => (
            <li key={member.user_uuid} data-testid="team-member">
              <strong>{member.name}</strong> <span className="muted">{writtenPhone(member.phone)}</span>
              <br />
              <span className="muted">
                {member.location_uuids
                  ? t("team.limited_to", { locations: member.location_uuids.map(locationName).join(", ") })
                  : t("team.all_locations")}
                {member.platform ? ` · ${t("team.platform")}` : ""}
              </span>
              {manages && (!member.platform || profile.data?.platform) && (
                <MemberActions
                  member={member}
                  isSelf={member.user_uuid === profile.data?.user_uuid}
                  locations={locations.data ?? []}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="console-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (phone.trim()) add.mutate();
        }}
      >
        <FormField label={t("team.phone")} hint={t("team.phone_hint")}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="tel"
              placeholder="+528112345678"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </FormField>
        <fieldset>
          <legend>{t("team.limit")}</legend>
          {locations.data?.map((location) => (
            <label key={location.uuid} className="console-checkbox">
              <input
                type="checkbox"
                checked={limitedTo.includes(location.uuid)}
                onChange={(event) =>
                  setLimitedTo((current) =>
                    event.target.checked ? [...current, location.uuid] : current.filter((id) => id !== location.uuid),
                  )
                }
              />
              {location.name}
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {t("team.add")}
          </button>
        </div>
      </form>
    </section>
  );
}

type Member = OperatorMember;

/** Changing a member's locations, or taking them out of the organisation (their next console call is refused). */
function MemberActions({
  member,
  isSelf,
  locations,
}: {
  member: Member;
  isSelf: boolean;
  locations: Array<{ uuid: string; name: string }>;
}) {
  const { t } = useConsoleFormat();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [granted, setGranted] = useState<string[]>(member.location_uuids ?? []);
  const saveGrants = useMutation({
    mutationFn: () => updateOperatorGrants(member.user_uuid, granted),
    onSuccess: async () => {
      setEditing(false);
      await refreshConsole(queryClient);
      notifySuccess(t("team.grants_saved", { name: member.name }));
    },
  });
  const remove = useMutation({
    mutationFn: () => removeOperator(member.user_uuid),
    onSuccess: async () => {
      setRemoving(false);
      await refreshConsole(queryClient);
      notifySuccess(t("team.removed", { name: member.name }));
    },
    onError: () => setRemoving(false),
  });
  return (
    <div className="console-row-actions">
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setGranted(member.location_uuids ?? []);
          setEditing(true);
        }}
      >
        {t("team.edit_locations")}
      </button>
      <button type="button" className="button button-ghost-danger" onClick={() => setRemoving(true)}>
        {isSelf ? t("team.leave") : t("team.remove")}
      </button>
      <FormDialog
        open={editing}
        title={t("team.locations_of", { name: member.name })}
        onClose={() => setEditing(false)}
      >
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            saveGrants.mutate();
          }}
        >
          <fieldset>
            <legend>{t("team.limit")}</legend>
            {locations.map((location) => (
              <label key={location.uuid} className="console-checkbox">
                <input
                  type="checkbox"
                  checked={granted.includes(location.uuid)}
                  onChange={(event) =>
                    setGranted((current) =>
                      event.target.checked ? [...current, location.uuid] : current.filter((id) => id !== location.uuid),
                    )
                  }
                />
                {location.name}
              </label>
            ))}
          </fieldset>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary" disabled={saveGrants.isPending}>
              {t("team.save_locations")}
            </button>
          </div>
        </form>
      </FormDialog>
      <ConfirmDialog
        open={removing}
        title={isSelf ? t("team.leave_title") : t("team.remove_title", { name: member.name })}
        message={t("team.remove_message")}
        confirmLabel={isSelf ? t("team.leave") : t("team.remove")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setRemoving(false)}
      />
    </div>
  );
}

/** Where the catalogue words each coded field of the audit log, first match wins. */
const AUDIT_CODE_WORDS: Record<string, string[]> = {
  status: ["audit_status."],
  role: ["audit_status."],
  kind: ["kind.", "device_kind."],
  country: ["country."],
  direction: ["direction."],
  invoicing: ["locations.invoicing_"],
};

/** A before or after record as labelled lines (lib/audit-values.ts). */
function AuditValues({ values }: { values: AuditValue[] }) {
  if (values.length === 0) return "—";
  return (
    <dl className="audit-values">
      {values.map(({ key, label, value }) => (
        <div key={key}>
          <dt>{label}</dt> <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AuditLog() {
  const { t, when, money, percent } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  const format: AuditFormat = {
    label: (key) => t(`audit_field.${key}` as "audit_field.name", { defaultValue: key.replaceAll("_", " ") }),
    word: (key, value) =>
      t((AUDIT_CODE_WORDS[key] ?? []).map((prefix) => `${prefix}${value}`) as "audit_status.active"[], {
        defaultValue: value,
      }),
    when,
    money,
    percent,
    location: (uuid) => locations.data?.find((location) => location.uuid === uuid)?.name ?? "—",
    yesNo: (value) => (value ? t("audit_yes") : t("audit_no")),
  };
  const audit = useInfiniteQuery(auditQuery());
  const entries: AuditEntry[] = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title" className="section-title">
        {t("team.audit")}
      </h2>
      {audit.isPending ? (
        <LoadingSection />
      ) : entries.length === 0 ? (
        <p className="muted">{t("team.audit_none")}</p>
      ) : (
        <TableScroller label={t("team.audit")}>
          <table className="console-table console-table-stacked" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">{t("payments.when")}</th>
                <th scope="col">{t("team.who")}</th>
                <th scope="col">{t("team.what")}</th>
                <th scope="col">{t("team.before")}</th>
                <th scope="col">{t("team.after")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.uuid}>
                  <td data-label={t("payments.when")}>{when(entry.created_at)}</td>
                  <td data-label={t("team.who")}>{entry.actor.name}</td>
                  <td data-label={t("team.what")} className="console-cell-wide">
                    {t(`audit_action.${entry.action}`, { defaultValue: entry.action })}
                  </td>
                  <td data-label={t("team.before")}>
                    <AuditValues values={auditValues(entry.before, format)} />
                  </td>
                  <td data-label={t("team.after")}>
                    <AuditValues values={auditValues(entry.after, format)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {audit.hasNextPage && (
        <button
          type="button"
          className="button button-secondary"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {t("payments.more")}
        </button>
      )}
    </section>
  );
}
