import { eventVisitReceipt } from "../events/receipt.ts";
import { meterPurchaseReceipt } from "../meters/receipt.ts";
import { visitReceipt } from "../parking/visits/receipt.ts";
import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { periodReceipt } from "../subscriptions/receipt.ts";
import { valetTicketReceipt } from "../valet/receipt.ts";

/**
 * How each payable kind reads on a receipt, by the ledger's `payable_type`. Typed over the kinds
 * that sell something, so a product that charges through the ledger and is missing here fails the
 * typecheck (and test/receipts.test.ts walks every entry).
 */
export type PayableKind = "visit" | "event_visit" | "meter_purchase" | "valet_ticket" | "subscription_period";

export const receiptKinds: Record<PayableKind, ReceiptKind> = {
  visit: visitReceipt,
  event_visit: eventVisitReceipt,
  meter_purchase: meterPurchaseReceipt,
  valet_ticket: valetTicketReceipt,
  subscription_period: periodReceipt,
};

export const receiptKindOf = (payableType: string): ReceiptKind | undefined =>
  Object.hasOwn(receiptKinds, payableType) ? receiptKinds[payableType as PayableKind] : undefined;
