import { apiModule } from "../../plugins/module.ts";
import { userRoutes } from "./routes.ts";

/** The driver's profile, language, e-mail verification, account deletion and export (docs/product/invoicing-account-contact.md, docs/decisions/0005). */
export const usersModule = apiModule(
  "users",
  { decorators: ["db", "config", "providers"], modules: ["verification"] },
  async (app) => {
    await app.register(userRoutes);
  },
);
