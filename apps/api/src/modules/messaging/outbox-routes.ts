import * as endpoints from "@estaciona/contracts/endpoints/sandbox";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { listSandboxMessages } from "./repository.ts";

export const outboxRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listOutbox, (request) => listSandboxMessages(app.db, request.query));
};
