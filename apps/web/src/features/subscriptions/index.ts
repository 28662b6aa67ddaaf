/** The subscriptions feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { PlanList } from "./components/plan-list.tsx";
export { usePassFormat } from "./lib/format.ts";
