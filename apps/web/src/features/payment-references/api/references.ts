import { getPaymentReference, listAwaitingReferences } from "@estaciona/contracts/endpoints/references";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey } from "../../../lib/endpoint-query.ts";

/** A reference's status, read again while it waits for the driver's payment (docs/decisions/0280). */
export const paymentReferenceQuery = (paymentUuid: string) => {
  const input = { params: { uuid: paymentUuid } };
  return queryOptions({
    queryKey: endpointKey(getPaymentReference, input),
    queryFn: ({ signal }) => callEndpoint(getPaymentReference, input, { signal, handleErrors: false }),
  });
};

/** The driver's references still to pay (the receipts list shows them above the month's payments). */
export const awaitingReferencesQuery = () =>
  queryOptions({
    queryKey: endpointKey(listAwaitingReferences),
    queryFn: ({ signal }) => callEndpoint(listAwaitingReferences, {}, { signal, handleErrors: false }),
  });
