import { apiModule } from "../../plugins/module.ts";
import { verificationRoutes } from "./routes.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (issue 26 item 5, docs/decisions/0200):
 * the public check of a receipt's QR token, the driver's "I got a ticket" and the console's
 * disputes. It reads receipts through the receipts module.
 */
export const verificationModule = apiModule(
  "verification",
  { decorators: ["db", "config"], modules: ["payments", "parking", "receipts"] },
  async (app) => {
    await app.register(verificationRoutes);
  },
);
