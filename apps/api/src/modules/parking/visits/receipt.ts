import type { Executor } from "../../../db/database.ts";
import type { ReceiptKind, ReceiptSubject } from "../../payments/receipt-subject.ts";
import { findVehicleById, findVisitById, type VisitRow } from "./repository.ts";

async function subjectOfVisit(db: Executor, visit: VisitRow): Promise<ReceiptSubject> {
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
}

/** A stay on a receipt: entry to exit (or to payment, when it has not left yet). */
export const visitReceipt: ReceiptKind = {
  async subjectOf(db, visitId) {
    const visit = await findVisitById(db, visitId);
    return visit && subjectOfVisit(db, visit);
  },
  payablesOf: async (_db, visitId) => [visitId],
  /** A stay settled for nothing (inside its grace period): its zero receipt (docs/decisions/0186). */
  async freeSubjectOf(db, userId, visitId) {
    const visit = await findVisitById(db, visitId);
    if (visit?.user_id !== userId || visit.status !== "finished" || visit.total !== 0 || !visit.paid_at)
      return undefined;
    return { ...(await subjectOfVisit(db, visit)), settledAt: visit.paid_at, currency: visit.currency };
  },
};
