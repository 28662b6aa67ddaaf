/** The freeflow feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { FreeflowAccount } from "./components/freeflow-account.tsx";
