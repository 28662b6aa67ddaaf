import { apiModule } from "../../plugins/module.ts";
import { hostRoutes } from "./routes.ts";

/** White-label hosts (DESIGN §3): the config the SPA reads (the web plugin injects the same into index.html). */
export const hostsModule = apiModule("hosts", { decorators: ["db", "config"] }, async (app) => {
  await app.register(hostRoutes);
});
