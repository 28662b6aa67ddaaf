/** What subscriptions holds on a driver, for the data export and the deletion guard (modules/privacy). */
export { listPassesHeldByUser, listSubscriptionsOfUser } from "./repository/passes.ts";
