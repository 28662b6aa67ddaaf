import { apiModule } from "../../plugins/module.ts";
import { registerCancellationJobs } from "./cancellation.ts";
import { registerCreditNotes } from "./credit-note-issuing.ts";
import { registerGlobalInvoicing } from "./global-invoicing.ts";
import { registerInvoicingJobs } from "./issuing.ts";
import { invoicingRoutes } from "./routes.ts";

/**
 * Mexican tax invoices (docs/product/invoicing-account-contact.md): fiscal profiles, invoice requests for paid payments, the
 * issuing and e-mailing jobs, the operators' approval queue. It reads the ledger's payments and
 * the parking locations they paid for.
 */
export const invoicingModule = apiModule(
  "invoicing",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["payments", "parking"] },
  async (app) => {
    registerInvoicingJobs(app, app.jobs);
    registerCancellationJobs(app, app.jobs);
    registerGlobalInvoicing(app, app.jobs);
    registerCreditNotes(app, app.jobs);
    await app.register(invoicingRoutes);
  },
);
