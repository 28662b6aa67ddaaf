/** What invoicing holds on a driver, for the data export and the erasure (modules/privacy). */
export {
  eraseInvoiceContactsOfUser,
  eraseTaxProfilesOfUser,
  listAllTaxProfilesOfUser,
  listInvoicesOfUser,
} from "./repository.ts";
