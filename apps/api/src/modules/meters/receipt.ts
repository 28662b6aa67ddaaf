import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { findPurchase, findSession, listPurchasesOfSessions } from "./repository.ts";

/** A meter purchase on a receipt: the time it bought (a first buy or an extension) on its session. */
export const meterPurchaseReceipt: ReceiptKind = {
  async subjectOf(db, purchaseId) {
    const purchase = await findPurchase(db, purchaseId);
    const session = purchase && (await findSession(db, purchase.session_id));
    if (!purchase || !session) return undefined;
    return {
      locationId: session.location_id,
      plate: session.plate,
      variant: null,
      detail: null,
      startsAt: purchase.ends_before,
      endsAt: purchase.ends_after,
      discount: 0,
      tip: 0,
      product: { kind: "meter_session", uuid: session.id },
    };
  },
  payablesOf: async (db, sessionId) => (await listPurchasesOfSessions(db, [sessionId])).map((purchase) => purchase.id),
};
