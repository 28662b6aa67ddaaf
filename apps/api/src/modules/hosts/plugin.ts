import { apiModule } from "../../plugins/module.ts";
import { hostRoutes } from "./routes.ts";

/** White-label hosts (docs/product/hosts-and-themes.md): the config the SPA reads (the web plugin injects the same into index.html). */
export const hostsModule = apiModule("hosts", { decorators: ["db", "config"] }, async (app) => {
  await app.register(hostRoutes);
});
