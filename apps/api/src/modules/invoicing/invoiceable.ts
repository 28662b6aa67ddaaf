import type { Locale } from "@estaciona/contracts";
import type { InvoiceablePayment } from "@estaciona/contracts/schemas/invoicing";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { paymentLine } from "../receipts/kinds.ts";
import { type ChargeWithLocation, listChargesWithLocation } from "./repository.ts";

/** Which payments a driver can invoice, and why not (docs/product/invoicing-account-contact.md). */

export const DAY_MS = 86_400_000;
/** No location keeps its invoice window open longer than a fiscal year. */
const LONGEST_WINDOW_DAYS = 366;

const deadlineOf = (charge: Pick<ChargeWithLocation, "paid_at" | "invoice_window_days">): string =>
  new Date(Date.parse(charge.paid_at) + charge.invoice_window_days * DAY_MS).toISOString();

/** The base before tax of a charge: what the CFDI's concept is worth. */
export const baseOf = (charge: ChargeWithLocation): number =>
  charge.subtotal + charge.convenience_fee + charge.processing_fee;

/**
 * Why a charge cannot be invoiced, or null: only Mexican locations that invoice, an amount above
 * zero, no discount where the location does not invoice discounted payments, inside the
 * location's invoice window and on no global invoice (docs/product/calls-and-errors.md's codes).
 */
export function refusal(charge: ChargeWithLocation, now: number): AppError | null {
  if (charge.country !== "mx" || charge.currency !== "mxn" || charge.invoicing === "none")
    return new AppError("invoice_not_available");
  if (charge.amount <= 0 || baseOf(charge) <= 0) return new AppError("invalid_invoice_amount");
  if (charge.discount > 0 && charge.invoice_discounted === 0)
    return new AppError("invoice_with_discount_not_available");
  // A sale on its period's global invoice has been invoiced to the general public: the driver's
  // window closed with it (docs/decisions/0293).
  if (Date.parse(deadlineOf(charge)) < now || charge.global_invoice_id !== null)
    return new AppError("invoice_not_available_date");
  return null;
}

export async function listInvoiceablePayments(
  db: Executor,
  userId: string,
  locale: Locale,
): Promise<InvoiceablePayment[]> {
  const now = Date.now();
  const charges = await listChargesWithLocation(db, userId, new Date(now - LONGEST_WINDOW_DAYS * DAY_MS).toISOString());
  const invoiceable = charges.filter((charge) => refusal(charge, now) === null);
  return Promise.all(
    invoiceable.map(async (charge) => ({
      payment_uuid: charge.payment_id,
      description: charge.description,
      line: await paymentLine(db, locale, {
        payable_type: charge.payable_type,
        payable_id: charge.payable_id,
        created_at: charge.paid_at,
        location: { name: charge.location_name, short_name: charge.location_short_name, time_zone: charge.time_zone },
      }),
      location_name: charge.location_name,
      paid_at: charge.paid_at,
      invoice_deadline: deadlineOf(charge),
      subtotal: baseOf(charge),
      tax: charge.tax,
      total: charge.amount,
      currency: charge.currency,
      invoice_uuid: charge.invoice_id,
    })),
  );
}
