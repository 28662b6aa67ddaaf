import type { Country } from "@estaciona/contracts";
import type {
  CardFormConfig,
  MexicanCardBody,
  PaymentMethod,
  PaymentState,
  SavedCardAnswer,
  UsCardBody,
} from "@estaciona/contracts/schemas/payment";
import type { EditUserBody, User } from "@estaciona/contracts/schemas/user";
import { api, type DataEnvelope } from "../../../lib/api-client.ts";

/** Mexico's default gateway (Conekta), the USA's (NMI) or Mexico's alternative (NetPay, /pagos-netpay). */
export type CardGateway = "mx" | "us" | "netpay";

export const paymentMethodsQueryKey = ["payment-methods"] as const;
export const cardFormConfigQueryKey = (gateway: CardGateway) => ["card-form-config", gateway] as const;

/** A fresh key per attempt: a retried request answers the same verification, never a second card. */
const idempotencyHeaders = () => ({ "Idempotency-Key": crypto.randomUUID() });

export async function getCardFormConfig(gateway: CardGateway): Promise<CardFormConfig> {
  const country: Country = gateway === "us" ? "us" : "mx";
  const query = new URLSearchParams({ country, gateway: gateway === "netpay" ? "netpay" : "default" });
  return (await api.get<DataEnvelope<CardFormConfig>>(`user/payment/config?${query}`)).data;
}

/** GET user/conekta/token: the checkout request id the Mexican card component starts with. */
export async function getConektaCheckoutRequest(): Promise<string> {
  return (await api.get<DataEnvelope<string>>("user/conekta/token")).data;
}

/**
 * Saving a card answers its own failures (the card forms show payment_method_warning and reload
 * the provider's frame), so the API client's dialog stays out of it.
 */
export async function saveMexicanCard(gateway: "mx" | "netpay", body: MexicanCardBody): Promise<SavedCardAnswer> {
  const path = gateway === "netpay" ? "user/netpay/payment/method" : "user/payment/method";
  return (
    await api.post<DataEnvelope<SavedCardAnswer>>(path, body, { handleErrors: false, headers: idempotencyHeaders() })
  ).data;
}

export async function saveUsCard(body: UsCardBody): Promise<SavedCardAnswer> {
  return (
    await api.post<DataEnvelope<SavedCardAnswer>>("user/nmi/payment/method", body, {
      handleErrors: false,
      headers: idempotencyHeaders(),
    })
  ).data;
}

export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return (await api.get<DataEnvelope<PaymentMethod[]>>("user/payment/methods")).data;
}

export async function setDefaultPaymentMethod(uuid: string): Promise<PaymentMethod> {
  return (await api.put<DataEnvelope<PaymentMethod>>(`user/payment/method/${encodeURIComponent(uuid)}/default`)).data;
}

/** Refusals (card_default_delete, invalid_payment_source_delete) show their message in the error dialog. */
export async function deletePaymentMethod(uuid: string): Promise<PaymentMethod[]> {
  return (await api.delete<DataEnvelope<PaymentMethod[]>>(`user/payment/method/${encodeURIComponent(uuid)}`)).data;
}

/** After a 3-D Secure challenge; the page shows failures itself. */
export async function completeThreeDs(payment: string): Promise<PaymentState> {
  return (await api.post<DataEnvelope<PaymentState>>("user/payment/3ds/complete", { payment }, { handleErrors: false }))
    .data;
}

/** PUT user/edit with the completion form's names and e-mail (spec §7). */
export async function completeProfile(body: Extract<EditUserBody, { email: unknown }>): Promise<User> {
  return (await api.put<DataEnvelope<User>>("user/edit", body)).data;
}
