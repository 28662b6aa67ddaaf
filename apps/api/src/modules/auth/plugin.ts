import { apiModule } from "../../plugins/module.ts";
import { authRoutes } from "./routes.ts";

/** Sign-in codes, OAuth tokens and sessions (DESIGN §4, docs/decisions/0004). */
export const authModule = apiModule(
  "auth",
  { decorators: ["db", "config", "providers", "accessTokens"] },
  async (app) => {
    await app.register(authRoutes);
  },
);
