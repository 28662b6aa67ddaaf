/** The verification module's public entry: what account export and deletion read of a driver's disputes. */
export { eraseDisputeNotesOfUser, listDisputesOfUser } from "./repository.ts";
