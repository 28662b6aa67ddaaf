/** What contact holds on a driver, for the data export and the erasure (modules/privacy). */
export { eraseContactMessagesOfUser, listContactMessagesOfUser } from "./repository.ts";
