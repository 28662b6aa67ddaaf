import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Page } from "../../../components/page.tsx";
import { devicesQuery } from "../api/operator.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { DeviceCard } from "../components/device-card.tsx";
import { RegisterDevice } from "../components/register-device-form.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/dispositivos: gates, cameras, meters and valet stands; register (key shown once), rename, rotate, revoke. */
export default function DevicesScreen() {
  const { t } = useConsoleFormat();
  const devices = useQuery(devicesQuery());
  const [shownKey, setShownKey] = useState<{ deviceId: string; key: string } | null>(null);
  return (
    <Page title={t("devices.title")}>
      <RegisterDevice onRegistered={setShownKey} />
      {shownKey && (
        <section className="card" aria-labelledby="device-key-title" data-testid="device-key">
          <h2 id="device-key-title" className="section-title">
            {t("devices.key_title", { device: shownKey.deviceId })}
          </h2>
          <p>{t("devices.key_once")}</p>
          <p className="console-key">{shownKey.key}</p>
          <button type="button" className="button button-secondary" onClick={() => setShownKey(null)}>
            {t("devices.key_done")}
          </button>
        </section>
      )}
      <ConsoleList list={devices} count={devices.data?.length ?? 0} empty={t("devices.none")} framed={false}>
        <ul className="card-list">
          {devices.data?.map((device) => (
            <DeviceCard key={device.uuid} device={device} onKey={setShownKey} />
          ))}
        </ul>
      </ConsoleList>
    </Page>
  );
}
