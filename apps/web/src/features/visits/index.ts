/** The visits feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { dashboardQuery, refreshParking, startVisit, visitQuery, visitsQuery } from "./api/visits.ts";
export { PayPanel } from "./components/pay-panel.tsx";
export { VisitList } from "./components/visit-list.tsx";
