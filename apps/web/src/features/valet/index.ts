/** The valet feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { ValetTicketsSection } from "./components/valet-tickets-section.tsx";
