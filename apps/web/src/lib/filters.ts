/**
 * docs/product/constants.md truncate filter: cuts to `length` characters and appends an ellipsis when it cut. (The
 * spec's currency filter is `currencyFilter` in `@estaciona/contracts/money`, shared with the API.)
 */
export function truncate(text: string, length: number, ellipsis = "…"): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length)}${ellipsis}`;
}
