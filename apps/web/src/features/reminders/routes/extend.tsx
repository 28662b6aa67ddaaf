import { feeBreakdown } from "@estaciona/contracts";
import { meterLimits, meterPresets, meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import { meterRulesOf } from "@estaciona/contracts/schemas/meters";
import { feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import type { ExtendLinkView } from "@estaciona/contracts/schemas/reminders";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { confirmExtendLink, readExtendLink } from "../api/reminders.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/reminders.ts";

type State =
  | { kind: "loading" }
  | { kind: "ready"; view: ExtendLinkView }
  | { kind: "done"; endsAt: string; timeZone: string }
  | { kind: "failed"; message: string };

const failureOf = (error: unknown, fallback: string): State => ({
  kind: "failed",
  message: error instanceof ApiError && error.description ? error.description : fallback,
});

/**
 * /extender/{token} (docs/product/reminders.md): a reminder's one-tap extend link, public. The
 * token is taken from the address bar into memory and removed from it at once (history), so
 * nothing that reads the address later sees it; opening the screen charges nothing, the confirm
 * makes one extension with the driver's saved card and a key kept for this screen.
 */
export default function ExtendScreen() {
  const { t } = useTranslation(["reminders", "common"]);
  const { money, dateTime, card } = useParkingFormat();
  const params = useParams();
  const [token] = useState(() => params.token ?? null);
  const [key] = useState(() => crypto.randomUUID());
  const [state, setState] = useState<State>({ kind: "loading" });
  const [minutes, setMinutes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Out of the address bar before anything else runs (analytics, error reports, a shared screenshot).
    if (token) window.history.replaceState(window.history.state, "", paths.extendLink.path);
  }, [token]);
  useEffect(() => {
    if (!token) {
      setState({ kind: "failed", message: t("link_unknown") });
      return;
    }
    readExtendLink(token).then(
      (view) => setState({ kind: "ready", view }),
      (error: unknown) => setState(failureOf(error, t("link_unknown"))),
    );
  }, [token, t]);

  if (state.kind === "loading") return <Page title={t("extend_title")} />;
  if (state.kind === "failed")
    return (
      <Page title={t("extend_title")}>
        <section className="card" role="alert">
          <h2 className="section-title">{t("extend_failed_title")}</h2>
          <p>{state.message}</p>
          <Link className="button button-secondary" to={paths.login.path}>
            {t("extend_sign_in")}
          </Link>
        </section>
      </Page>
    );
  if (state.kind === "done")
    return (
      <Page title={t("extend_title")}>
        <section className="card" role="status">
          <p>{t("extend_done", { ends_at: dateTime(state.endsAt, state.timeZone) })}</p>
        </section>
      </Page>
    );

  const { view } = state;
  const { session, zone } = view;
  const timeZone = zone.time_zone;
  const startedAt = Date.parse(session.started_at);
  const paidUntil = Date.parse(session.ends_at);
  const rules = meterRulesOf(zone);
  const limits = meterLimits(rules, startedAt, paidUntil);
  const allowedMinutes = Math.min(limits.maxMinutes, Math.floor((Date.parse(view.allowed_until) - paidUntil) / 60_000));
  const presets = meterPresets({ ...limits, maxMinutes: allowedMinutes }).filter((value) => value <= allowedMinutes);
  const chosen = minutes ?? presets[0] ?? null;
  const total =
    chosen === null
      ? 0
      : feeBreakdown(meterPurchaseSubtotal(rules, startedAt, paidUntil, chosen), feeRatesFromBody(zone.rates)).total;

  const submit = async () => {
    if (chosen === null || !token) return;
    setBusy(true);
    try {
      const answer = await confirmExtendLink(token, { minutes: chosen, expected_total: total, idempotency_key: key });
      if (answer.payment.redirect_url) window.location.assign(answer.payment.redirect_url);
      else setState({ kind: "done", endsAt: answer.session.ends_at, timeZone });
    } catch (error) {
      setState(failureOf(error, t("link_unknown")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t("extend_title")}>
      <section className="card" aria-labelledby="extend-session">
        <h2 id="extend-session" className="section-title">
          {t("extend_intro", { zone: zone.zone_code, name: zone.name, plate: session.vehicle.plate })}
        </h2>
        <p>{t("extend_ends", { ends_at: dateTime(session.ends_at, timeZone) })}</p>
        {chosen === null ? (
          <p role="status">{limits.opensAt === null ? t("extend_at_maximum") : t("extend_free")}</p>
        ) : (
          <>
            <p className="muted">{t("extend_allowed", { allowed_until: dateTime(view.allowed_until, timeZone) })}</p>
            <fieldset className="segmented">
              <legend>{t("extend_minutes")}</legend>
              {presets.map((value) => (
                <label key={value} className="segmented-option">
                  <input
                    type="radio"
                    name="extend-minutes"
                    value={value}
                    checked={chosen === value}
                    onChange={() => setMinutes(value)}
                  />
                  <span>{t("lead_minutes", { count: value })}</span>
                </label>
              ))}
            </fieldset>
            <p aria-live="polite">{t("extend_total", { total: money(total, session.currency) })}</p>
            <p className="muted">{card(view.card)}</p>
            <p className="muted">{t("extend_no_charge")}</p>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void submit()}>
              {t("extend_confirm", { minutes: chosen, total: money(total, session.currency) })}
            </button>
          </>
        )}
      </section>
    </Page>
  );
}
