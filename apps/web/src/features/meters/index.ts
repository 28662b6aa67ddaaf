/** The meters feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { ActiveMeterSessions } from "./components/active-meter-sessions.tsx";
