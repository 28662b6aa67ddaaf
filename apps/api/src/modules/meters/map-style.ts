/**
 * The meters map's own style (MapLibre style spec v8), used when no MAP_STYLE_URL is configured:
 * a plain background and nothing fetched from anywhere — no tiles, no glyphs, no sprites — so the
 * map works with no internet. The SPA draws the zones (areas, clustered points) on top of this or
 * of a configured production style alike.
 */
export const OFFLINE_MAP_STYLE = {
  version: 8,
  name: "Estaciona offline",
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#eef1f4" } }],
} as const;
