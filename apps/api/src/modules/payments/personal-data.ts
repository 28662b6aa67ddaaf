/** What payments holds on a driver, for the data export, the erasure and the deletion guard (modules/privacy). */
export {
  eraseCardDataOfUser,
  listAllCardsOfUser,
  listBalancesOfUserForExport,
  listChargesInFlightOfUser,
  listPaymentsOfUser,
  listPositiveBalancesOfUser,
} from "./personal-data-repository.ts";
