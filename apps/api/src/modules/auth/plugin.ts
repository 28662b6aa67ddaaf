import { apiModule } from "../../plugins/module.ts";
import { authRoutes } from "./routes.ts";

/** Sign-in codes, OAuth tokens and sessions (docs/product/sign-in-and-sessions.md, docs/decisions/0004). */
export const authModule = apiModule(
  "auth",
  { decorators: ["db", "config", "providers", "accessTokens"] },
  async (app) => {
    await app.register(authRoutes);
  },
);
