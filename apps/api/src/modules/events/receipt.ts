import { findVehicleById } from "../parking/visits/repository.ts";
import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { findEventById, findEventVisitById } from "./repository.ts";

/** An event pass on a receipt: the event's name and hours at its venue. */
export const eventVisitReceipt: ReceiptKind = {
  async subjectOf(db, eventVisitId) {
    const pass = await findEventVisitById(db, eventVisitId);
    if (!pass) return undefined;
    const [event, vehicle] = await Promise.all([
      findEventById(db, pass.event_id),
      findVehicleById(db, pass.vehicle_id),
    ]);
    if (!event) return undefined;
    return {
      locationId: event.location_id,
      plate: vehicle?.plate ?? null,
      variant: null,
      detail: event.name,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      discount: 0,
      tip: 0,
      product: { kind: "event_visit", uuid: pass.id },
    };
  },
  payablesOf: async (_db, eventVisitId) => [eventVisitId],
};
