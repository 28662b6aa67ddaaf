import { apiModule } from "../../plugins/module.ts";
import { vehicleRoutes } from "./routes.ts";

export const vehiclesModule = apiModule("vehicles", { decorators: ["db"] }, async (app) => {
  await app.register(vehicleRoutes);
});
