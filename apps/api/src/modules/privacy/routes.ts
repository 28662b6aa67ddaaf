import * as endpoints from "@estaciona/contracts/endpoints/users";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { listDeletionBlockers } from "./deletion-blockers.ts";
import { deleteAccount } from "./erasure.ts";
import { exportUserData } from "./export.ts";

/** The driver's own data: what holds the account, its deletion and the export of everything we keep. */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.deleteAccount, async (request) => {
    await deleteAccount(app.db, request.user.id);
    return null;
  });

  await route(app, endpoints.listDeletionBlockers, (request) => listDeletionBlockers(app.db, request.user.id));

  await route(app, endpoints.exportUserData, (request, reply) => {
    reply.header("content-disposition", 'attachment; filename="estaciona-data.json"');
    return exportUserData(app.db, request.user);
  });
};
