/** What parking holds on a driver, for the data export and the deletion guard (modules/privacy). */
export { listAllVisitsOfUser, listOpenVisitsOfUser } from "./visits/repository.ts";
