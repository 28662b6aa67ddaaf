/** What verification holds on a driver (their ticket disputes), for the data export and the erasure (modules/privacy). */
export { eraseDisputeNotesOfUser, listDisputesOfUser } from "./repository.ts";
