/** What users holds on a driver (the profile and its sessions), for the data export and the erasure (modules/privacy). */
export { anonymiseUser, findUserById, listSessionsOfUser, lockActiveUser, revokeSessionsOfUser } from "./repository.ts";
