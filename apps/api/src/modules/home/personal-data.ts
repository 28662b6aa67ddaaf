/** What the home holds on a driver (their starred places), for the data export and the erasure (modules/privacy). */
export { eraseFavouritesOfUser, listFavouritesOfUser } from "./places-repository.ts";
