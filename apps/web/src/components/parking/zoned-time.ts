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
