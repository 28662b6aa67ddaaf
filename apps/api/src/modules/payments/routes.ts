import { idempotencyKeyHeader } from "@estaciona/contracts/schemas/common";
import {
  cardFormConfigQuery,
  cardFormConfig as cardFormConfigSchema,
  completeThreeDsBody,
  mexicanCardBody,
  paymentMethod,
  paymentMethodParams,
  paymentState,
  savedCardAnswer,
  usCardBody,
} from "@estaciona/contracts/schemas/payment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { idempotent, purgeIdempotencyKeys } from "./idempotency.ts";
import { chargeFailure, refreshCharge, registerLedgerJobs, sweepPayments } from "./ledger.ts";
import {
  cardFormConfig,
  deletePaymentMethod,
  listPaymentMethods,
  saveCard,
  setDefaultPaymentMethod,
} from "./service.ts";

/** Card calls (spec §7, DESIGN §6). Money routes take an `Idempotency-Key` header (idempotency.ts). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The ledger's recoverable work (reconciliation, refunds) and the key purge run in the job worker.
  registerLedgerJobs(app, app.jobs);
  app.jobs.every("purge idempotency keys", 3600_000, () => purgeIdempotencyKeys(app.db));
  app.jobs.every("sweep unsettled payments and unrefunded verifications", 5 * 60_000, async () => {
    await sweepPayments(app);
  });

  app.get(
    "/user/conekta/token",
    {
      schema: {
        tags: ["payments"],
        summary: "A checkout request id for the Mexican card component",
        response: { 200: z.object({ data: z.string() }) },
      },
    },
    async () => {
      const gateway = app.providers.payments.mx;
      if (!gateway.createCheckoutRequest) throw new AppError("action_not_available", { status: 422 });
      return { data: await gateway.createCheckoutRequest() };
    },
  );

  app.get(
    "/user/payment/config",
    {
      schema: {
        tags: ["payments"],
        summary: "How the SPA renders the card form for a country (provider, public key, script or sandbox frame)",
        querystring: cardFormConfigQuery,
        response: { 200: z.object({ data: cardFormConfigSchema }) },
      },
    },
    async (request) => {
      const { country, gateway } = request.query;
      if (gateway === "netpay" && country !== "mx") throw new AppError("invalid_data");
      return { data: cardFormConfig(app.providers.payments, gateway === "netpay" ? "netpay" : country) };
    },
  );

  // The two Mexican card calls differ only in the gateway their token comes from.
  for (const { url, slot, summary } of [
    {
      url: "/user/payment/method",
      slot: "mx",
      summary: "Save a Mexican card from its Conekta token (10 MXN verification charge, refunded)",
    },
    { url: "/user/netpay/payment/method", slot: "netpay", summary: "Save a Mexican card from its NetPay token" },
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: ["payments"],
          summary,
          headers: idempotencyKeyHeader,
          body: mexicanCardBody,
          response: { 201: z.object({ data: savedCardAnswer }) },
        },
      },
      async (request, reply) =>
        idempotent(app.db, request, reply, async (key) => ({
          status: 201,
          body: {
            data: await saveCard(app, {
              user: request.user,
              ip: request.ip,
              slot,
              token: request.body.token,
              freeFlow: request.body.free_flow,
              idempotencyKey: key,
            }),
          },
        })),
    );
  }

  app.post(
    "/user/nmi/payment/method",
    {
      schema: {
        tags: ["payments"],
        summary: "Save a US card from its Collect.js payment token (1 USD verification charge, refunded)",
        headers: idempotencyKeyHeader,
        body: usCardBody,
        response: { 201: z.object({ data: savedCardAnswer }) },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, async (key) => ({
        status: 201,
        body: {
          data: await saveCard(app, {
            user: request.user,
            ip: request.ip,
            slot: "us",
            token: request.body.payment_token,
            freeFlow: false,
            holder: {
              firstName: request.body.first_name,
              lastName: request.body.last_name,
              zipCode: request.body.zip_code,
            },
            idempotencyKey: key,
          }),
        },
      })),
  );

  app.get(
    "/user/payment/methods",
    {
      schema: {
        tags: ["payments"],
        summary: "The driver's saved cards",
        response: { 200: z.object({ data: z.array(paymentMethod) }) },
      },
    },
    async (request) => ({ data: await listPaymentMethods(app, request.user.id) }),
  );

  app.put(
    "/user/payment/method/:uuid/default",
    {
      schema: {
        tags: ["payments"],
        summary: "Make a card the default for its country",
        params: paymentMethodParams,
        response: { 200: z.object({ data: paymentMethod }) },
      },
    },
    async (request) => ({ data: await setDefaultPaymentMethod(app, request.user.id, request.params.uuid) }),
  );

  app.delete(
    "/user/payment/method/:uuid",
    {
      schema: {
        tags: ["payments"],
        summary: "Remove a card (not the default while others exist; not the last one while it is needed)",
        params: paymentMethodParams,
        response: { 200: z.object({ data: z.array(paymentMethod) }) },
      },
    },
    async (request) => {
      await deletePaymentMethod(app, request.user.id, request.params.uuid);
      return { data: await listPaymentMethods(app, request.user.id) };
    },
  );

  app.post(
    "/user/payment/3ds/complete",
    {
      schema: {
        tags: ["payments"],
        summary: "After a 3-D Secure challenge: re-read the charge from the gateway and record it",
        body: completeThreeDsBody,
        response: { 200: z.object({ data: paymentState }) },
      },
    },
    async (request) => {
      const result = await refreshCharge(app, request.user.id, request.body.payment);
      const failure = result.status === "failed" ? chargeFailure(result) : null;
      if (failure) throw failure;
      return {
        data: {
          payment: result.payment.id,
          purpose: result.payment.purpose,
          status: result.payment.status,
          redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
          failure_code: result.payment.failure_code,
        },
      };
    },
  );
};
