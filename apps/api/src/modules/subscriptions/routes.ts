import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin, hostLocationIds } from "../hosts/service.ts";
import { scopeOf } from "../operator/scope.ts";
import {
  cancelSubscription,
  getSubscription,
  listSubscriptionPayments,
  listSubscriptions,
  refundSubscription,
} from "./passes.ts";
import { archivePlan, createPlan, getPartnerPage, getPlan, listAdminPlans, listPlans, updatePlan } from "./plans.ts";
import { createDiscount, disableDiscount, getPromo, listDiscounts, updateDiscount } from "./promo-codes.ts";
import { createSubscription, paySubscription, quotePlan } from "./purchase.ts";

export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listPlans, async (request) =>
    listPlans(app.db, request.query, await hostLocationIds(app.db, request.headers.host)),
  );
  await route(app, endpoints.getPlan, async (request) =>
    getPlan(app.db, request.params.uuid, await hostLocationIds(app.db, request.headers.host)),
  );
  await route(app, endpoints.getPartnerPage, (request) =>
    getPartnerPage(app.db, request.headers.host, request.params.slug),
  );
  await route(app, endpoints.quotePlan, (request) =>
    quotePlan(app.db, request.user, request.params.uuid, request.query),
  );
  await route(app, endpoints.createSubscription, async (request, _reply, key) =>
    createSubscription(app, request.user, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.listSubscriptions, (request) =>
    listSubscriptions(app.db, request.user.id, request.query.status),
  );
  await route(app, endpoints.listSubscriptionPayments, (request) => listSubscriptionPayments(app.db, request.user.id));
  await route(app, endpoints.getSubscription, (request) =>
    getSubscription(app.db, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.paySubscription, async (request, _reply, key) =>
    paySubscription(app, request.user, request.params.uuid, request.body, key, await driverOrigin(app, request)),
  );
  await route(app, endpoints.cancelSubscription, (request) =>
    cancelSubscription(app.db, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.getPromo, (request) =>
    getPromo(app.db, request.user, request.params.code, request.headers.host),
  );
  await route(app, endpoints.listAdminPlans, (request) => listAdminPlans(app.db, scopeOf(request), request.query));
  await route(app, endpoints.listDiscounts, (request) => listDiscounts(app.db, scopeOf(request), request.query));
  await route(app, endpoints.updateDiscount, (request) =>
    updateDiscount(app.db, scopeOf(request), request.params.uuid, request.body),
  );
  await route(app, endpoints.disableDiscount, (request) =>
    disableDiscount(app.db, scopeOf(request), request.params.uuid),
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
