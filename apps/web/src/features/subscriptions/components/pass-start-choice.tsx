import { addDays } from "@estaciona/contracts/periods";
import { DateField } from "../../../components/date-field.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { usePassFormat } from "../lib/format.ts";

/** How far ahead the first day may be (the API's rule, docs/decisions/0020). */
const MAX_START_DAYS_AHEAD = 90;

/** The pass's first day: today, or a date from tomorrow up to MAX_START_DAYS_AHEAD days ahead. */
export function PassStartChoice({
  mode,
  date,
  today,
  disabled,
  onModeChange,
  onDateChange,
}: {
  mode: "today" | "date";
  date: string;
  /** Today on the lot's calendar (`YYYY-MM-DD`). */
  today: string;
  disabled: boolean;
  onModeChange: (mode: "today" | "date") => void;
  onDateChange: (date: string) => void;
}) {
  const { t } = usePassFormat();
  return (
    <fieldset>
      <legend>{t("subscriptions:plan.start_label")}</legend>
      {(["today", "date"] as const).map((option) => (
        <label key={option} className="pass-option">
          <input
            type="radio"
            name="pass-start"
            value={option}
            checked={mode === option}
            disabled={disabled}
            onChange={() => onModeChange(option)}
          />
          {t(option === "today" ? "subscriptions:plan.start_today" : "subscriptions:plan.start_on_date")}
        </label>
      ))}
      {mode === "date" && (
        <FormField label={t("subscriptions:plan.date_label")}>
          {(ids) => (
            <DateField
              {...ids}
              value={date}
              min={addDays(today, 1)}
              max={addDays(today, MAX_START_DAYS_AHEAD)}
              disabled={disabled}
              onChange={onDateChange}
            />
          )}
        </FormField>
      )}
    </fieldset>
  );
}
