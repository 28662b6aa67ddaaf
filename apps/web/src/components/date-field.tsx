import { Popover } from "@base-ui/react/popover";
import { useState } from "react";
import { DayPicker } from "react-day-picker";
import { enUS, es } from "react-day-picker/locale";
import { useTranslation } from "react-i18next";
import "react-day-picker/style.css";
import "../lib/catalogues/dates.ts";
import "./date-field.css";

const YEARS_AROUND = 10;

/** A calendar day as forms and the API carry it: `YYYY-MM-DD`, or "" for none. */
export type DayValue = string;

const toDate = (day: DayValue): Date | undefined => {
  const [year, month, date] = day.split("-").map(Number);
  return year && month && date ? new Date(year, month - 1, date) : undefined;
};
const toDay = (date: Date): DayValue =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * A calendar day chosen in the screen's language. `<input type="date">` shows its value and its
 * calendar in the browser's locale ("mm/dd/yyyy", "February") inside a Spanish screen
 * (docs/decisions/0303): this button shows the day in words and opens a calendar in the screen's
 * language. Controlled (`value`, `onChange`) or, inside a plain form, by `name` (a hidden input
 * carries the day). The FormField's label names the button; the calendar is a keyboard grid.
 */
export function DateField({
  id,
  name,
  value,
  defaultValue = "",
  onChange,
  min,
  max,
  clearable = false,
  disabled = false,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  id: string;
  name?: string;
  value?: DayValue;
  defaultValue?: DayValue;
  onChange?: (day: DayValue) => void;
  min?: DayValue;
  max?: DayValue;
  /** Offer "no day" (an optional filter or bound). */
  clearable?: boolean;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string | undefined;
}) {
  const { t, i18n } = useTranslation("dates");
  const [own, setOwn] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const day = value ?? own;
  const selected = toDate(day);
  const choose = (next: DayValue) => {
    setOwn(next);
    onChange?.(next);
    setOpen(false);
  };
  const language = i18n.language === "en" ? "en" : "es";
  const words = selected
    ? new Intl.DateTimeFormat(language === "en" ? "en-US" : "es-MX", { dateStyle: "medium" }).format(selected)
    : t("none");
  const first = min ? toDate(min) : undefined;
  const last = max ? toDate(max) : undefined;
  // The year list reaches ten years either way unless the field bounds it.
  const thisYear = new Date().getFullYear();
  return (
    <div className="date-field">
      {name && <input type="hidden" name={name} value={day} />}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          id={id}
          className="input date-field-button"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          disabled={disabled}
          data-empty={selected ? undefined : ""}
        >
          {words}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Positioner sideOffset={4} className="date-field-positioner">
            <Popover.Popup className="date-field-popup" aria-label={t("calendar")}>
              <DayPicker
                mode="single"
                locale={language === "en" ? enUS : es}
                selected={selected}
                defaultMonth={selected ?? first}
                startMonth={first ?? new Date(thisYear - YEARS_AROUND, 0, 1)}
                endMonth={last ?? new Date(thisYear + YEARS_AROUND, 11, 1)}
                captionLayout="dropdown"
                disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
                onSelect={(date) => date && choose(toDay(date))}
                autoFocus
              />
            </Popover.Popup>
          </Popover.Positioner>
        </Popover.Portal>
      </Popover.Root>
      {clearable && selected && (
        <button
          type="button"
          className="link-button"
          onClick={() => choose("")}
          aria-label={t("clear_day", { day: words })}
        >
          {t("clear")}
        </button>
      )}
    </div>
  );
}
