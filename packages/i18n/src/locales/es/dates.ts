import type { dates as source } from "../en/dates.ts";

/** El selector de día (apps/web/src/components/date-field.tsx), en el idioma de la pantalla. */
export const dates: typeof source = {
  none: "Elige un día",
  calendar: "Calendario",
  clear_day: "Borrar {{day}}",
  clear: "Borrar",
};
