import type { Locale, PayableType } from "@estaciona/contracts";
import { referenceRailOf } from "@estaciona/contracts/payment-rails";
import type { Receipt, ReceiptPdf } from "@estaciona/contracts/schemas/receipts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { Keyring } from "../../lib/keyring.ts";
import { findLocationWithOperator } from "../parking/locations/repository.ts";
import { BALANCE_GATEWAY } from "../payments/ledger.ts";
import {
  chargeReceiptNumber,
  freeReceiptNumber,
  type ReceiptKind,
  type ReceiptSubject,
} from "../payments/receipt-subject.ts";
import {
  findCardById,
  findChargeOfUser,
  findPaymentById,
  listPaidChargesOfPayables,
  type PaymentRow,
} from "../payments/repository.ts";
import { payableKinds, paymentLine, productWords } from "./kinds.ts";
import { renderReceiptPdf } from "./pdf.ts";
import { type Proof, proofOf } from "./proof.ts";

/**
 * Receipts of every product (docs/decisions/0111): one per paid charge, read from the ledger's
 * row (the amounts charged, never recomputed) and the product's own words for its place, plate
 * and times. Another driver's charge, an unpaid one or one of no product answers object_not_found.
 */

async function presentReceipt(
  db: Executor,
  charge: PaymentRow,
  locale: Locale,
  known?: ReceiptSubject,
): Promise<Receipt> {
  const subject = known ?? (await payableKinds[charge.payable_type]?.subjectOf(db, charge.payable_id));
  const location = subject && (await findLocationWithOperator(db, subject.locationId));
  if (!subject || !location) throw new AppError("object_not_found");
  const card = charge.payment_method_id ? await findCardById(db, charge.payment_method_id) : undefined;
  const product = productWords(locale, charge.payable_type, subject.variant);
  // A plan named as its period ("Pensión mensual") says nothing more than the kind's words.
  const detail = subject.detail && subject.detail.toLowerCase() !== product.toLowerCase() ? subject.detail : null;
  return {
    payment_uuid: charge.id,
    no_charge: false,
    number: chargeReceiptNumber(charge.id),
    title: [product, detail, location.name].filter(Boolean).join(" · "),
    line: await paymentLine(db, locale, { ...charge, location }),
    product: subject.product,
    issued_at: charge.created_at,
    operator: {
      name: location.operator_name,
      contact_email: location.operator_contact_email,
      contact_phone: location.operator_contact_phone,
    },
    location: { name: location.name, address: location.address, time_zone: location.time_zone },
    plate: subject.plate,
    starts_at: subject.startsAt,
    ends_at: subject.endsAt,
    amounts: {
      // A valet tip rides in the charge's subtotal; the receipt shows it on a line of its own.
      subtotal: charge.subtotal - subject.tip,
      convenience_fee: charge.convenience_fee,
      processing_fee: charge.processing_fee,
      tax: charge.tax,
      total: charge.amount,
      currency: charge.currency,
    },
    discount: subject.discount,
    tip: subject.tip,
    tax_rate_bp: location.tax_rate_bp,
    card: card ? { brand: card.brand, last4: card.last4, wallet: card.wallet } : null,
    rail: referenceRailOf(charge.rail),
    // A spend from the balance is not invoiced again: its top-up is (docs/decisions/0213).
    invoiceable: location.country === "mx" && charge.gateway !== BALANCE_GATEWAY,
  };
}

/**
 * The zero receipt of one of the driver's payables that settled for nothing (a stay in its grace
 * period, docs/decisions/0186): the place, plate and times, amounts of zero, no card, nothing to
 * invoice; numbered by the payable (`E-…`), addressed by its uuid.
 */
async function freeReceipt(db: Executor, userId: string, payableId: string, locale: Locale) {
  for (const [type, kind] of Object.entries(payableKinds) as [PayableType, ReceiptKind | null][]) {
    const subject = await kind?.freeSubjectOf?.(db, userId, payableId);
    const location = subject && (await findLocationWithOperator(db, subject.locationId));
    if (!subject || !location) continue;
    const charge = {
      id: payableId,
      payable_type: type,
      payable_id: payableId,
      created_at: subject.settledAt,
      currency: subject.currency,
      subtotal: 0,
      convenience_fee: 0,
      processing_fee: 0,
      tax: 0,
      amount: 0,
      payment_method_id: null,
    } as PaymentRow;
    const receipt = await presentReceipt(db, charge, locale, subject);
    return { ...receipt, no_charge: true, number: freeReceiptNumber(payableId), invoiceable: false };
  }
  return undefined;
}

/**
 * A paid charge's receipt whoever asks, for the public check of its proof and the dispute kit
 * (modules/verification, docs/decisions/0200), with the charge's status and location id.
 */
export async function receiptOfCharge(db: Executor, paymentId: string, locale: Locale) {
  const charge = await findPaymentById(db, paymentId);
  if (charge?.kind !== "charge" || (charge.status !== "succeeded" && charge.status !== "refunded"))
    throw new AppError("object_not_found");
  const subject = await payableKinds[charge.payable_type]?.subjectOf(db, charge.payable_id);
  const receipt = await presentReceipt(db, charge, locale);
  return { receipt, charge, locationId: subject?.locationId ?? "" };
}

/** The proof of one of the driver's paid charges (docs/decisions/0200): the token its QR carries. */
export async function receiptProof(db: Executor, keys: Keyring, userId: string, paymentId: string): Promise<Proof> {
  const charge = await paidChargeOf(db, userId, paymentId);
  if (!charge) throw new AppError("object_not_found");
  return proofOf(db, keys, charge);
}

async function paidChargeOf(db: Executor, userId: string, paymentId: string): Promise<PaymentRow | undefined> {
  const charge = await findChargeOfUser(db, userId, paymentId);
  return charge && (charge.status === "succeeded" || charge.status === "refunded") ? charge : undefined;
}

/** A paid charge's receipt, or the zero receipt of a payable that cost nothing; else object_not_found. */
export async function getReceipt(db: Executor, userId: string, paymentId: string, locale: Locale): Promise<Receipt> {
  const charge = await paidChargeOf(db, userId, paymentId);
  const receipt = charge ? await presentReceipt(db, charge, locale) : await freeReceipt(db, userId, paymentId, locale);
  if (!receipt) throw new AppError("object_not_found");
  return receipt;
}

/** The receipts of one of the driver's products: a visit, event pass or valet ticket, a meter session's buys, a pass's periods. */
export async function listReceipts(db: Executor, userId: string, productUuid: string, locale: Locale) {
  const payables = new Set<string>();
  for (const kind of Object.values(payableKinds))
    for (const payable of (await kind?.payablesOf(db, productUuid)) ?? []) payables.add(payable);
  const charges = await listPaidChargesOfPayables(db, userId, [...payables]);
  if (charges.length === 0) {
    const free = await freeReceipt(db, userId, productUuid, locale);
    return free ? [free] : [];
  }
  return Promise.all(charges.map((charge) => presentReceipt(db, charge, locale)));
}

export async function receiptPdf(
  db: Executor,
  userId: string,
  paymentId: string,
  locale: Locale,
  proof?: { keys: Keyring; origin: string },
): Promise<ReceiptPdf> {
  const receipt = await getReceipt(db, userId, paymentId, locale);
  // A zero receipt proves no payment: it carries no proof QR.
  const token = proof && !receipt.no_charge && (await receiptProof(db, proof.keys, userId, paymentId)).token;
  const pdf = await renderReceiptPdf(receipt, locale, token ? `${proof.origin}/verificar/${token}` : undefined);
  return { filename: `${receipt.number}.pdf`, content_type: "application/pdf", base64: pdf.toString("base64") };
}
