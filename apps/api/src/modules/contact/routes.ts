import * as endpoints from "@estaciona/contracts/endpoints/contact";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { resolveHost } from "../hosts/service.ts";
import { sendContactMessage } from "./service.ts";

export const contactRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.sendContactMessage, async (request) =>
    sendContactMessage(
      app.db,
      app.config.contact,
      { userId: request.user.id, ip: request.ip, host: await resolveHost(app.db, request.headers.host) },
      request.body,
    ),
  );
};
