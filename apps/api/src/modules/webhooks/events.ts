import type { WebhookProvider } from "@estaciona/contracts/schemas/webhooks";
import type { ProviderHint } from "../payments/ledger.ts";

/**
 * What we read of each provider's event (docs/decisions/0155): its own id (the idempotency key),
 * its type, and which charge it is about. The rest is kept raw and never trusted: the charge is
 * read back from the provider before anything is applied.
 * - Conekta: `{ id, type, data: { object } }` (conekta/openapi 82ce68e7
 *   `schemas/events/event_response.yml`); `order.*` events carry the order (its `id`, our
 *   `metadata.payment_reference`), `charge.*` events a charge with its `order_id`.
 * - NMI: `{ event_id, event_type, event_body: { transaction_id, order_id, … } }`; `transaction.*`
 *   events name the transaction and the `orderid` we sent (our payment id).
 * - The sandbox: `{ id, type, data: { charge_id, reference } }` (payments/sandbox/webhooks.ts).
 * - Facturapi: `{ id, type, data: { object } }` (openapi_v2.en.yaml `EventBase`); `invoice.*` events carry
 *   the invoice (its `id`), read back from Facturapi before anything is recorded (decision 0208).
 * - NetPay (decision 0245, docs.netpay.com.mx/reference/example): `{ event, type, createdAt, data: {
 *   transactionTokenId, id, status, … } }`, with no event id of its own: the event, its object and its time
 *   together are the key. Any event naming a `transactionTokenId` is a hint about that transaction.
 * - Twilio (decision 0244): the StatusCallback's form fields `MessageSid`, `MessageStatus`, `ErrorCode`; each
 *   (message, status) is one event, so a repeated callback is a duplicate and a new status is not.
 */
export interface ReceivedEvent {
  eventId: string;
  type: string;
  /** null: a type we do not act on (stored, ignored). For Facturapi, `providerRef` is its invoice's id. */
  hint: Omit<ProviderHint, "gateway"> | null;
  /** Twilio: what the callback says of one of our messages. */
  delivery?: { messageSid: string; status: string; errorCode: string | null };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;

/** The event, or null when it has no id or type of the provider's shape. */
export function readEvent(provider: WebhookProvider, body: unknown): ReceivedEvent | null {
  const event = record(body);
  switch (provider) {
    case "conekta": {
      const eventId = text(event.id);
      const type = text(event.type);
      if (!eventId || !type) return null;
      const object = record(record(event.data).object);
      const isOrder = type.startsWith("order.");
      if (!isOrder && !type.startsWith("charge.")) return { eventId, type, hint: null };
      const orderId = isOrder ? text(object.id) : text(object.order_id);
      const orderMetadata = isOrder ? record(object.metadata) : {};
      return {
        eventId,
        type,
        hint: { providerRef: orderId, reference: text(orderMetadata.payment_reference) },
      };
    }
    case "nmi": {
      const eventId = text(event.event_id);
      const type = text(event.event_type);
      if (!eventId || !type) return null;
      if (!type.startsWith("transaction.")) return { eventId, type, hint: null };
      const body = record(event.event_body);
      return { eventId, type, hint: { providerRef: text(body.transaction_id), reference: text(body.order_id) } };
    }
    case "facturapi": {
      const eventId = text(event.id);
      const type = text(event.type);
      if (!eventId || !type) return null;
      if (!type.startsWith("invoice.")) return { eventId, type, hint: null };
      const invoiceId = text(record(record(event.data).object).id);
      return { eventId, type, hint: invoiceId ? { providerRef: invoiceId, reference: null } : null };
    }
    case "netpay": {
      const type = text(event.event);
      const data = record(event.data);
      const transaction = text(data.transactionTokenId);
      const about = transaction ?? text(data.id);
      const at = text(event.createdAt) ?? (typeof event.createdAt === "number" ? String(event.createdAt) : null);
      if (!type || !about || !at) return null;
      return {
        eventId: `${type}:${about}:${at}`,
        type,
        hint: transaction ? { providerRef: transaction, reference: null } : null,
      };
    }
    case "twilio": {
      const messageSid = text(event.MessageSid);
      const status = text(event.MessageStatus);
      if (!messageSid || !status) return null;
      return {
        eventId: `${messageSid}:${status}`,
        type: `message.${status}`,
        hint: null,
        delivery: { messageSid, status, errorCode: text(event.ErrorCode) },
      };
    }
    case "sandbox": {
      const eventId = text(event.id);
      const type = text(event.type);
      if (!eventId || !type) return null;
      if (!type.startsWith("charge.")) return { eventId, type, hint: null };
      const data = record(event.data);
      return { eventId, type, hint: { providerRef: text(data.charge_id), reference: text(data.reference) } };
    }
  }
}
