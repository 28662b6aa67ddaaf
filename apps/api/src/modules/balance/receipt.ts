import type { ReceiptKind } from "../payments/receipt-subject.ts";
import { findTopUp, listTopUpIdsOf } from "./repository.ts";

/** A top-up on a receipt: the location it was made at, no plate or times; its product is the balance. */
export const topUpReceipt: ReceiptKind = {
  async subjectOf(db, topUpId) {
    const topUp = await findTopUp(db, topUpId);
    if (!topUp) return undefined;
    return {
      locationId: topUp.location_id,
      plate: null,
      variant: null,
      detail: null,
      startsAt: null,
      endsAt: null,
      discount: 0,
      tip: 0,
      product: { kind: "balance", uuid: topUp.balance_id },
    };
  },
  payablesOf: listTopUpIdsOf,
};
