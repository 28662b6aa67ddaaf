/** The account feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { editUser } from "./api/account.ts";
export { StudentIdForm } from "./components/student-id-form.tsx";
