import type { Vehicle } from "@estaciona/contracts/schemas/user";
import { useTranslation } from "react-i18next";

/** Which vehicle the time is for: the plate alone when extending one session, else a choice. */
export function MeterVehicleChoice({
  fixedPlate,
  vehicles,
  chosen,
  disabled,
  onChoose,
}: {
  /** The plate of the session being extended (the reminder's link): no choice to make. */
  fixedPlate: string | null;
  vehicles: Vehicle[];
  chosen: string | null;
  disabled: boolean;
  onChoose: (uuid: string) => void;
}) {
  const { t } = useTranslation("meters");
  return fixedPlate !== null ? (
    <p>
      <span className="plate-badge">{fixedPlate}</span>
    </p>
  ) : (
    <fieldset className="vehicle-choice">
      <legend>{t("vehicle_label")}</legend>
      {vehicles.map((vehicle) => (
        <label key={vehicle.uuid} className="vehicle-choice-option">
          <input
            type="radio"
            name="meter-vehicle"
            value={vehicle.uuid}
            checked={chosen === vehicle.uuid}
            disabled={disabled}
            onChange={() => onChoose(vehicle.uuid)}
          />
          <span className="plate-badge">{vehicle.plate}</span>
        </label>
      ))}
    </fieldset>
  );
}
