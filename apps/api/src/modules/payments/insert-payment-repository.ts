import { compiledOnce } from "../../db/compiled-once.ts";
import type { Executor } from "../../db/database.ts";
import type { NewRow, Row } from "../../db/schema.ts";

/**
 * A payment row's insert, compiled once (db/compiled-once.ts) like the other statements of the pay
 * path: every charge, refund and top-up sends it, and Kysely built and compiled its 27 columns anew
 * each time (decision 0344). Its organisation is its location's, read in the same statement.
 */
const insertPaymentRow = compiledOnce(
  (
    db,
    id: string,
    userId: string,
    purpose: string,
    payableType: Row<"payments">["payable_type"],
    payableId: string,
    locationId: string | null,
    vehicleId: string | null,
    kind: Row<"payments">["kind"],
    parentPaymentId: string | null,
    gateway: string,
    paymentMethodId: string | null,
    rail: Row<"payments">["rail"],
    currency: Row<"payments">["currency"],
    subtotal: number,
    convenienceFee: number,
    processingFee: number,
    tax: number,
    amount: number,
    status: Row<"payments">["status"],
    providerRef: string | null,
    actionUrl: string | null,
    failureCode: string | null,
    idempotencyKey: string | null,
    description: string,
    createdAt: string,
    updatedAt: string,
  ) =>
    db
      .insertInto("payments")
      .values({
        id,
        user_id: userId,
        purpose,
        payable_type: payableType,
        payable_id: payableId,
        location_id: locationId,
        vehicle_id: vehicleId,
        kind,
        parent_payment_id: parentPaymentId,
        gateway,
        payment_method_id: paymentMethodId,
        rail,
        currency,
        subtotal,
        convenience_fee: convenienceFee,
        processing_fee: processingFee,
        tax,
        amount,
        status,
        provider_ref: providerRef,
        action_url: actionUrl,
        failure_code: failureCode,
        idempotency_key: idempotencyKey,
        description,
        created_at: createdAt,
        updated_at: updatedAt,
        // No location (a card verification) matches no row: the organisation is null.
        organisation_id: (eb) => eb.selectFrom("locations").select("organisation_id").where("id", "=", locationId),
      })
      .returningAll(),
);

/** Records a payment; its organisation is its location's, read in the same statement. */
export async function insertPayment(
  db: Executor,
  payment: Omit<NewRow<"payments">, "organisation_id">,
): Promise<Row<"payments">> {
  const row = await insertPaymentRow.first(
    db,
    payment.id,
    payment.user_id,
    payment.purpose,
    payment.payable_type,
    payment.payable_id,
    payment.location_id ?? null,
    payment.vehicle_id ?? null,
    payment.kind,
    payment.parent_payment_id ?? null,
    payment.gateway,
    payment.payment_method_id ?? null,
    payment.rail,
    payment.currency,
    payment.subtotal,
    payment.convenience_fee,
    payment.processing_fee,
    payment.tax,
    payment.amount,
    payment.status,
    payment.provider_ref ?? null,
    payment.action_url ?? null,
    payment.failure_code ?? null,
    payment.idempotency_key ?? null,
    payment.description,
    payment.created_at,
    payment.updated_at,
  );
  if (!row) throw new Error(`payment ${payment.id} was not inserted`);
  return row;
}
