import { stayQuote } from "@estaciona/contracts";
import { breakdownBody } from "@estaciona/contracts/schemas/parking";
import type { StandTicket, ValetTicketDetail, ValetTicketSummary } from "@estaciona/contracts/schemas/valet";
import type { Executor } from "../../db/database.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { feeRatesOf, type LocationPricing, tariffBody, tariffOf } from "../parking/locations/service.ts";
import { presentLedgerRow } from "../parking/visits/presenter.ts";
import { listLedgerRowsOfPayable } from "../parking/visits/repository.ts";
import { type TicketListRow, type TicketRow, VALET_TICKET_PAYABLE } from "./repository.ts";

/** The valet fee from the moment the stand took the car to `at`: the lot tariff engine, fees and tax. */
export const ticketFeeAt = (ticket: TicketRow, location: LocationPricing, at: number) =>
  stayQuote(tariffOf(location), feeRatesOf(location), ticket.opened_at, at);

const paid = (ticket: TicketRow) => ticket.status === "finished";

export const presentTicketSummary = (row: TicketListRow, liveTotal: number): ValetTicketSummary => ({
  uuid: row.id,
  number: row.number,
  plate: row.plate,
  status: row.status,
  car_status: row.car_status,
  location: { uuid: row.location_id, name: row.location_name, time_zone: row.time_zone },
  opened_at: row.opened_at,
  paid_at: row.paid_at,
  total: paid(row) ? (row.total ?? 0) : liveTotal,
  currency: row.currency,
});

export async function presentTicket(db: Executor, ticket: TicketRow, at: number): Promise<ValetTicketDetail> {
  const [location, ledger] = await Promise.all([
    findLocationById(db, ticket.location_id),
    listLedgerRowsOfPayable(db, VALET_TICKET_PAYABLE, ticket.id),
  ]);
  if (!location) throw new Error(`Ticket ${ticket.id} points at a missing location`);
  const quote = paid(ticket) ? null : breakdownBody(ticketFeeAt(ticket, location, at), ticket.currency);
  return {
    uuid: ticket.id,
    number: ticket.number,
    plate: ticket.plate,
    status: ticket.status,
    car_status: ticket.car_status,
    location: { uuid: location.id, name: location.name, address: location.address, time_zone: location.time_zone },
    opened_at: ticket.opened_at,
    paid_at: ticket.paid_at,
    total: quote?.total ?? ticket.total ?? 0,
    currency: ticket.currency,
    tariff: tariffBody(location),
    rates: {
      tax_rate_bp: location.tax_rate_bp,
      convenience_rate_bp: location.convenience_rate_bp,
      convenience_fixed: location.convenience_fixed,
      card_rate_bp: location.card_rate_bp,
      card_fixed: location.card_fixed,
    },
    quote: quote ? { ...quote, at: new Date(at).toISOString() } : null,
    amounts: paid(ticket)
      ? {
          subtotal: ticket.subtotal ?? 0,
          convenience_fee: ticket.convenience_fee ?? 0,
          processing_fee: ticket.processing_fee ?? 0,
          tax: ticket.tax ?? 0,
          tip: ticket.tip ?? 0,
          total: ticket.total ?? 0,
          currency: ticket.currency,
        }
      : null,
    requested_at: ticket.requested_at,
    ready_at: ticket.ready_at,
    delivered_at: ticket.delivered_at,
    payments: ledger.map(presentLedgerRow),
  };
}

export const presentStandTicket = (ticket: TicketRow): StandTicket => ({
  uuid: ticket.id,
  number: ticket.number,
  plate: ticket.plate,
  car_status: ticket.car_status,
  requested_at: ticket.requested_at,
  ready_at: ticket.ready_at,
});
