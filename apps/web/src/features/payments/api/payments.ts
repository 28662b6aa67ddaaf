import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/payments";
import type { PaymentMethod, PaymentState, SavedCardAnswer } from "@estaciona/contracts/schemas/payment";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";

/** Mexico's default gateway (Conekta), the USA's (NMI) or Mexico's alternative (NetPay, /pagos-netpay). */
export type CardGateway = "mx" | "us" | "netpay";

/** The driver's saved cards, for `useQuery`; `paymentMethodsKey` refreshes them after a change. */
export const paymentMethodsQuery = () => endpointQuery(endpoints.listPaymentMethods, {});
export const paymentMethodsKey = endpointKey(endpoints.listPaymentMethods);

/** How the card form of a gateway is rendered (provider, public key, script or sandbox frame). */
export const cardFormConfigQuery = (gateway: CardGateway) =>
  endpointQuery(endpoints.getCardFormConfig, {
    query: { country: gateway === "us" ? "us" : "mx", gateway: gateway === "netpay" ? "netpay" : "default" },
  });

/** GET user/conekta/token: the checkout request id the Mexican card component starts with. */
export const getConektaCheckoutRequest = (): Promise<string> => callEndpoint(endpoints.getConektaCheckout, {});

/**
 * Saving a card answers its own failures (the card forms show payment_method_warning and reload
 * the provider's frame), so the API client's dialog stays out of it. A fresh key per attempt: a
 * retried request answers the same verification, never a second card.
 */
export const saveMexicanCard = (
  gateway: "mx" | "netpay",
  body: EndpointBody<typeof endpoints.saveMexicanCard>,
): Promise<SavedCardAnswer> =>
  callEndpoint(
    gateway === "netpay" ? endpoints.saveNetpayCard : endpoints.saveMexicanCard,
    { body, idempotencyKey: crypto.randomUUID() },
    { handleErrors: false },
  );

export const saveUsCard = (body: EndpointBody<typeof endpoints.saveUsCard>): Promise<SavedCardAnswer> =>
  callEndpoint(endpoints.saveUsCard, { body, idempotencyKey: crypto.randomUUID() }, { handleErrors: false });

export const setDefaultPaymentMethod = (uuid: string): Promise<PaymentMethod> =>
  callEndpoint(endpoints.setDefaultPaymentMethod, { params: { uuid } });

/** Refusals (card_default_delete, invalid_payment_source_delete) show their message in the error dialog. */
export const deletePaymentMethod = (uuid: string): Promise<PaymentMethod[]> =>
  callEndpoint(endpoints.deletePaymentMethod, { params: { uuid } });

/** After a 3-D Secure challenge; the page shows failures itself. */
export const completeThreeDs = (payment: string): Promise<PaymentState> =>
  callEndpoint(endpoints.completeThreeDs, { body: { payment } }, { handleErrors: false });
