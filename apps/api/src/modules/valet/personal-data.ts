/** What valet holds on a driver, for the data export and the deletion guard (modules/privacy). */
export { listAllTicketsOfUser, listOpenTicketsOfUser } from "./repository.ts";
