import * as endpoints from "@estaciona/contracts/endpoints/receipts";
import type { FastifyPluginAsync } from "fastify";
import { requestLocale } from "../../lib/locale.ts";
import { route } from "../../plugins/endpoints.ts";
import { listHistory, tagPayment } from "./history.ts";
import { getReceipt, listReceipts, receiptPdf } from "./service.ts";
import { statementCsv, statementPdf } from "./statement.ts";

export const receiptRoutes: FastifyPluginAsync = async (app) => {
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
  await route(app, endpoints.downloadReceiptPdf, (request) =>
    receiptPdf(app.db, request.user.id, request.params.uuid, requestLocale(request.headers["accept-language"])),
  );
};
