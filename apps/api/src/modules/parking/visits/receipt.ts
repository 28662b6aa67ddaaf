import type { ReceiptKind } from "../../payments/receipt-subject.ts";
import { findVehicleById, findVisitById } from "./repository.ts";

/** A stay on a receipt: entry to exit (or to payment, when it has not left yet). */
export const visitReceipt: ReceiptKind = {
  async subjectOf(db, visitId) {
    const visit = await findVisitById(db, visitId);
    if (!visit) return undefined;
    const vehicle = await findVehicleById(db, visit.vehicle_id);
    return {
      locationId: visit.location_id,
      plate: vehicle?.plate ?? null,
      variant: null,
      detail: null,
      startsAt: visit.entered_at,
      endsAt: visit.exited_at ?? visit.paid_at,
      discount: 0,
      tip: 0,
      product: { kind: "visit", uuid: visit.id },
    };
  },
  payablesOf: async (_db, visitId) => [visitId],
};
