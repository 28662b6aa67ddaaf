/** CSV files the API writes (the console's export, the driver's statement). */

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (OWASP CSV injection). */
export function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as a decimal with two places, from the integer's digits (no floating point). */
export const decimal = (minor: number): string => {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
