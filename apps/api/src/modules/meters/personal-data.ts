/** What meters holds on a driver, for the deletion guard (modules/privacy). */
export { listRunningSessionsOfUser } from "./repository.ts";
