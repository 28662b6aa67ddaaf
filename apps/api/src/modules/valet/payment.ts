import type { PayTicketAnswer, PayTicketBody } from "@estaciona/contracts/schemas/valet";
import type { Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import {
  type AmountBreakdown,
  type ChargeResult,
  chargeFailure,
  chargePayable,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  type PaymentRow,
  paymentSourceOf,
  registerPayable,
} from "../payments/ledger.ts";
import { findCardToCharge } from "../payments/service.ts";
import { presentTicket, ticketFeeAt } from "./presenter.ts";
import {
  findTicketById,
  hasLiveChargeForTicket,
  lockTicket,
  type TicketRow,
  updateTicketIfStatus,
  VALET_TICKET_PAYABLE,
} from "./repository.ts";
import { requireTicketOfUser } from "./service.ts";

const PAYABLE: readonly TicketRow["status"][] = ["in_progress", "pending_payment"];

/**
 * How the ledger moves a ticket (docs/decisions/0032): a success marks it paid (its amounts were
 * written with the attempt); a decline or an abandoned attempt leaves it `pending_payment`.
 */
registerPayable(VALET_TICKET_PAYABLE, {
  async onSucceeded(tx: Tx, payment: PaymentRow) {
    await updateTicketIfStatus(tx, payment.payable_id, PAYABLE, {
      status: "finished",
      paid_at: payment.updated_at,
      updated_at: payment.updated_at,
    });
  },
  async onFailed(tx: Tx, payment: PaymentRow) {
    await updateTicketIfStatus(tx, payment.payable_id, ["in_progress"], {
      status: "pending_payment",
      updated_at: payment.updated_at,
    });
  },
});

/** The fee and the tip of one attempt: the tip is kept apart on the ticket, untaxed and with no fees on it. */
interface TicketCharge {
  fee: AmountBreakdown;
  tip: number;
}

/**
 * Inside the ledger's first transaction: the ticket must still be payable with no charge in flight,
 * and takes this attempt's amounts (fee lines and tip apart). The ledger's row carries the tip in
 * its subtotal, as money the operator collects net of tax.
 */
const lockPayableTicket = (ticketId: string, charge: TicketCharge) => async (tx: Tx) => {
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw new AppError("object_not_found");
  if (ticket.status === "finished") throw new AppError("visit_already_paid");
  if (!PAYABLE.includes(ticket.status)) throw new AppError("invalid_visit_amount");
  if (await hasLiveChargeForTicket(tx, ticketId))
    throw new AppError("invalid_payment", { status: 409, messageKey: "errors.api_payment_in_progress" });
  await updateTicketIfStatus(tx, ticketId, PAYABLE, {
    subtotal: charge.fee.subtotal,
    convenience_fee: charge.fee.convenience_fee,
    processing_fee: charge.fee.processing_fee,
    tax: charge.fee.tax,
    tip: charge.tip,
    total: charge.fee.total + charge.tip,
    updated_at: new Date().toISOString(),
  });
};

const ledgerBreakdown = ({ fee, tip }: TicketCharge): AmountBreakdown => ({
  subtotal: fee.subtotal + tip,
  convenience_fee: fee.convenience_fee,
  processing_fee: fee.processing_fee,
  tax: fee.tax,
  total: fee.total + tip,
});

const paymentOf = (result: ChargeResult): PayTicketAnswer["payment"] => ({
  uuid: result.payment.id,
  status: result.status,
  redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
});

/**
 * `POST user/valet/{uuid}/pay`: the fee up to now (the lot tariff engine) plus the driver's tip,
 * charged once through the ledger. The same Idempotency-Key answers the first attempt, whatever
 * the clock says now.
 */
export async function payTicket(
  deps: LedgerDeps,
  user: Row<"users">,
  ticketId: string,
  body: PayTicketBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<PayTicketAnswer> {
  const ticket = await requireTicketOfUser(deps.db, user.id, ticketId);
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  const replaying = earlier?.payable_type === VALET_TICKET_PAYABLE && earlier.payable_id === ticket.id;
  if (!replaying && ticket.status === "finished") throw new AppError("visit_already_paid");
  const location = await findLocationById(deps.db, ticket.location_id);
  if (!location) throw new Error(`Ticket ${ticket.id} points at a missing location`);

  const fee = ticketFeeAt(ticket, location, Date.now());
  const charge: TicketCharge = {
    fee: {
      subtotal: fee.subtotal,
      convenience_fee: fee.convenienceFee,
      processing_fee: fee.processingFee,
      tax: fee.tax,
      total: fee.total,
    },
    tip: body.tip ?? 0,
  };
  const total = charge.fee.total + charge.tip;
  if (!replaying && body.expected_total !== undefined && body.expected_total !== total)
    throw new AppError("invalid_visit_amount", { status: 409, messageKey: "errors.api_price_changed" });
  if (!replaying && total === 0) throw new AppError("invalid_visit_amount");
  const paymentMethodId =
    (replaying ? paymentSourceOf(earlier) : body.payment_method_uuid) ??
    (await findCardToCharge(deps.db, user.id, location.country, false))?.id;
  if (!paymentMethodId) throw new AppError("no_payment_method");

  const result = await chargePayable(deps, {
    userId: user.id,
    purpose: "valet",
    // A valet ticket knows only the plate the stand typed, not one of the driver's vehicles.
    payable: { type: VALET_TICKET_PAYABLE, id: ticket.id, locationId: ticket.location_id, vehicleId: null },
    breakdown: replaying ? { ...earlier, total: earlier.amount } : ledgerBreakdown(charge),
    currency: ticket.currency,
    paymentMethodId,
    idempotencyKey,
    returnOrigin,
    description: `${location.name} · valet ${ticket.number}`,
    lockPayable: lockPayableTicket(ticket.id, charge),
    conflictCode: "visit_already_paid",
  });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  const current = (await findTicketById(deps.db, ticket.id)) ?? ticket;
  return { ticket: await presentTicket(deps.db, current, Date.now()), payment: paymentOf(result) };
}
