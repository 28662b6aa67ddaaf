import type { FastifyPluginAsync } from "fastify";
import { authModule } from "./modules/auth/plugin.ts";
import { balanceModule } from "./modules/balance/plugin.ts";
import { contactModule } from "./modules/contact/plugin.ts";
import { eventsModule } from "./modules/events/plugin.ts";
import { healthModule } from "./modules/health/plugin.ts";
import { homeModule } from "./modules/home/plugin.ts";
import { hostsModule } from "./modules/hosts/plugin.ts";
import { invoicingModule } from "./modules/invoicing/plugin.ts";
import { messagingModule } from "./modules/messaging/plugin.ts";
import { metersModule } from "./modules/meters/plugin.ts";
import { operatorModule } from "./modules/operator/plugin.ts";
import { parkingModule } from "./modules/parking/plugin.ts";
import { paymentsModule } from "./modules/payments/plugin.ts";
import { receiptsModule } from "./modules/receipts/plugin.ts";
import { remindersModule } from "./modules/reminders/plugin.ts";
import { subscriptionsModule } from "./modules/subscriptions/plugin.ts";
import { usersModule } from "./modules/users/plugin.ts";
import { valetModule } from "./modules/valet/plugin.ts";
import { vehiclesModule } from "./modules/vehicles/plugin.ts";
import { verificationModule } from "./modules/verification/plugin.ts";
import { webhooksModule } from "./modules/webhooks/plugin.ts";

/**
 * Every feature module, mounted under /api (docs/product/calls-and-errors.md). One line per module; a module that
 * relies on another one declares it (plugins/module.ts) and must come after it.
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthModule);
  await app.register(hostsModule);
  await app.register(remindersModule);
  await app.register(authModule);
  await app.register(messagingModule);
  await app.register(vehiclesModule);
  await app.register(paymentsModule);
  await app.register(parkingModule);
  await app.register(balanceModule);
  await app.register(metersModule);
  await app.register(eventsModule);
  await app.register(valetModule);
  await app.register(invoicingModule);
  // After the modules whose work its events are applied through (payments, invoicing).
  await app.register(webhooksModule);
  await app.register(subscriptionsModule);
  await app.register(homeModule);
  await app.register(receiptsModule);
  await app.register(verificationModule);
  // After verification: the export and the deletion read and erase the driver's disputes.
  await app.register(usersModule);
  await app.register(contactModule);
  await app.register(operatorModule);
};
