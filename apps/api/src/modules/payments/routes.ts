import * as endpoints from "@estaciona/contracts/endpoints/payments";
import { getPaymentReference, listAwaitingReferences } from "@estaciona/contracts/endpoints/references";
import { createWalletPayment as createWalletPaymentCall } from "@estaciona/contracts/endpoints/wallets";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin } from "../hosts/service.ts";
import { cardFormConfigFor, createCheckoutRequest, type GatewaySlot } from "./card-form.ts";
import { saveCard } from "./card-saving.ts";
import { awaitingReferencesOfUser, referenceOfUser } from "./references/service.ts";
import { completeThreeDs, deletePaymentMethod, listPaymentMethods, setDefaultPaymentMethod } from "./service.ts";
import { createWalletPayment } from "./wallet-payments.ts";

/** Card calls (docs/product/calls-and-errors.md, docs/product/money.md). Saving a card is idempotent: it charges (and refunds) a verification. */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  await route(app, getPaymentReference, (request) => referenceOfUser(app.db, request.user.id, request.params.uuid));
  await route(app, listAwaitingReferences, (request) => awaitingReferencesOfUser(app.db, request.user.id));
  await route(app, endpoints.getConektaCheckout, () => createCheckoutRequest(app.providers.payments));
  await route(app, endpoints.getCardFormConfig, async (request) =>
    cardFormConfigFor(app.providers.payments, request.query),
  );

  // The two Mexican card calls differ only in the gateway their token comes from.
  const mexicanCards: [typeof endpoints.saveMexicanCard, GatewaySlot][] = [
    [endpoints.saveMexicanCard, "mx"],
    [endpoints.saveNetpayCard, "netpay"],
  ];
  for (const [endpoint, slot] of mexicanCards)
    await route(app, endpoint, async (request, _reply, idempotencyKey) =>
      saveCard(app, {
        user: request.user,
        ip: request.ip,
        slot,
        token: request.body.token,
        freeFlow: request.body.free_flow,
        idempotencyKey,
        returnOrigin: await driverOrigin(app, request),
      }),
    );
  await route(app, endpoints.saveUsCard, async (request, _reply, idempotencyKey) =>
    saveCard(app, {
      user: request.user,
      ip: request.ip,
      slot: "us",
      token: request.body.payment_token,
      freeFlow: false,
      holder: { firstName: request.body.first_name, lastName: request.body.last_name, zipCode: request.body.zip_code },
      idempotencyKey,
      returnOrigin: await driverOrigin(app, request),
    }),
  );

  await route(app, endpoints.listPaymentMethods, (request) => listPaymentMethods(app, request.user.id));
  await route(app, endpoints.setDefaultPaymentMethod, (request) =>
    setDefaultPaymentMethod(app, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.deletePaymentMethod, async (request) => {
    await deletePaymentMethod(app, request.user.id, request.params.uuid);
    return listPaymentMethods(app, request.user.id);
  });
  await route(app, createWalletPaymentCall, (request) => createWalletPayment(app, request.user, request.body));
  await route(app, endpoints.completeThreeDs, (request) => completeThreeDs(app, request.user.id, request.body.payment));
};
