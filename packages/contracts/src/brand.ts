/**
 * The host's primary colour as the theme's custom properties (docs/product/hosts-and-themes.md): the API writes them on
 * the page's body (first paint) and the SPA applies them again. The colour passed the 4.5:1 rule
 * against white when it was saved (`contrastWithWhite`), so white text on `--brand` is readable;
 * text in the brand colour is darkened a little so it stays readable on `--brand-soft` too.
 */
export function brandCustomProperties(primaryColor: string): Record<string, string> | null {
  const color = primaryColor.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(color)) return null;
  return {
    "--brand": color,
    "--brand-strong": `color-mix(in srgb, ${color} 80%, black)`,
    "--brand-soft": `color-mix(in srgb, ${color} 8%, white)`,
    "--brand-text": `color-mix(in srgb, ${color} 85%, black)`,
  };
}

/** The same properties as a `style` attribute's text. */
export const brandStyle = (primaryColor: string): string =>
  Object.entries(brandCustomProperties(primaryColor) ?? {})
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
