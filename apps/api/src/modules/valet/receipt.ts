import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { findTicketById } from "./repository.ts";

/** A valet ticket on a receipt: its number, the car's plate, from drop-off to payment, and the tip. */
export const valetTicketReceipt: ReceiptKind = {
  async subjectOf(db, ticketId) {
    const ticket = await findTicketById(db, ticketId);
    if (!ticket) return undefined;
    return {
      locationId: ticket.location_id,
      plate: ticket.plate,
      variant: null,
      detail: `#${ticket.number}`,
      startsAt: ticket.opened_at,
      endsAt: ticket.paid_at,
      discount: 0,
      tip: ticket.tip ?? 0,
      product: { kind: "valet_ticket", uuid: ticket.id },
    };
  },
  payablesOf: async (_db, ticketId) => [ticketId],
};
