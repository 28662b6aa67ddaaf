import { addDays, addMonths, type CalendarDate, dateIn, startOfDayIn } from "@estaciona/contracts/periods";
import type { GlobalPeriodicity } from "../../db/schema.ts";

/**
 * The periods of a global invoice (docs/decisions/0293), on Mexico City's clock: the SAT's
 * InformacionGlobal names them by c_Periodicidad, c_Meses and Año, and a period's invoice is made
 * a day after it closes — inside the 72 hours the SAT allows (RMF 2.7.1.21), with the whole last
 * day's sales in.
 */
export const GLOBAL_INVOICE_TIME_ZONE = "America/Mexico_City";
export const GLOBAL_INVOICE_DELAY_MS = 86_400_000;

export interface GlobalPeriod {
  /** Unique per organisation: `2026-11`, `2026-11-Q2`, `2026-11-W23`, `2026-11-30`, `2026-B6`. */
  key: string;
  periodicity: GlobalPeriodicity;
  /** c_Meses: 01–12, or 13–18 for January–February … November–December. */
  months: string;
  year: number;
  /** The first day, and the day after the last, on Mexico City's clock. */
  firstDay: CalendarDate;
  endDay: CalendarDate;
}

/** c_Periodicidad of each periodicity (Anexo 20): 01 diario, 02 semanal, 03 quincenal, 04 mensual, 05 bimestral. */
export const SAT_PERIODICITY: Record<GlobalPeriodicity, string> = {
  daily: "01",
  weekly: "02",
  fortnightly: "03",
  monthly: "04",
  bimonthly: "05",
};

/** The period a calendar day on Mexico City's clock belongs to. */
export function periodOfDay(day: CalendarDate, periodicity: GlobalPeriodicity): GlobalPeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const monthText = day.slice(5, 7);
  const firstOfMonth = `${day.slice(0, 7)}-01`;
  const base = { periodicity, year, months: monthText };
  switch (periodicity) {
    case "daily":
      return { ...base, key: day, firstDay: day, endDay: addDays(day, 1) };
    case "weekly": {
      // Monday to Sunday, cut at the month's end: a week's invoice names one month in Meses (docs/decisions/0309).
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(day, -weekday);
      const firstDay = monday < firstOfMonth ? firstOfMonth : monday;
      const nextMonth = addMonths(firstOfMonth, 1);
      // biome-ignore lint/complexity/useMathMinMax: ISO dates, compared as text, not numbers.
      const endDay = addDays(monday, 7) > nextMonth ? nextMonth : addDays(monday, 7);
      return { ...base, key: `${day.slice(0, 7)}-W${firstDay.slice(8, 10)}`, firstDay, endDay };
    }
    case "fortnightly":
      return Number(day.slice(8, 10)) <= 15
        ? { ...base, key: `${day.slice(0, 7)}-Q1`, firstDay: firstOfMonth, endDay: addDays(firstOfMonth, 15) }
        : {
            ...base,
            key: `${day.slice(0, 7)}-Q2`,
            firstDay: addDays(firstOfMonth, 15),
            endDay: addMonths(firstOfMonth, 1),
          };
    case "monthly":
      return { ...base, key: day.slice(0, 7), firstDay: firstOfMonth, endDay: addMonths(firstOfMonth, 1) };
    case "bimonthly": {
      const pair = Math.ceil(month / 2);
      const firstDay = `${year}-${String(pair * 2 - 1).padStart(2, "0")}-01`;
      return { ...base, key: `${year}-B${pair}`, months: String(12 + pair), firstDay, endDay: addMonths(firstDay, 2) };
    }
  }
}

/** The latest period whose invoice is due at `now`: the one before the period of `now` less the delay. */
export function lastDuePeriod(now: number, periodicity: GlobalPeriodicity): GlobalPeriod {
  const current = periodOfDay(dateIn(GLOBAL_INVOICE_TIME_ZONE, now - GLOBAL_INVOICE_DELAY_MS), periodicity);
  return periodOfDay(addDays(current.firstDay, -1), periodicity);
}

/** A catch-up never reaches further back than this many periods (a daily issuer left off for over a year). */
const MOST_PERIODS_CAUGHT_UP = 400;

/**
 * The periods whose invoices are due at `now` and not swept yet, oldest first: every period from
 * the one holding the day the last sweep reached (`sweptThrough`, the end of the last period swept)
 * to the last due one — so periods a stopped server missed are issued too, in order. With no
 * sweep yet, the last due period alone: sales from before the global invoice existed stay out.
 */
export function periodsDue(now: number, periodicity: GlobalPeriodicity, sweptThrough: string | null): GlobalPeriod[] {
  const last = lastDuePeriod(now, periodicity);
  if (!sweptThrough) return [last];
  const due: GlobalPeriod[] = [];
  let period = periodOfDay(dateIn(GLOBAL_INVOICE_TIME_ZONE, Date.parse(sweptThrough)), periodicity);
  while (period.firstDay <= last.firstDay && due.length < MOST_PERIODS_CAUGHT_UP) {
    due.push(period);
    period = periodOfDay(period.endDay, periodicity);
  }
  return due;
}

/** A period's bounds as UTC instants: [start, end). */
export const periodBounds = (period: GlobalPeriod) => ({
  start: startOfDayIn(GLOBAL_INVOICE_TIME_ZONE, period.firstDay),
  end: startOfDayIn(GLOBAL_INVOICE_TIME_ZONE, period.endDay),
});
