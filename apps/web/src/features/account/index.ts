/** The account feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
import { lazy } from "react";

export { editUser } from "./api/account.ts";

/**
 * The student id asked at a student pass's checkout (docs/decisions/0250). Lazy: it brings the
 * account's texts, which the features that only call `editUser` (the wizard, the card profile) do
 * not need.
 */
export const StudentIdForm = lazy(() =>
  import("./components/student-id-form.tsx").then((module) => ({ default: module.StudentIdForm })),
);
