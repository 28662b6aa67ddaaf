/** What vehicles holds on a driver, for the data export and the erasure (modules/privacy). */
export { erasePlatesOfUser, listAllVehiclesOfUser } from "./repository.ts";
export { toVehicle } from "./service.ts";
