import { DEVICE_DIRECTIONS, DEVICE_KINDS } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { consoleLists, locationsQuery, registerDevice } from "../api/operator.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";

type Kind = (typeof DEVICE_KINDS)[number];
type Direction = (typeof DEVICE_DIRECTIONS)[number];

/** A new gate, camera, meter or valet stand at one of the locations; its key is shown once (`onRegistered`). */
export function RegisterDevice({ onRegistered }: { onRegistered: (shown: { deviceId: string; key: string }) => void }) {
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
