import * as endpoints from "@estaciona/contracts/endpoints/receipts";
import type { ExpenseTag, StatementQuery } from "@estaciona/contracts/schemas/receipts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { base64Blob, saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

export const receiptQuery = (uuid: string) => endpointQuery(endpoints.getReceipt, { params: { uuid } });

/** The receipts of one product (a visit, event pass, meter session, valet ticket or pass). */
export const productReceiptsQuery = (productUuid: string) =>
  endpointQuery(endpoints.listReceipts, { query: { product_uuid: productUuid } });

/** Saves the receipt's PDF (in the screen's language) under its own file name. */
export async function downloadReceiptPdf(uuid: string): Promise<void> {
  const file = await callEndpoint(endpoints.downloadReceiptPdf, { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}

/** A period of the receipts history: from (inclusive) to (exclusive), instants of the phone's own clock. */
export type Period = StatementQuery;

/** The receipts history of a period, newest first, a keyset page at a time (docs/decisions/0187). */
export const historyQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: endpointKey(endpoints.listReceiptHistory, { query: period }),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        endpoints.listReceiptHistory,
        { query: { ...period, cursor: pageParam, limit: 20 } },
        { signal, handleErrors: false },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // Any product's payment adds a line: the history is read afresh each time it is opened.
    staleTime: 0,
  });

/** Every page of every period: what a new tag makes stale (a refund reads its charge's tag). */
export const historyKey = endpointKey(endpoints.listReceiptHistory);

export const tagReceipt = (uuid: string, tag: ExpenseTag) =>
  callEndpoint(endpoints.tagReceipt, { params: { uuid }, body: { tag } });

/** Saves the period's statement, CSV or PDF, in the screen's language, under its own file name. */
export async function downloadStatement(format: "csv" | "pdf", period: Period): Promise<void> {
  const endpoint = format === "csv" ? endpoints.downloadStatementCsv : endpoints.downloadStatementPdf;
  const file = await callEndpoint(endpoint, { query: period });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}
