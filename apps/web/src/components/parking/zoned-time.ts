/** The phone's own time zone. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone's short name in the language: "hora de Monterrey", "CST", "PT". */
function timeZoneName(timeZone: string, locale: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: "numeric",
    timeZoneName: "shortGeneric",
  }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * An instant as the lot's clock reads it (a stay, its receipt and its exit deadline all follow
 * the lot's clock, wherever the phone is). When the phone's clock would read otherwise, the
 * zone's name follows in brackets, so "14:05" is never taken for the phone's 14:05.
 */
export function formatInZone(
  instant: string | number | Date,
  {
    locale,
    timeZone,
    withDate,
    phoneTimeZone = deviceTimeZone(),
  }: {
    locale: string;
    timeZone: string;
    withDate: boolean;
    phoneTimeZone?: string;
  },
): string {
  const at = new Date(instant);
  const style: Intl.DateTimeFormatOptions = withDate
    ? { dateStyle: "medium", timeStyle: "short" }
    : { timeStyle: "short" };
  const onLotClock = new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(at);
  const onPhoneClock = new Intl.DateTimeFormat(locale, { ...style, timeZone: phoneTimeZone }).format(at);
  return onLotClock === onPhoneClock ? onLotClock : `${onLotClock} (${timeZoneName(timeZone, locale, at)})`;
}

/**
 * From one instant to another on the lot's clock, as the language writes a range: the date once
 * when both fall on the same day ("27 nov 2026, 9:00 a.m. – 3:00 p.m."), both dates otherwise, and
 * the zone named once at the end when the phone's clock would read otherwise.
 */
export function formatRangeInZone(
  start: string | number | Date,
  end: string | number | Date,
  { locale, timeZone, phoneTimeZone = deviceTimeZone() }: { locale: string; timeZone: string; phoneTimeZone?: string },
): string {
  const style: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
  const from = new Date(start);
  const to = new Date(end);
  const onLotClock = new Intl.DateTimeFormat(locale, { ...style, timeZone }).formatRange(from, to);
  const onPhoneClock = new Intl.DateTimeFormat(locale, { ...style, timeZone: phoneTimeZone }).formatRange(from, to);
  return onLotClock === onPhoneClock ? onLotClock : `${onLotClock} (${timeZoneName(timeZone, locale, from)})`;
}

/**
 * A time of day (minutes from midnight; 1440 is the midnight that ends the day) on the language's
 * one clock, the same as every instant on screen: "8:00 p.m." in Spanish, "8:00 PM" in English
 * (docs/decisions/0168).
 */
export function clockOfDay(minutes: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }).format(
    Date.UTC(2026, 0, 1, 0, minutes % (24 * 60)),
  );
}
