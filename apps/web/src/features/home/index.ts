import { lazy } from "react";

/**
 * The home feature's public entry (ARCHITECTURE.md, "The SPA"): the sections below the dashboard's
 * visits, downloaded after the dashboard itself so the first download does not grow.
 */
export const HomeOffers = lazy(() => import("./components/home-offers.tsx"));

/** The star on a lot or meter zone, for the screens that show one (docs/decisions/0241). */
export { StarToggle } from "./components/star-toggle.tsx";
