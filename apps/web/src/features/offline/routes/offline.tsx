import { formatMoney } from "@estaciona/contracts/money";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { Page } from "../../../components/page.tsx";
import { formatInZone } from "../../../components/parking/zoned-time.ts";
import { currentLocale } from "../../../lib/i18n.ts";
import { readOffline, stillCurrent } from "../../../lib/offline/store.ts";
import { logout } from "../../../lib/session.ts";
import "../../../lib/catalogues/offline.ts";
import "../offline.css";

const intlLocale = () => (currentLocale() === "en" ? "en-US" : "es-MX");
/** The phone's own clock: when the copy was taken. */
const time = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
/** On the place's clock, its zone named when the phone's would read otherwise (as every parking screen). */
const placeTime = (iso: string, timeZone: string, withDate = false) =>
  formatInZone(iso, { locale: intlLocale(), timeZone, withDate });
/** A calendar date ("2026-12-31") as the driver reads it, without a time zone to shift it. */
const calendarDay = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

function PassQr({ pass, label }: { pass: string; label: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(pass, { border: 2, ecc: "M" }))}`,
    [pass],
  );
  return <img className="offline-qr" src={source} alt={label} width={240} height={240} />;
}

/**
 * What a signed-in driver sees when the app opens with no connection (docs/offline.md): the
 * things they show at a gate, to an officer or a valet, as of the last time the app reached
 * us; and, plainly, that nothing that pays works or waits to be sent meanwhile.
 */
export default function OfflineScreen() {
  const { t } = useTranslation("offline");
  const snapshot = useMemo(() => {
    const kept = readOffline();
    return kept ? stillCurrent(kept) : null;
  }, []);
  const asOf = snapshot ? t("as_of", { time: time(snapshot.saved_at) }) : null;

  return (
    // The bare layout's frame without its language selector: the first download keeps that to itself.
    <div className="bare-layout">
      <main id="main" className="bare-main">
        <Page title={t("title")}>
          <p role="status">{t("intro")}</p>
          <p className="offline-money-note">{t("money_needs_connection")}</p>
          {!snapshot ? (
            <p className="muted">{t("nothing_saved")}</p>
          ) : (
            <>
              {snapshot.meters.length > 0 && (
                <section aria-labelledby="offline-meters" className="card offline-section">
                  <h2 id="offline-meters">{t("meters_title")}</h2>
                  {snapshot.meters.map((session) => (
                    <div key={session.uuid} className="offline-item">
                      <p>{t("meter_line", { zone: session.zone_code, plate: session.plate })}</p>
                      <p className="offline-strong">
                        {t("meter_ends", { time: placeTime(session.ends_at, session.time_zone) })}
                      </p>
                      <p className="muted">{asOf}</p>
                    </div>
                  ))}
                </section>
              )}
              {snapshot.events.length > 0 && (
                <section aria-labelledby="offline-events" className="card offline-section">
                  <h2 id="offline-events">{t("events_title")}</h2>
                  {snapshot.events.map((event) => (
                    <div key={event.uuid} className="offline-item">
                      <p>{t("event_line", { event: event.event, location: event.location })}</p>
                      <p>{t("event_when", { time: placeTime(event.starts_at, event.time_zone, true) })}</p>
                      <p>{event.plate}</p>
                      <PassQr pass={event.pass} label={t("event_qr", { event: event.event })} />
                      <p className="muted">{asOf}</p>
                    </div>
                  ))}
                </section>
              )}
              {snapshot.passes.length > 0 && (
                <section aria-labelledby="offline-passes" className="card offline-section">
                  <h2 id="offline-passes">{t("passes_title")}</h2>
                  {snapshot.passes.map((pass) => (
                    <div key={pass.uuid} className="offline-item">
                      <p>{t("pass_line", { plan: pass.plan, location: pass.location, plate: pass.plate })}</p>
                      <p>{t("pass_valid", { date: calendarDay(pass.valid_until) })}</p>
                      <p className="muted">{asOf}</p>
                    </div>
                  ))}
                </section>
              )}
              {snapshot.valet.length > 0 && (
                <section aria-labelledby="offline-valet" className="card offline-section">
                  <h2 id="offline-valet">{t("valet_title")}</h2>
                  {snapshot.valet.map((ticket) => (
                    <div key={ticket.uuid} className="offline-item">
                      <p className="offline-strong">
                        {t("valet_line", { number: ticket.number, location: ticket.location })}
                      </p>
                      {ticket.plate && <p>{ticket.plate}</p>}
                      <p className="muted">{asOf}</p>
                    </div>
                  ))}
                </section>
              )}
              {snapshot.receipts.length > 0 && (
                <section aria-labelledby="offline-receipts" className="card offline-section">
                  <h2 id="offline-receipts">{t("receipts_title")}</h2>
                  <ul className="offline-receipts">
                    {snapshot.receipts.map((receipt) => (
                      <li key={receipt.payment_uuid}>
                        {t("receipt_line", {
                          number: receipt.number,
                          title: receipt.title,
                          total: formatMoney(receipt.total, receipt.currency as "mxn" | "usd"),
                        })}
                      </li>
                    ))}
                  </ul>
                  <p className="muted">{asOf}</p>
                </section>
              )}
            </>
          )}
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              {t("retry")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => void logout()}>
              {t("sign_out")}
            </button>
          </div>
        </Page>
      </main>
    </div>
  );
}
