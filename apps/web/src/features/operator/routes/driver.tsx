import type { DriverDetail } from "@estaciona/contracts/schemas/operator";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { driverQuery, refreshConsole, restoreDriver, suspendDriver } from "../api/operator.ts";
import { PaymentTable } from "../components/payment-table.tsx";
import { StatusPill } from "../components/status-pill.tsx";
import { TableScroller } from "../components/table-scroller.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/conductores/{uuid}: a driver's vehicles, stays and payments here; suspend or restore. */
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
  const { t, money, when } = useConsoleFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const suspended = driver.status === "suspended";
  const change = useMutation({
    mutationFn: () => (suspended ? restoreDriver(driver.uuid) : suspendDriver(driver.uuid)),
    onSuccess: async () => {
      setConfirming(false);
      await refreshConsole(queryClient);
      notifySuccess(suspended ? t("drivers.restored") : t("drivers.suspended"));
    },
  });
  return (
    <>
      <section className="card">
        <div className="console-row-actions">
          <strong>{driver.phone}</strong>
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
        <button
          type="button"
          className={suspended ? "button button-secondary" : "button button-ghost-danger"}
          onClick={() => setConfirming(true)}
        >
          {suspended ? t("drivers.restore") : t("drivers.suspend")}
        </button>
      </section>
      <section className="card" aria-labelledby="stays-title">
        <h2 id="stays-title" className="section-title">
          {t("drivers.stays")}
        </h2>
        <TableScroller label={t("drivers.stays")}>
          <table className="console-table">
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
              {driver.stays.map((stay) => (
                <tr key={stay.uuid}>
                  <td>{when(stay.entered_at)}</td>
                  <td>{stay.location}</td>
                  <td>{stay.plate}</td>
                  <td>{t(`visit_status.${stay.status}`, { defaultValue: stay.status })}</td>
                  <td className="amount">{stay.total === null ? "—" : money(stay.total, stay.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </section>
      <section className="card" aria-labelledby="driver-payments-title">
        <h2 id="driver-payments-title" className="section-title">
          {t("drivers.payments")}
        </h2>
        <PaymentTable payments={driver.payments} caption={t("drivers.payments")} />
      </section>
      <ConfirmDialog
        open={confirming}
        title={suspended ? t("drivers.restore_title") : t("drivers.suspend_title")}
        message={suspended ? t("drivers.restore_message") : t("drivers.suspend_message")}
        confirmLabel={suspended ? t("drivers.restore") : t("drivers.suspend")}
        busy={change.isPending}
        onConfirm={() => change.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
