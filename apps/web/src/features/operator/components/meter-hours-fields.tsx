import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { useConsoleFormat } from "../lib/format.ts";
import { WEEK } from "../lib/meter-hours.ts";
import type { ZoneForm } from "../lib/zone-form.ts";

/**
 * A zone's week, Monday first: whether each day is charged, and from when until when on the zone's
 * clock (a close of 00:00 is midnight). A day whose times do not make a window is marked, and one
 * message under the week says so.
 */
export function MeterHoursFields({ timeZone }: { timeZone: string }) {
  const { t } = useConsoleFormat();
  const { register, control } = useFormContext<ZoneForm>();
  const hours = useWatch({ control, name: "hours" });
  const { errors } = useFormState({ control, name: "hours" });
  const wrong = (index: number) => Boolean(errors.hours?.[index]);
  return (
    <fieldset>
      <legend>{t("meter_zones.hours_legend", { zone: timeZone })}</legend>
      <div className="console-hours console-wide">
        <span aria-hidden="true" />
        <span className="muted" aria-hidden="true">
          {t("meter_zones.open_header")}
        </span>
        <span className="muted" aria-hidden="true">
          {t("meter_zones.close_header")}
        </span>
        {WEEK.map((index) => {
          const name = t(`meter_zones.day.${index}`);
          const charged = hours[index]?.charged ?? false;
          return (
            <div key={index} className="console-hours-row">
              <label className="console-checkbox">
                <input
                  type="checkbox"
                  aria-label={t("meter_zones.charged", { day: name })}
                  {...register(`hours.${index}.charged`)}
                />
                <span aria-hidden="true">{t(`meter_zones.day_short.${index}`)}</span>
              </label>
              <input
                className="input"
                type="time"
                aria-label={t("meter_zones.opens", { day: name })}
                aria-invalid={wrong(index)}
                disabled={!charged}
                {...register(`hours.${index}.open`)}
              />
              <input
                className="input"
                type="time"
                aria-label={t("meter_zones.closes", { day: name })}
                aria-invalid={wrong(index)}
                disabled={!charged}
                {...register(`hours.${index}.close`)}
              />
            </div>
          );
        })}
      </div>
      <p className="muted console-wide">{t("meter_zones.closes_hint")}</p>
      {WEEK.some(wrong) && (
        <p className="field-error console-wide" role="alert">
          {t("meter_zones.invalid")}
        </p>
      )}
    </fieldset>
  );
}
