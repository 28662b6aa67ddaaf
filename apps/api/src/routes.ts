import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./modules/auth/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { hostRoutes } from "./modules/hosts/routes.ts";
import { outboxRoutes } from "./modules/messaging/outbox-routes.ts";
import { deviceRoutes } from "./modules/parking/devices/routes.ts";
import { locationRoutes } from "./modules/parking/locations/routes.ts";
import { visitRoutes } from "./modules/parking/visits/routes.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { vehicleRoutes } from "./modules/vehicles/routes.ts";

/** Every resource's route plugin, mounted under /api (DESIGN §10). One line per resource. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(hostRoutes);
  await app.register(userRoutes);
  await app.register(vehicleRoutes);
  await app.register(paymentRoutes);
  await app.register(locationRoutes);
  await app.register(visitRoutes);
  await app.register(deviceRoutes);
  await app.register(outboxRoutes);
};
