import * as endpoints from "@estaciona/contracts/endpoints/verification";
import {
  PLATE_CHECKS_PER_IP_PER_HOUR,
  SIGN_CHECKS_PER_IP_PER_MINUTE,
  VERIFY_PER_IP_PER_MINUTE,
} from "@estaciona/contracts/schemas/verification";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { keyring } from "../../lib/keyring.ts";
import { requestLocale } from "../../lib/locale.ts";
import { placeSigner } from "../../lib/place-sign.ts";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin } from "../hosts/service.ts";
import { scopeOf } from "../operator/scope.ts";
import { receiptProof } from "../receipts/service.ts";
import {
  changeDisputeStatus,
  driverDispute,
  driverDisputeKit,
  listOperatorDisputes,
  openDispute,
  operatorDisputeKit,
} from "./disputes.ts";
import { checkReceiptPlate, verifyReceipt } from "./service.ts";
import { checkSign } from "./signs.ts";

/** A receipt's public check is never indexed nor kept by a shared cache. */
const unindexed = (reply: FastifyReply) =>
  reply.header("x-robots-tag", "noindex, nofollow").header("cache-control", "no-store");

/** The public check of a receipt's proof, the driver's proof and dispute, the console's disputes (docs/decisions/0200). */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const keys = keyring(app.config, "receipt-proof");
  const locale = (request: { headers: { "accept-language"?: string } }) =>
    requestLocale(request.headers["accept-language"]);

  await route(
    app,
    endpoints.verifyReceipt,
    (request, reply) => {
      unindexed(reply);
      return verifyReceipt(app.db, request.params.token, locale(request));
    },
    { rateLimit: { max: VERIFY_PER_IP_PER_MINUTE, timeWindow: 60_000 } },
  );
  await route(
    app,
    endpoints.checkReceiptPlate,
    (request, reply) => {
      unindexed(reply);
      return checkReceiptPlate(app.db, request.params.token, request.body.plate);
    },
    { rateLimit: { max: PLATE_CHECKS_PER_IP_PER_HOUR, timeWindow: 3_600_000 } },
  );

  const signer = placeSigner(app.config);
  await route(
    app,
    endpoints.checkSign,
    (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkSign(app, signer, request.body.text);
    },
    { rateLimit: { max: SIGN_CHECKS_PER_IP_PER_MINUTE, timeWindow: 60_000 } },
  );

  await route(app, endpoints.getReceiptProof, (request) =>
    receiptProof(app.db, keys, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.getReceiptDispute, (request) =>
    driverDispute(app.db, request.user.id, request.params.uuid),
  );
  await route(app, endpoints.openReceiptDispute, (request) =>
    openDispute(app.db, request.user.id, request.params.uuid, request.body),
  );
  await route(app, endpoints.downloadReceiptDisputeKit, async (request) =>
    driverDisputeKit(app.db, request.user.id, request.params.uuid, locale(request), {
      keys,
      origin: await driverOrigin(app, request),
    }),
  );

  await route(app, endpoints.listDisputes, (request) =>
    listOperatorDisputes(app.db, scopeOf(request), request.query.status),
  );
  await route(app, endpoints.changeDispute, (request) =>
    changeDisputeStatus(app.db, scopeOf(request), request.params.uuid, request.body),
  );
  await route(app, endpoints.downloadDisputeKit, async (request) =>
    operatorDisputeKit(app.db, scopeOf(request), request.params.uuid, locale(request), {
      keys,
      origin: await driverOrigin(app, request),
    }),
  );
};
