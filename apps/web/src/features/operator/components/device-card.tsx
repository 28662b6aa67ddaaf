import type { OperatorDevice } from "@estaciona/contracts/schemas/operator";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { consoleLists, renameDevice, revokeDevice, rotateDeviceKey } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { StatusPill } from "./status-pill.tsx";

/** One device: where and what it is, working or revoked, and rename, rotate its key (shown once), revoke. */
export function DeviceCard({
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
