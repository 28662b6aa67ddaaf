import * as endpoints from "@estaciona/contracts/endpoints/verification";
import type { DisputeStatus } from "@estaciona/contracts/schemas/verification";
import { base64Blob, saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** The public check: its failures (forged, expired, too many) are the screen's to show, not the app's dialog. */
export const verifyReceiptQuery = (token: string) => ({
  ...endpointQuery(endpoints.verifyReceipt, { params: { token } }),
  queryFn: () => callEndpoint(endpoints.verifyReceipt, { params: { token } }, { handleErrors: false }),
  retry: false,
});

export const checkPlate = (token: string, plate: string) =>
  callEndpoint(endpoints.checkReceiptPlate, { params: { token }, body: { plate } }, { handleErrors: false });

export const receiptProofQuery = (uuid: string) => endpointQuery(endpoints.getReceiptProof, { params: { uuid } });
export const receiptDisputeQuery = (uuid: string) => endpointQuery(endpoints.getReceiptDispute, { params: { uuid } });

export const openDispute = (uuid: string, body: { citation_number: string | null; note: string | null }) =>
  callEndpoint(endpoints.openReceiptDispute, { params: { uuid }, body });

export async function downloadDriverKit(uuid: string): Promise<void> {
  const file = await callEndpoint(endpoints.downloadReceiptDisputeKit, { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}

/** The console's calls. */
export const disputesQuery = (status: DisputeStatus | undefined) =>
  endpointQuery(endpoints.listDisputes, { query: status ? { status } : {} });

/** Every page and filter of the disputes list: what a change of a dispute makes stale. */
export const disputesList = endpointKey(endpoints.listDisputes);
export const changeDispute = (uuid: string, status: DisputeStatus, resolution: string | null) =>
  callEndpoint(endpoints.changeDispute, { params: { uuid }, body: { status, resolution } });

export async function downloadOperatorKit(uuid: string): Promise<void> {
  const file = await callEndpoint(endpoints.downloadDisputeKit, { params: { uuid } });
  saveFile(base64Blob(file.base64, file.content_type), file.filename);
}
