import { apiModule } from "../../plugins/module.ts";
import { receiptRoutes } from "./routes.ts";

/** Receipts of every product (docs/decisions/0111): the screen's data and the PDF, read from the ledger. */
export const receiptsModule = apiModule(
  "receipts",
  { decorators: ["db"], modules: ["payments", "parking", "meters", "events", "valet", "subscriptions", "balance"] },
  async (app) => {
    await app.register(receiptRoutes);
  },
);
