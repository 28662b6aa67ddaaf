import type { Vehicle } from "@estaciona/contracts/schemas/user";
import { usePassFormat } from "../lib/format.ts";

/** The vehicle the pass is for, and "Add a vehicle" for a driver with none yet. */
export function PassVehicleChoice({
  vehicles,
  loading,
  chosen,
  disabled,
  onChoose,
  onAdd,
}: {
  vehicles: Vehicle[];
  loading: boolean;
  chosen: string | null;
  disabled: boolean;
  onChoose: (uuid: string) => void;
  onAdd: () => void;
}) {
  const { t } = usePassFormat();
  return (
    <fieldset>
      <legend>{t("subscriptions:plan.vehicle_label")}</legend>
      {loading ? null : vehicles.length === 0 ? (
        <p className="muted">{t("subscriptions:plan.no_vehicles")}</p>
      ) : (
        vehicles.map((item) => (
          <label key={item.uuid} className="pass-option">
            <input
              type="radio"
              name="pass-vehicle"
              value={item.uuid}
              checked={chosen === item.uuid}
              disabled={disabled}
              onChange={() => onChoose(item.uuid)}
            />
            <span className="plate-badge">{item.plate}</span>
          </label>
        ))
      )}
      <button type="button" className="button button-secondary" onClick={onAdd}>
        {t("subscriptions:plan.add_vehicle")}
      </button>
    </fieldset>
  );
}
