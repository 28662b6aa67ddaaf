import * as endpoints from "@estaciona/contracts/endpoints/receipts";
import type { FastifyPluginAsync } from "fastify";
import { keyring } from "../../lib/keyring.ts";
import { requestLocale } from "../../lib/locale.ts";
import { route } from "../../plugins/endpoints.ts";
import { driverOrigin } from "../hosts/service.ts";
import { listHistory, tagPayment } from "./history.ts";
import { getReceipt, listReceipts, receiptPdf } from "./service.ts";
import { statementCsv, statementPdf } from "./statement.ts";

export const receiptRoutes: FastifyPluginAsync = async (app) => {
  const proofKeys = keyring(app.config, "receipt-proof");
  await route(app, endpoints.listReceipts, (request) =>
    listReceipts(
      app.db,
      request.user.id,
      request.query.product_uuid,
      requestLocale(request.headers["accept-language"]),
    ),
  );
  await route(app, endpoints.listReceiptHistory, (request) =>
    listHistory(app.db, request.user.id, request.query, requestLocale(request.headers["accept-language"])),
  );
  await route(app, endpoints.downloadStatementCsv, (request) =>
    statementCsv(app.db, request.user.id, request.query, requestLocale(request.headers["accept-language"])),
  );
  await route(app, endpoints.downloadStatementPdf, (request) =>
    statementPdf(
      app.db,
      request.user.id,
      request.query,
      requestLocale(request.headers["accept-language"]),
      app.config.publicUrl,
    ),
  );
  await route(app, endpoints.getReceipt, (request) =>
    getReceipt(app.db, request.user.id, request.params.uuid, requestLocale(request.headers["accept-language"])),
  );
  await route(app, endpoints.tagReceipt, (request) =>
    tagPayment(app.db, request.user.id, request.params.uuid, request.body.tag),
  );
  await route(app, endpoints.downloadReceiptPdf, async (request) =>
    receiptPdf(app.db, request.user.id, request.params.uuid, requestLocale(request.headers["accept-language"]), {
      keys: proofKeys,
      origin: await driverOrigin(app, request),
    }),
  );
};
