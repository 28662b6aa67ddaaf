import * as endpoints from "@estaciona/contracts/endpoints/balance";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin } from "../hosts/service.ts";
import { payOut } from "./payout.ts";
import { topUpByReference } from "./reference-top-up.ts";
import { listBalances, topUp } from "./service.ts";

export const balanceRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listBalances, (request) =>
    listBalances(app.db, request.user.id, request.query.location_uuid),
  );
  await route(app, endpoints.topUpBalance, async (request, _reply, key) =>
    topUp(app, request.user, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.topUpBalanceByReference, async (request, _reply, key) =>
    topUpByReference(app, request.user, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.payOutBalance, (request, _reply, key) =>
    payOut(app, request.user, request.params.uuid, key),
  );
};
