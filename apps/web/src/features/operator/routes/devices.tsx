import type { OperatorDevice } from "@estaciona/contracts/schemas/operator";
import { DEVICE_DIRECTIONS, DEVICE_KINDS } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import {
  consoleLists,
  devicesQuery,
  locationsQuery,
  registerDevice,
  renameDevice,
  revokeDevice,
  rotateDeviceKey,
} from "../api/operator.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { StatusPill } from "../components/status-pill.tsx";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

type Kind = (typeof DEVICE_KINDS)[number];
type Direction = (typeof DEVICE_DIRECTIONS)[number];

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

function RegisterDevice({ onRegistered }: { onRegistered: (shown: { deviceId: string; key: string }) => void }) {
  const { t } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  const [locationUuid, setLocationUuid] = useState("");
  const [deviceId, setDeviceId] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<Kind>("gate");
  const [direction, setDirection] = useState<Direction>("both");
  const chosenLocation = locationUuid || locations.data?.[0]?.uuid || "";
  const register = useConsoleMutation({
    mutationFn: () =>
      registerDevice({ location_uuid: chosenLocation, device_id: deviceId, name: name || null, kind, direction }),
    invalidates: [consoleLists.devices],
    onSuccess: (device) => {
      onRegistered({ deviceId: device.device_id, key: device.key });
      setDeviceId("");
      setName("");
    },
  });
  return (
    <form
      className="card console-form"
      aria-labelledby="register-device-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (deviceId.trim() && chosenLocation) register.mutate();
      }}
    >
      <h2 id="register-device-title" className="section-title console-wide">
        {t("devices.register_title")}
      </h2>
      <FormField label={t("devices.location")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            value={chosenLocation}
            onChange={(event) => setLocationUuid(event.target.value)}
          >
            {locations.data?.map((location) => (
              <option key={location.uuid} value={location.uuid}>
                {location.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("devices.device_id")} hint={t("devices.device_id_hint")}>
        {(control) => (
          <input
            {...control}
            className="input"
            required
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t("devices.name")}>
        {(control) => (
          <input {...control} className="input" value={name} onChange={(event) => setName(event.target.value)} />
        )}
      </FormField>
      <FormField label={t("devices.kind")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            {DEVICE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`device_kind.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("devices.direction")}>
        {(control) => (
          <select
            {...control}
            className="input select"
            value={direction}
            onChange={(event) => setDirection(event.target.value as Direction)}
          >
            {DEVICE_DIRECTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`direction.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={register.isPending}>
          {t("devices.register")}
        </button>
      </div>
    </form>
  );
}

function DeviceCard({
  device,
  onKey,
}: {
  device: OperatorDevice;
  onKey: (shown: { deviceId: string; key: string }) => void;
}) {
  const { t, when } = useConsoleFormat();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(device.name ?? "");
  const [confirm, setConfirm] = useState<"rotate" | "revoke" | null>(null);
  const done = () => {
    setConfirm(null);
    setRenaming(false);
  };
  const invalidates = [consoleLists.devices];
  const rename = useConsoleMutation({
    mutationFn: () => renameDevice(device.uuid, name.trim() || null),
    invalidates,
    onSuccess: done,
  });
  const rotate = useConsoleMutation({
    mutationFn: () => rotateDeviceKey(device.uuid),
    invalidates,
    onSuccess: (answer) => {
      onKey({ deviceId: device.device_id, key: answer.key });
      done();
    },
  });
  const revoke = useConsoleMutation({ mutationFn: () => revokeDevice(device.uuid), invalidates, onSuccess: done });
  const revoked = device.revoked_at !== null;
  const label = device.name ?? device.device_id;
  return (
    <li className="card">
      <div className="console-row-actions">
        <strong>{label}</strong>
        <StatusPill
          status={revoked ? "failed" : "active"}
          label={revoked ? t("devices.revoked") : t("devices.working")}
        />
      </div>
      <span className="muted">
        {device.device_id} · {device.location.name} · {t(`device_kind.${device.kind}`)} ·{" "}
        {t(`direction.${device.direction}`)}
      </span>
      {revoked && <span className="muted">{t("devices.revoked_at", { when: when(device.revoked_at) })}</span>}
      {!revoked && (
        <div className="console-row-actions">
          <button type="button" className="button button-secondary" onClick={() => setRenaming(true)}>
            {t("devices.rename")}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirm("rotate")}>
            {t("devices.rotate")}
          </button>
          <button type="button" className="button button-ghost-danger" onClick={() => setConfirm("revoke")}>
            {t("devices.revoke")}
          </button>
        </div>
      )}
      <FormDialog
        open={renaming}
        title={t("devices.rename_title", { device: label })}
        onClose={() => setRenaming(false)}
      >
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate();
          }}
        >
          <FormField label={t("devices.name")}>
            {(control) => (
              <input {...control} className="input" value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </FormField>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary" disabled={rename.isPending}>
              {t("devices.save_name")}
            </button>
          </div>
        </form>
      </FormDialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "rotate" ? t("devices.rotate_title") : t("devices.revoke_title")}
        message={confirm === "rotate" ? t("devices.rotate_message") : t("devices.revoke_message")}
        confirmLabel={confirm === "rotate" ? t("devices.rotate") : t("devices.revoke")}
        busy={rotate.isPending || revoke.isPending}
        onConfirm={() => (confirm === "rotate" ? rotate.mutate() : revoke.mutate())}
        onClose={() => setConfirm(null)}
      />
    </li>
  );
}
