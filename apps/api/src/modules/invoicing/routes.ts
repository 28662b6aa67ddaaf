import * as endpoints from "@estaciona/contracts/endpoints/invoicing";
import type { FastifyPluginAsync } from "fastify";
import { requestLocale } from "../../lib/locale.ts";
import { route } from "../../plugins/endpoints.ts";
import { scopeOf } from "../operator/scope.ts";
import { cancelInvoice } from "./cancellation.ts";
import {
  creditNoteFileForDriver,
  creditNoteFileForOperator,
  listCreditNotes,
  retryCreditNote,
} from "./credit-note-presenting.ts";
import { globalInvoiceFile, globalInvoicesCsv, listGlobalInvoices } from "./global-presenting.ts";
import { globalInvoiceSettings, setGlobalInvoiceSettings } from "./global-settings.ts";
import { listInvoiceablePayments } from "./invoiceable.ts";
import { getInvoice, invoiceFile, listInvoices } from "./presenting.ts";
import { requestInvoice, requestMonthlyInvoice } from "./requests.ts";
import { approveInvoice, listPendingInvoices, rejectInvoice } from "./review.ts";
import { createTaxProfile, editTaxProfile, listTaxProfiles, removeTaxProfile } from "./tax-profiles.ts";

/** Fiscal profiles, invoice requests and downloads for drivers; the approval queue for operators. */
export const invoicingRoutes: FastifyPluginAsync = async (app) => {
  await route(app, endpoints.listTaxProfiles, (request) => listTaxProfiles(app.db, request.user.id));
  await route(app, endpoints.createTaxProfile, (request) => createTaxProfile(app.db, request.user.id, request.body));
  await route(app, endpoints.updateTaxProfile, (request) =>
    editTaxProfile(app.db, request.user.id, request.params.uuid, request.body),
  );
  await route(app, endpoints.deleteTaxProfile, async (request) => {
    await removeTaxProfile(app.db, request.user.id, request.params.uuid);
    return null;
  });

  await route(app, endpoints.listInvoiceablePayments, (request) =>
    listInvoiceablePayments(app.db, request.user.id, requestLocale(request.headers["accept-language"])),
  );
  await route(app, endpoints.requestInvoice, (request) => requestInvoice(app.db, request.user.id, request.body));
  await route(app, endpoints.requestMonthlyInvoice, (request) =>
    requestMonthlyInvoice(app.db, request.user.id, request.body),
  );
  await route(app, endpoints.listInvoices, (request) => listInvoices(app.db, request.user.id));
  await route(app, endpoints.getInvoice, (request) => getInvoice(app.db, request.user.id, request.params.uuid));
  await route(app, endpoints.downloadInvoiceXml, (request) =>
    invoiceFile(app.db, request.user.id, request.params.uuid, "xml"),
  );
  await route(app, endpoints.downloadInvoicePdf, (request) =>
    invoiceFile(app.db, request.user.id, request.params.uuid, "pdf"),
  );

  await route(app, endpoints.listPendingInvoices, (request) => listPendingInvoices(app.db, scopeOf(request)));
  await route(app, endpoints.approveInvoice, (request) =>
    approveInvoice(app.db, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.rejectInvoice, (request) =>
    rejectInvoice(app.db, scopeOf(request), request.params.uuid, request.body.reason),
  );
  await route(app, endpoints.listGlobalInvoices, (request) => listGlobalInvoices(app.db, scopeOf(request)));
  await route(app, endpoints.exportGlobalInvoices, async (request, reply) => {
    reply.type("text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="global-invoices.csv"');
    return globalInvoicesCsv(app.db, scopeOf(request), requestLocale(request.headers["accept-language"]));
  });
  await route(app, endpoints.downloadGlobalInvoiceXml, (request) =>
    globalInvoiceFile(app.db, scopeOf(request), request.params.uuid, "xml"),
  );
  await route(app, endpoints.downloadGlobalInvoicePdf, (request) =>
    globalInvoiceFile(app.db, scopeOf(request), request.params.uuid, "pdf"),
  );
  await route(app, endpoints.downloadMyCreditNoteXml, (request) =>
    creditNoteFileForDriver(app.db, request.user.id, request.params.uuid, "xml"),
  );
  await route(app, endpoints.downloadMyCreditNotePdf, (request) =>
    creditNoteFileForDriver(app.db, request.user.id, request.params.uuid, "pdf"),
  );
  await route(app, endpoints.listCreditNotes, (request) => listCreditNotes(app.db, scopeOf(request)));
  await route(app, endpoints.retryCreditNote, (request) =>
    retryCreditNote(app.db, scopeOf(request), request.params.uuid),
  );
  await route(app, endpoints.downloadCreditNoteXml, (request) =>
    creditNoteFileForOperator(app.db, scopeOf(request), request.params.uuid, "xml"),
  );
  await route(app, endpoints.downloadCreditNotePdf, (request) =>
    creditNoteFileForOperator(app.db, scopeOf(request), request.params.uuid, "pdf"),
  );
  await route(app, endpoints.getGlobalInvoiceSettings, (request) => globalInvoiceSettings(app.db, scopeOf(request)));
  await route(app, endpoints.updateGlobalInvoiceSettings, (request) =>
    setGlobalInvoiceSettings(app, scopeOf(request), request.body),
  );
  await route(app, endpoints.cancelInvoice, (request) => cancelInvoice(app, scopeOf(request), request.params.uuid));
};
