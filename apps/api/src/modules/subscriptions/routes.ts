import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { scopeOf } from "../operator/scope.ts";
import {
  archivePlan,
  cancelSubscription,
  createDiscount,
  createPlan,
  createSubscription,
  getPartnerPage,
  getPlan,
  getPromo,
  getSubscription,
  listPlans,
  listSubscriptionPayments,
  listSubscriptions,
  paySubscription,
  quotePlan,
  refundSubscription,
  updatePlan,
} from "./service.ts";

export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listPlans, (request) => listPlans(app.db, request.query));
  await route(app, endpoints.getPlan, (request) => getPlan(app.db, request.params.uuid));
  await route(app, endpoints.getPartnerPage, (request) =>
    getPartnerPage(app.db, request.headers.host, request.params.slug),
  );
  await route(app, endpoints.quotePlan, (request) =>
    quotePlan(app.db, request.user, request.params.uuid, request.query),
  );
  await route(app, endpoints.createSubscription, (request, _reply, key) =>
    createSubscription(app, request.user, request.body, key),
  );
  await route(app, endpoints.listSubscriptions, (request) =>
    listSubscriptions(app.db, request.user.id, request.query.status),
  );
  await route(app, endpoints.listSubscriptionPayments, (request) => listSubscriptionPayments(app.db, request.user.id));
  await route(app, endpoints.getSubscription, (request) =>
    getSubscription(app.db, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.paySubscription, (request, _reply, key) =>
    paySubscription(app, request.user, request.params.uuid, request.body, key),
  );
  await route(app, endpoints.cancelSubscription, (request) =>
    cancelSubscription(app.db, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.getPromo, (request) =>
    getPromo(app.db, request.user, request.params.code, request.headers.host),
  );
  await route(app, endpoints.createPlan, (request) => createPlan(app.db, scopeOf(request), request.body));
  await route(app, endpoints.updatePlan, (request) =>
    updatePlan(app.db, scopeOf(request), request.params.uuid, request.body),
  );
  await route(app, endpoints.archivePlan, (request) => archivePlan(app.db, scopeOf(request), request.params.uuid));
  await route(app, endpoints.createDiscount, (request) => createDiscount(app.db, scopeOf(request), request.body));
  await route(app, endpoints.refundSubscription, (request, _reply, key) =>
    refundSubscription(app, scopeOf(request), request.params.uuid, request.body, key),
  );
};
