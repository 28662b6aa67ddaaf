import { feeBreakdown, nextFeeChange, stayQuote } from "@estaciona/contracts";
import {
  breakdownBody,
  type FeeBreakdownBody,
  type VisitDetail,
  type VisitPayment,
  type VisitQuote,
  type VisitSummary,
} from "@estaciona/contracts/schemas/parking";
import type { Executor } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { chargeReceiptNumber, freeReceiptNumber } from "../../payments/receipt-subject.ts";
import { findLocationWithOperator, type LocationWithOperator } from "../locations/repository.ts";
import { feeRatesOf, type LocationPricing, tariffBody, tariffOf } from "../locations/service.ts";
import { findVehicleById, listLedgerRowsOfVisit, type VisitListRow, type VisitRow } from "./repository.ts";

const MINUTE_MS = 60_000;

/** Where a stay's clock stops: when the vehicle left, else when it was settled, else now. */
const stayEnd = (visit: VisitRow, at: number): number =>
  visit.exited_at ? Date.parse(visit.exited_at) : visit.paid_at ? Date.parse(visit.paid_at) : at;

export const stayMinutes = (visit: VisitRow, at: number): number =>
  visit.entered_at ? Math.max(0, Math.floor((stayEnd(visit, at) - Date.parse(visit.entered_at)) / MINUTE_MS)) : 0;

/** The stay the receipt charged for: entry to payment, or to the exit when the vehicle left first (freeflow). */
const paidStayMinutes = (visit: VisitRow): number => {
  if (!visit.entered_at || !visit.paid_at) return 0;
  const end = Math.min(Date.parse(visit.paid_at), visit.exited_at ? Date.parse(visit.exited_at) : Infinity);
  return Math.max(0, Math.floor((end - Date.parse(visit.entered_at)) / MINUTE_MS));
};

export const isOpen = (visit: VisitRow): boolean => visit.status !== "finished";

/**
 * What paying would charge at `at`: the fee from entry to the exit (if the vehicle already left,
 * e.g. a declined freeflow exit, the fee stopped there) or to `at`, with fees and tax.
 */
export function quoteAt(visit: VisitRow, location: LocationPricing, at: number): VisitQuote {
  const breakdown = visit.entered_at
    ? stayQuote(tariffOf(location), feeRatesOf(location), visit.entered_at, stayEnd(visit, at))
    : stayQuote(tariffOf(location), feeRatesOf(location), at, at);
  const change = visit.entered_at && !visit.exited_at ? nextFeeChange(tariffOf(location), visit.entered_at, at) : null;
  return {
    ...breakdownBody(breakdown, visit.currency),
    visit_uuid: visit.id,
    at: new Date(at).toISOString(),
    duration_minutes: stayMinutes(visit, at),
    tariff: tariffBody(location),
    next_change: change
      ? {
          at: new Date(change.until).toISOString(),
          subtotal: change.nextFee,
          total: feeBreakdown(change.nextFee, feeRatesOf(location)).total,
        }
      : null,
  };
}

/** The amounts fixed when the visit was settled, or null while it is open. */
export function settledAmounts(visit: VisitRow): FeeBreakdownBody | null {
  if (
    visit.subtotal === null ||
    visit.convenience_fee === null ||
    visit.processing_fee === null ||
    visit.tax === null ||
    visit.total === null
  )
    return null;
  return {
    subtotal: visit.subtotal,
    convenience_fee: visit.convenience_fee,
    processing_fee: visit.processing_fee,
    tax: visit.tax,
    total: visit.total,
    currency: visit.currency,
  };
}

/**
 * A receipt number a driver can read out on the phone, stable: a paid stay's is its charge's, as every
 * product's receipt (`/recibo/{uuid}`) numbers it; a free stay, which has no charge, numbers by the visit.
 */
const receiptNumber = (visitId: string, chargeId: string | undefined): string =>
  chargeId ? chargeReceiptNumber(chargeId) : freeReceiptNumber(visitId);

export function presentVisitSummary(row: VisitListRow, at: number): VisitSummary {
  const settled = settledAmounts(row);
  const total = settled ? settled.total : quoteAt(row, row, at).total;
  return {
    uuid: row.id,
    status: row.status,
    source: row.source,
    location: { uuid: row.location_id, name: row.location_name, time_zone: row.location_time_zone },
    vehicle: { uuid: row.vehicle_id, plate: row.vehicle_plate },
    entered_at: row.entered_at,
    exited_at: row.exited_at,
    paid_at: row.paid_at,
    total,
    currency: row.currency,
  };
}

/** One row of a payable's ledger with its card's masked details, as `listLedgerRowsOfPayable` reads it. */
export type LedgerRow = Awaited<ReturnType<typeof listLedgerRowsOfVisit>>[number];

/** One ledger row as a visit's payment history shows it (visits, event visits, valet tickets). */
export const presentLedgerRow = (row: LedgerRow): VisitPayment => ({
  uuid: row.id,
  kind: row.kind,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4, wallet: row.wallet } : null,
  created_at: row.created_at,
});

/**
 * The full visit for the driver: live price while open, ledger history, and a receipt once settled.
 * `known` holds the visit's location (with its operator), vehicle and ledger rows when the caller
 * already has them.
 */
export async function presentVisitDetail(
  db: Executor,
  visit: VisitRow,
  at: number,
  known: { location?: LocationWithOperator; vehicle?: Row<"vehicles">; ledger?: LedgerRow[] } = {},
): Promise<VisitDetail> {
  const [location, vehicle, ledger] = await Promise.all([
    known.location ?? findLocationWithOperator(db, visit.location_id),
    known.vehicle ?? findVehicleById(db, visit.vehicle_id),
    known.ledger ?? listLedgerRowsOfVisit(db, visit.id),
  ]);
  if (!location || !vehicle) throw new Error(`Visit ${visit.id} points at a missing location or vehicle`);
  const amounts = settledAmounts(visit);
  const payments = ledger.map(presentLedgerRow);
  const charge = payments.find((payment) => payment.kind === "charge" && payment.status === "succeeded") ?? null;
  return {
    uuid: visit.id,
    status: visit.status,
    source: visit.source,
    location: {
      uuid: location.id,
      name: location.name,
      address: location.address,
      kind: location.kind,
      freeflow: location.is_freeflow === 1,
      time_zone: location.time_zone,
      exit_window_minutes: location.exit_window_minutes,
    },
    vehicle: {
      uuid: vehicle.id,
      plate: vehicle.plate,
      state: vehicle.state,
      brand: vehicle.brand,
      model: vehicle.model,
      color: vehicle.color,
    },
    entered_at: visit.entered_at,
    exited_at: visit.exited_at,
    paid_at: visit.paid_at,
    exit_deadline: visit.exit_deadline,
    duration_minutes: stayMinutes(visit, at),
    amounts,
    quote: isOpen(visit) ? quoteAt(visit, location, at) : null,
    payments,
    receipt:
      visit.status === "finished" && amounts && visit.paid_at
        ? {
            number: receiptNumber(visit.id, charge?.uuid),
            issued_at: visit.paid_at,
            operator: {
              name: location.operator_name,
              contact_email: location.operator_contact_email,
              contact_phone: location.operator_contact_phone,
            },
            location: { name: location.name, address: location.address },
            plate: vehicle.plate,
            entered_at: visit.entered_at,
            settled_at: visit.paid_at,
            duration_minutes: paidStayMinutes(visit),
            amounts,
            tax_rate_bp: location.tax_rate_bp,
            card: charge?.card ?? null,
            payment_uuid: charge?.uuid ?? null,
          }
        : null,
  };
}
