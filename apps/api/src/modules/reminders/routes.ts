import * as endpoints from "@estaciona/contracts/endpoints/reminders";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { preferencesOf, updatePreferences } from "./preferences.ts";

export const reminderRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getReminderPreferences, (request) => preferencesOf(app, request.user.id));
  await route(app, endpoints.updateReminderPreferences, (request) =>
    updatePreferences(app.db, request.user.id, request.body),
  );
};
