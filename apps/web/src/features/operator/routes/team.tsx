import type { OperatorMember } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import {
  addOperator,
  consoleLists,
  locationsQuery,
  operatorsQuery,
  profileQuery,
  removeOperator,
  updateOperatorGrants,
} from "../api/operator.ts";
import { AuditLog } from "../components/audit-log.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
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

/** A change of the team shows in its list and in the audit log below it. */
const teamLists = [consoleLists.operators, consoleLists.audit];

function Operators() {
  const { t, phone: writtenPhone } = useConsoleFormat();
  const operators = useQuery(operatorsQuery());
  const locations = useQuery(locationsQuery());
  const profile = useQuery(profileQuery());
  /** Only an operator who sees every location changes the team (the server refuses anyone else). */
  const manages = profile.data?.location_uuids === null;
  const [phone, setPhone] = useState("");
  const [limitedTo, setLimitedTo] = useState<string[]>([]);
  const locationName = (uuid: string) => locations.data?.find((location) => location.uuid === uuid)?.name ?? uuid;
  const add = useConsoleMutation({
    mutationFn: () => addOperator({ phone: phone.trim(), location_uuids: limitedTo }),
    invalidates: teamLists,
    onSuccess: () => {
      setPhone("");
      setLimitedTo([]);
    },
    success: () => t("team.added"),
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
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [granted, setGranted] = useState<string[]>(member.location_uuids ?? []);
  const saveGrants = useConsoleMutation({
    mutationFn: () => updateOperatorGrants(member.user_uuid, granted),
    invalidates: teamLists,
    onSuccess: () => setEditing(false),
    success: () => t("team.grants_saved", { name: member.name }),
  });
  const remove = useConsoleMutation({
    mutationFn: () => removeOperator(member.user_uuid),
    invalidates: teamLists,
    onSuccess: () => setRemoving(false),
    success: () => t("team.removed", { name: member.name }),
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
