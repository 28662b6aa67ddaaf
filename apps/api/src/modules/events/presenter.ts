import { feeBreakdown } from "@estaciona/contracts";
import type { Event, EventVisitDetail, EventVisitSummary } from "@estaciona/contracts/schemas/events";
import { breakdownBody } from "@estaciona/contracts/schemas/parking";
import type { Executor } from "../../db/database.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { feeRatesOf, type LocationRow } from "../parking/locations/service.ts";
import { presentLedgerRow } from "../parking/visits/presenter.ts";
import { listLedgerRowsOfPayable } from "../parking/visits/repository.ts";
import { type PassKeys, signPass } from "./pass.ts";
import {
  EVENT_VISIT_PAYABLE,
  type EventRow,
  type EventVisitListRow,
  type EventVisitRow,
  findEventVisitRow,
  findSeriesById,
  placesTaken,
} from "./repository.ts";

/** Whether the event sells parking at `at`: scheduled, inside its sales window, not over. */
export const salesOpen = (event: EventRow, at: number): boolean =>
  event.status === "scheduled" &&
  Date.parse(event.sales_open_at) <= at &&
  at < Date.parse(event.sales_close_at) &&
  at < Date.parse(event.ends_at);

/** Events as their pages show them; one query for the places taken of all of them. */
export async function presentEvents(db: Executor, events: EventRow[], at: number): Promise<Event[]> {
  const taken = await placesTaken(
    db,
    events.map((event) => event.id),
  );
  const locations = new Map<string, LocationRow>();
  const series = new Map<string, { slug: string; name: string }>();
  for (const event of events) {
    if (!locations.has(event.location_id)) {
      const location = await findLocationById(db, event.location_id);
      if (!location) throw new Error(`Event ${event.id} points at a missing location`);
      locations.set(location.id, location);
    }
    if (event.series_id && !series.has(event.series_id)) {
      const row = await findSeriesById(db, event.series_id);
      if (row) series.set(row.id, { slug: row.slug, name: row.name });
    }
  }
  return events.map((event) => {
    const location = locations.get(event.location_id) as LocationRow;
    const rates = feeRatesOf(location);
    return {
      uuid: event.id,
      name: event.name,
      description: event.description,
      starts_at: event.starts_at,
      ends_at: event.ends_at,
      status: event.status,
      location: {
        uuid: location.id,
        name: location.name,
        address: location.address,
        time_zone: location.time_zone,
        country: location.country,
      },
      series: event.series_id ? (series.get(event.series_id) ?? null) : null,
      places: event.places,
      places_left: Math.max(0, event.places - (taken.get(event.id) ?? 0)),
      currency: location.currency,
      amount: {
        suggested: event.suggested_amount,
        editable: event.amount_editable === 1,
        min: event.min_amount,
        max: event.max_amount,
      },
      sales: { open_at: event.sales_open_at, close_at: event.sales_close_at, open: salesOpen(event, at) },
      rates: {
        tax_rate_bp: location.tax_rate_bp,
        convenience_rate_bp: location.convenience_rate_bp,
        convenience_fixed: location.convenience_fixed,
        card_rate_bp: location.card_rate_bp,
        card_fixed: location.card_fixed,
      },
      suggested_price: breakdownBody(feeBreakdown(event.suggested_amount, rates), location.currency),
    };
  });
}

export async function presentEvent(db: Executor, event: EventRow, at: number): Promise<Event> {
  const [presented] = await presentEvents(db, [event], at);
  return presented as Event;
}

export const presentEventVisitSummary = (row: EventVisitListRow): EventVisitSummary => ({
  uuid: row.id,
  status: row.status,
  event: {
    uuid: row.event_id,
    name: row.event_name,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: row.event_status,
    location: {
      uuid: row.location_id,
      name: row.location_name,
      address: row.location_address,
      time_zone: row.time_zone,
    },
  },
  vehicle: { uuid: row.vehicle_id, plate: row.plate },
  total: row.total,
  currency: row.currency,
  paid_at: row.paid_at,
  entered_at: row.entered_at,
  refunded_at: row.refunded_at,
});

/** A pass admits the car while the visit is paid, not entered, not refunded and the event goes ahead. */
const admits = (visit: EventVisitRow, row: EventVisitListRow): boolean =>
  visit.status === "inactive" && visit.refunded_at === null && row.event_status === "scheduled";

export async function presentEventVisit(db: Executor, keys: PassKeys, visit: EventVisitRow): Promise<EventVisitDetail> {
  const [row, ledger] = await Promise.all([
    findEventVisitRow(db, visit.id),
    listLedgerRowsOfPayable(db, EVENT_VISIT_PAYABLE, visit.id),
  ]);
  if (!row) throw new Error(`Event visit ${visit.id} points at a missing event, location or vehicle`);
  return {
    ...presentEventVisitSummary(row),
    amounts: {
      subtotal: visit.subtotal,
      convenience_fee: visit.convenience_fee,
      processing_fee: visit.processing_fee,
      tax: visit.tax,
      total: visit.total,
      currency: visit.currency,
    },
    pass: admits(visit, row)
      ? await signPass(keys, { visitId: visit.id, eventId: row.event_id, plate: row.plate }, row.ends_at)
      : null,
    payments: ledger.map(presentLedgerRow),
  };
}
