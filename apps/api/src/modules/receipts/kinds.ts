import type { Locale, PayableType } from "@estaciona/contracts";
import { translate } from "@estaciona/i18n";
import type { Executor } from "../../db/database.ts";
import { topUpReceipt } from "../balance/receipt.ts";
import { eventVisitReceipt } from "../events/receipt.ts";
import { meterPurchaseReceipt } from "../meters/receipt.ts";
import { visitReceipt } from "../parking/visits/receipt.ts";
import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { periodReceipt } from "../subscriptions/receipt.ts";
import { valetTicketReceipt } from "../valet/receipt.ts";

/**
 * The server's one registry of payable kinds (docs/decisions/0145): how each kind of the contracts'
 * union is read on a receipt (its product's reader) and in words (`parking.payable.<type>`, typed
 * over the same union in the catalogue). Receipts, the invoiceable payments and the data export read
 * a payment through it; a kind that sells nothing (a card check) has no receipt. Typed
 * `Record<PayableType, …>`, so a kind added to the union without its reader does not compile.
 */
export const payableKinds: Record<PayableType, ReceiptKind | null> = {
  visit: visitReceipt,
  subscription_period: periodReceipt,
  meter_purchase: meterPurchaseReceipt,
  event_visit: eventVisitReceipt,
  valet_ticket: valetTicketReceipt,
  payment_method: null,
  balance_top_up: topUpReceipt,
};

/** A kind in words, in the language: "Pensión mensual", "Parking stay". */
export function productWords(locale: Locale, type: PayableType, variant: string | null): string {
  const words = (key: string) => translate(locale, `parking.payable.${type}.${key}`);
  return (variant ? words(variant) : undefined) ?? words("product") ?? type;
}

/** A place as a payment line names it: its short name when it has one ("Fundidora"). */
export const placeName = (location: { name: string; short_name: string | null }): string =>
  location.short_name ?? location.name;

/** A day on the lot's clock as a line writes it: "27 nov", "Nov 27". */
const shortDay = (locale: Locale, iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { day: "numeric", month: "short", timeZone }).format(
    new Date(iso),
  );

export interface LinePayment {
  payable_type: PayableType;
  payable_id: string;
  /** When it was paid. */
  created_at: string;
  /** Its place, or null for a kind that has none (a card check: the line is the kind and the day). */
  location: { name: string; short_name: string | null; time_zone: string } | null;
}

/**
 * One payment in words, the same on every list that names payments (the invoiceable payments, a
 * product's receipts, the data export): "Pensión mensual · Fundidora · 27 nov", "Monthly pass ·
 * Fundidora · Nov 27" — the kind, the place's short name, the day on the lot's clock.
 */
export async function paymentLine(db: Executor, locale: Locale, payment: LinePayment): Promise<string> {
  const variant = (await payableKinds[payment.payable_type]?.variantOf?.(db, payment.payable_id)) ?? null;
  const timeZone = payment.location?.time_zone ?? "UTC";
  return [
    productWords(locale, payment.payable_type, variant),
    ...(payment.location ? [placeName(payment.location)] : []),
    shortDay(locale, payment.created_at, timeZone),
  ].join(" · ");
}
