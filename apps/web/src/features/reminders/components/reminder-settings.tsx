import {
  REMINDER_CHANNELS,
  REMINDER_LEAD_MINUTES,
  type ReminderPreferences,
} from "@estaciona/contracts/schemas/reminders";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../lib/notify.ts";
import { reminderPreferencesQuery, saveReminderPreferences } from "../api/reminders.ts";
import { PushDevice, pushSupported } from "./push-device.tsx";
import "../../../lib/catalogues/reminders.ts";

const toTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const toMinute = (value: string): number => {
  const [hours = "0", minutes = "0"] = value.split(":");
  return Number(hours) * 60 + Number(minutes);
};

/**
 * The account screen's reminder settings (docs/product/reminders.md): the channel, how long before
 * the end, and quiet hours, kept per driver. Each choice is a labelled native control.
 */
export function ReminderSettings({ emailVerified }: { emailVerified: boolean }) {
  const { t } = useTranslation(["reminders", "common"]);
  const queryClient = useQueryClient();
  const saved = useQuery(reminderPreferencesQuery());
  const [draft, setDraft] = useState<ReminderPreferences | null>(null);
  const [quietOn, setQuietOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pushOn, setPushOn] = useState(false);
  const onPushChange = useCallback((on: boolean) => setPushOn(on), []);
  // Push is offered only where this browser can take it (docs/decisions/0290); a saved choice still shows.
  const channels = REMINDER_CHANNELS.filter(
    (channel) => channel !== "push" || pushSupported() || draft?.channel === "push",
  );
  useEffect(() => {
    if (saved.data && !draft) {
      setDraft(saved.data);
      setQuietOn(saved.data.quiet_hours !== null);
    }
  }, [saved.data, draft]);
  if (!draft) return null;
  const quiet = draft.quiet_hours ?? { start: 22 * 60, end: 7 * 60 };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { ...draft, quiet_hours: quietOn ? quiet : null };
    if (body.quiet_hours && body.quiet_hours.start === body.quiet_hours.end) {
      setProblem(t("quiet_same"));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await saveReminderPreferences(body);
      queryClient.setQueryData(reminderPreferencesQuery().queryKey, answer);
      notifySuccess(t("saved"));
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" className="section-title">
        {t("settings_heading")}
      </h2>
      <p className="muted">{t("settings_intro")}</p>
      <form className="form" noValidate onSubmit={(event) => void save(event)}>
        <fieldset className="segmented">
          <legend>{t("channel_label")}</legend>
          {channels.map((channel) => (
            <label key={channel} className="segmented-option">
              <input
                type="radio"
                name="reminder-channel"
                value={channel}
                checked={draft.channel === channel}
                onChange={() => setDraft({ ...draft, channel })}
              />
              <span>{t(`channel_${channel}`)}</span>
            </label>
          ))}
        </fieldset>
        {draft.channel === "email" && !emailVerified && <p className="muted">{t("channel_email_needs_verified")}</p>}
        {draft.channel === "push" && pushSupported() && <PushDevice onChange={onPushChange} />}
        {draft.channel === "push" && !pushOn && <p className="muted">{t("push_needs_device")}</p>}
        <fieldset className="segmented">
          <legend>{t("lead_label")}</legend>
          {REMINDER_LEAD_MINUTES.map((minutes) => (
            <label key={minutes} className="segmented-option">
              <input
                type="radio"
                name="reminder-lead"
                value={minutes}
                checked={draft.lead_minutes === minutes}
                onChange={() => setDraft({ ...draft, lead_minutes: minutes })}
              />
              <span>{t("lead_minutes", { count: minutes })}</span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("quiet_label")}</legend>
          <label className="checkbox">
            <input type="checkbox" checked={quietOn} onChange={(event) => setQuietOn(event.target.checked)} />
            <span>{t("quiet_label")}</span>
          </label>
          <p className="muted" id="quiet-hint">
            {t("quiet_hint")}
          </p>
          {quietOn && (
            <div className="form-row">
              <label>
                {t("quiet_from")}{" "}
                <input
                  className="input"
                  type="time"
                  aria-describedby="quiet-hint"
                  value={toTime(quiet.start)}
                  onChange={(event) =>
                    setDraft({ ...draft, quiet_hours: { ...quiet, start: toMinute(event.target.value) } })
                  }
                />
              </label>
              <label>
                {t("quiet_to")}{" "}
                <input
                  className="input"
                  type="time"
                  aria-describedby="quiet-hint"
                  value={toTime(quiet.end)}
                  onChange={(event) =>
                    setDraft({ ...draft, quiet_hours: { ...quiet, end: toMinute(event.target.value) } })
                  }
                />
              </label>
            </div>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("common:actions.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
