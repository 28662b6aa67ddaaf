/** What events holds on a driver, for the data export and the deletion guard (modules/privacy). */
export { listAllEventVisitsOfUser, listUpcomingEventVisitsOfUser } from "./repository.ts";
