import { z } from "zod";

/**
 * The meters map's default base: OpenFreeMap's "liberty" style, free and keyless, whose style,
 * tiles, glyphs and sprites all come from this one origin (decision 0220). The only place that names it.
 */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

/** A comma list of http(s) URLs, kept as their origins. */
export const urlOrigins = z
  .string()
  .optional()
  .transform((raw, context): string[] => {
    const entries = (raw ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const origins: string[] = [];
    for (const entry of entries) {
      const parsed = URL.canParse(entry) ? new URL(entry) : null;
      if (!parsed || !["http:", "https:"].includes(parsed.protocol)) {
        context.addIssue({ code: "custom", message: `not an http(s) URL: ${entry}` });
        return z.NEVER;
      }
      origins.push(parsed.origin);
    }
    return origins;
  });

/** MAP_STYLE_URL: an http(s) style URL, or `offline` for our own plain style only. */
export const mapStyleUrl = z.union([z.literal("offline"), z.url({ protocol: /^https?$/ })]).optional();
