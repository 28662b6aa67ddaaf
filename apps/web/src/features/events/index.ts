/** The events feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */

export { EventList } from "./components/event-card.tsx";
export { EventVisitsSection } from "./components/event-visits-section.tsx";
export { VenueEvents } from "./components/venue-events.tsx";
