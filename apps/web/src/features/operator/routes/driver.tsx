import type { DriverDetail } from "@estaciona/contracts/schemas/operator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { consoleLists, driverQuery, profileQuery, restoreDriver, suspendDriver } from "../api/operator.ts";
import { PaymentTable } from "../components/payment-table.tsx";
import { StatusPill } from "../components/status-pill.tsx";
import { TableScroller } from "../components/table-scroller.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import "../../../lib/catalogues/subscriptions.ts";

/** /operador/conductores/{uuid}: a driver's vehicles, stays, passes and payments here; suspend or restore. */
export default function DriverScreen() {
  const { uuid = "" } = useParams();
  const { t } = useConsoleFormat();
  const driver = useQuery(driverQuery(uuid));
  return (
    <Page title={driver.data?.name ?? t("drivers.title")}>
      {driver.data ? <DriverView driver={driver.data} /> : <LoadingSection />}
    </Page>
  );
}

function DriverView({ driver }: { driver: DriverDetail }) {
  const { t, money, phone } = useConsoleFormat();
  const [confirming, setConfirming] = useState(false);
  const profile = useQuery(profileQuery());
  const platform = profile.data?.platform ?? false;
  const suspended = driver.status === "suspended";
  // A suspension everywhere is the platform role's to lift; another operator sees why the button is not there.
  const locked = driver.suspended_everywhere && !platform;
  const change = useConsoleMutation({
    mutationFn: () => (suspended ? restoreDriver(driver.uuid) : suspendDriver(driver.uuid)),
    invalidates: [consoleLists.driver, consoleLists.drivers],
    onSuccess: () => setConfirming(false),
    success: () => (suspended ? t("drivers.restored") : t("drivers.suspended")),
  });
  return (
    <>
      <section className="card">
        <div className="console-row-actions">
          <strong>{phone(driver.phone)}</strong>
          <StatusPill status={driver.status} label={t(`driver_status.${driver.status}`)} />
        </div>
        {driver.email && <span className="muted">{driver.email}</span>}
        <div className="console-row-actions">
          {driver.vehicles.map((vehicle) => (
            <span key={vehicle.uuid} className="plate-badge" title={vehicle.state}>
              {vehicle.plate}
              {vehicle.deleted ? ` (${t("drivers.vehicle_deleted")})` : ""}
            </span>
          ))}
        </div>
        {locked ? (
          <p className="muted">{t("drivers.suspended_everywhere")}</p>
        ) : (
          <button
            type="button"
            className={suspended ? "button button-secondary" : "button button-ghost-danger"}
            onClick={() => setConfirming(true)}
          >
            {suspended ? t("drivers.restore") : t("drivers.suspend")}
          </button>
        )}
      </section>
      <DriverHistory
        id="stays-title"
        title={t("drivers.stays")}
        empty={t("drivers.no_stays")}
        rows={driver.stays.map((stay) => ({
          key: stay.uuid,
          when: stay.entered_at,
          place: stay.location,
          plate: stay.plate,
          status: t(`visit_status.${stay.status}`, { defaultValue: stay.status }),
          amount: stay.total === null ? "—" : money(stay.total, stay.currency),
        }))}
      />
      <DriverHistory
        id="passes-title"
        title={t("drivers.passes")}
        empty={t("drivers.no_passes")}
        rows={driver.passes.map((pass) => ({
          key: pass.uuid,
          when: pass.created_at,
          place: `${pass.plan} · ${pass.location}`,
          plate: pass.plate,
          status: t(`status.${pass.status}`, { ns: "subscriptions" }),
          amount: money(pass.cost, pass.currency),
        }))}
      />
      <section className="card" aria-labelledby="driver-payments-title">
        <h2 id="driver-payments-title" className="section-title">
          {t("drivers.payments")}
        </h2>
        <PaymentTable payments={driver.payments} caption={t("drivers.payments")} />
      </section>
      <ConfirmDialog
        open={confirming}
        title={suspended ? t("drivers.restore_title") : t("drivers.suspend_title")}
        message={
          suspended
            ? t(driver.suspended_everywhere ? "drivers.restore_everywhere_message" : "drivers.restore_message")
            : t(platform ? "drivers.suspend_everywhere_message" : "drivers.suspend_message")
        }
        confirmLabel={suspended ? t("drivers.restore") : t("drivers.suspend")}
        busy={change.isPending}
        onConfirm={() => change.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

interface HistoryRow {
  key: string;
  when: string | null;
  place: string;
  plate: string;
  status: string;
  amount: string;
}

/** One of the driver's histories here (stays, passes): when, where, which car, its state and its amount. */
function DriverHistory({ id, title, empty, rows }: { id: string; title: string; empty: string; rows: HistoryRow[] }) {
  const { t, when } = useConsoleFormat();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <TableScroller label={title}>
          <table className="console-table console-table-stacked">
            <thead>
              <tr>
                <th scope="col">{t("payments.when")}</th>
                <th scope="col">{t("payments.location")}</th>
                <th scope="col">{t("payments.plate")}</th>
                <th scope="col">{t("payments.status")}</th>
                <th scope="col" className="amount">
                  {t("payments.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td data-label={t("payments.when")}>{when(row.when)}</td>
                  <td data-label={t("payments.location")}>{row.place}</td>
                  <td data-label={t("payments.plate")}>{row.plate}</td>
                  <td data-label={t("payments.status")}>{row.status}</td>
                  <td className="amount" data-label={t("payments.amount")}>
                    {row.amount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
