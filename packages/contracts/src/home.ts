/**
 * The driver's home below the visits (docs/product/screens-and-routes.md, docs/decisions/0170): which
 * sections a host shows and in which order follow from its enabled features (docs/product/hosts-and-themes.md). Shared so
 * the API fills only the lists the host shows and the SPA lays them out in the same order.
 */
export const HOME_SECTIONS = ["student_pass", "plates", "lots", "meters", "events", "passes", "valet", "help"] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** How many of each product the home lists (the nearest or soonest): a list screen has the rest. */
export const HOME_LIST_LIMIT = 4;

export function homeSections(features: readonly string[]): HomeSection[] {
  const has = (feature: string) => features.includes(feature);
  // A university host exists to sell its student pass; a freeflow host, to register plates.
  const lead: HomeSection[] = has("student_id") && has("subscriptions") ? ["student_pass"] : [];
  if (has("freeflow")) lead.push("plates");
  const offered: [HomeSection, boolean][] = [
    ["lots", has("visits")],
    ["meters", has("meters")],
    ["events", has("events")],
    ["passes", has("subscriptions")],
    ["valet", has("valet")],
  ];
  return [...lead, ...offered.filter(([, on]) => on).map(([section]) => section), "help"];
}
