import { apiModule } from "../../plugins/module.ts";
import { healthRoutes } from "./routes.ts";

export const healthModule = apiModule("health", { decorators: ["db", "dbEngine", "redis"] }, async (app) => {
  await app.register(healthRoutes);
});
