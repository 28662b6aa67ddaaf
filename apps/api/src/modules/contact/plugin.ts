import { apiModule } from "../../plugins/module.ts";
import { contactRoutes } from "./routes.ts";
import { registerContactJobs } from "./service.ts";

/** The contact form (docs/product/invoicing-account-contact.md): stored, e-mailed to the host's operator, capped per driver and per address. */
export const contactModule = apiModule(
  "contact",
  { decorators: ["db", "config", "providers", "jobs"], modules: ["parking"] },
  async (app) => {
    registerContactJobs(app, app.jobs);
    await app.register(contactRoutes);
  },
);
