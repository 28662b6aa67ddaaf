import { formatMoney } from "@estaciona/contracts/money";
import { translate } from "@estaciona/i18n";
import { findLocationById } from "../parking/locations/service.ts";
import { registerReferencePaidNotice } from "../payments/ledger.ts";
import { PAYABLE_TOP_UP } from "./payable.ts";
import { findTopUp } from "./repository.ts";

/**
 * A balance top-up paid by reference, on time or late (docs/decisions/0342): the notice says what was
 * added and what the balance at that lot's operator holds now.
 */
registerReferencePaidNotice(PAYABLE_TOP_UP, async (db, payment, { locale, balance }) => {
  const topUp = await findTopUp(db, payment.payable_id);
  const location = topUp ? await findLocationById(db, topUp.location_id) : undefined;
  if (!topUp || !location || balance === null) return undefined;
  const what = translate(locale, "payments.reference_paid.top_up", {
    amount: formatMoney(topUp.amount, payment.currency),
    location: location.name,
    balance,
  });
  return what ? { what, location } : undefined;
});
