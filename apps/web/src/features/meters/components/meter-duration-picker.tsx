import type { MeterLimits } from "@estaciona/contracts/meters";
import { useTranslation } from "react-i18next";
import { NumberInput } from "../../../components/number-input.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";

/** How long: the presets, the spec's number input within what the rules allow now, and the end it gives. */
export function MeterDurationPicker({
  presets,
  minutes,
  limits,
  step,
  endsAt,
  timeZone,
  disabled,
  onChange,
}: {
  presets: number[];
  minutes: number;
  limits: MeterLimits;
  step: number;
  endsAt: number;
  timeZone: string;
  disabled: boolean;
  onChange: (minutes: number) => void;
}) {
  const { t } = useTranslation("meters");
  const { time, duration } = useParkingFormat();
  return (
    <>
      <fieldset className="meter-presets">
        <legend className="field-label">{t("presets_label")}</legend>
        <div className="segmented">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="segmented-option"
              aria-pressed={preset === minutes}
              disabled={disabled}
              onClick={() => onChange(preset)}
            >
              {duration(preset)}
            </button>
          ))}
        </div>
      </fieldset>
      <NumberInput
        label={t("duration_label")}
        name="minutes"
        value={minutes}
        min={limits.minMinutes}
        max={limits.maxMinutes}
        step={step}
        onChange={onChange}
      />
      <p className="muted">{duration(minutes)}</p>
      <p className="meter-ends-at" aria-live="polite">
        {t("ends_at", { time: time(endsAt, timeZone) })}
      </p>
    </>
  );
}
