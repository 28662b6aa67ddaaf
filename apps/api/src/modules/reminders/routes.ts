import * as endpoints from "@estaciona/contracts/endpoints/reminders";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { preferencesOf, updatePreferences } from "./preferences.ts";
import { removePushSubscription, savePushSubscription } from "./push.ts";

export const reminderRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.getReminderPreferences, (request) => preferencesOf(app, request.user.id));
  await route(app, endpoints.updateReminderPreferences, (request) =>
    updatePreferences(app.db, request.user.id, request.body),
  );
  await route(app, endpoints.getPushKey, async () => ({ public_key: app.config.push.vapid?.publicKey ?? null }));
  await route(app, endpoints.savePushSubscription, (request) =>
    savePushSubscription(app, { userId: request.user.id, sessionId: request.sessionId }, request.body),
  );
  await route(app, endpoints.deletePushSubscription, (request) =>
    removePushSubscription(app.db, request.user.id, request.query.endpoint),
  );
};
