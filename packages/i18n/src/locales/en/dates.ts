/** The calendar day picker (apps/web/src/components/date-field.tsx), in the screen's language. */
export const dates = {
  none: "Choose a day",
  calendar: "Calendar",
  clear_day: "Clear {{day}}",
  clear: "Clear",
};
