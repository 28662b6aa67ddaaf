import { apiModule } from "../../plugins/module.ts";
import { reminderRoutes } from "./routes.ts";

/**
 * Reminders the driver controls (docs/product/reminders.md): their preferences, the one schedule
 * every notice uses (meters, pass renewals) and the extend links. It relies on no feature, so the
 * features that revoke links (sign-out, cards, suspension, deletion) may use it from the floor.
 */
export const remindersModule = apiModule("reminders", { decorators: ["db", "config", "providers"] }, async (app) => {
  await app.register(reminderRoutes);
});
