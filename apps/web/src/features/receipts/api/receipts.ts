import * as endpoints from "@estaciona/contracts/endpoints/receipts";
import { base64Blob, saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

export const receiptQuery = (uuid: string) => endpointQuery(endpoints.getReceipt, { params: { uuid } });

/** The receipts of one product (a visit, event pass, meter session, valet ticket or pass). */
export const productReceiptsQuery = (productUuid: string) =>
  endpointQuery(endpoints.listReceipts, { query: { product_uuid: productUuid } });

/** Saves the receipt's PDF (in the screen's language) under its own file name. */
export async function downloadReceiptPdf(uuid: string): Promise<void> {
  const file = await callEndpoint(endpoints.downloadReceiptPdf, { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}
