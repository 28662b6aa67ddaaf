/** What messaging holds on a driver (what we sent them), for the data export and the erasure (modules/privacy). */
export { eraseMessagesAbout, listMessagesTo } from "./repository.ts";
