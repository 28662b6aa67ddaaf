/** Timestamps are ISO-8601 UTC text everywhere (docs/decisions/0003). Date.now() so tests can fake the clock. */
export const nowIso = (): string => new Date(Date.now()).toISOString();
export const isoAfter = (seconds: number, from: number = Date.now()): string =>
  new Date(from + seconds * 1000).toISOString();
export const isoBefore = (seconds: number, from: number = Date.now()): string =>
  new Date(from - seconds * 1000).toISOString();
export const secondsUntil = (iso: string): number => (Date.parse(iso) - Date.now()) / 1000;
export const todayIn = (timeZone: string, at: number = Date.now()): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
