import type { EndpointBody } from "@estaciona/contracts/endpoint";
import { listReceipts } from "@estaciona/contracts/endpoints/receipts";
import * as endpoints from "@estaciona/contracts/endpoints/valet";
import type { PayTicketAnswer, ValetTicketDetail } from "@estaciona/contracts/schemas/valet";
import type { QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

export const ticketQuery = (uuid: string) => endpointQuery(endpoints.getValetTicket, { params: { uuid } });

export const ticketsQuery = (page: number, limit: number) =>
  endpointQuery(endpoints.listValetTickets, { query: { page, limit } });

/** After a payment the ticket, the list and the ticket's receipts (its screen links them) are stale. */
export const refreshTickets = (queryClient: QueryClient) =>
  Promise.all(
    [endpoints.getValetTicket, endpoints.listValetTickets, listReceipts].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
    ),
  );

/** Claims the ticket of a link or QR; a refusal (another account's ticket) is shown by the API client. */
export const claimTicket = (token: string): Promise<ValetTicketDetail> =>
  callEndpoint(endpoints.claimValetTicket, { body: { token } });

/**
 * Pays the fee and the tip. One Idempotency-Key per attempt, sent again on a retry of the same
 * attempt, so a retry never charges twice (docs/product/money.md); failures are the pay panel's to show.
 */
export const payTicket = (
  uuid: string,
  body: EndpointBody<typeof endpoints.payValetTicket>,
  idempotencyKey: string,
  { handleErrors = false }: { handleErrors?: boolean } = {},
): Promise<PayTicketAnswer> =>
  callEndpoint(endpoints.payValetTicket, { params: { uuid }, body, idempotencyKey }, { handleErrors });

export const requestCar = (uuid: string): Promise<ValetTicketDetail> =>
  callEndpoint(endpoints.requestValetCar, { params: { uuid } });
