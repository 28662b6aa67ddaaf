import { translate } from "@estaciona/i18n";
import { findLocationById } from "../parking/locations/service.ts";
import { registerReferencePaidNotice } from "../payments/ledger.ts";
import { EVENT_VISIT_PAYABLE, findEventById, findEventVisitById } from "./repository.ts";

/**
 * An event place paid by reference (docs/decisions/0342): the notice names the event, its venue and
 * its start on the venue's clock, and says the place is confirmed.
 */
registerReferencePaidNotice(EVENT_VISIT_PAYABLE, async (db, payment, { locale }) => {
  const visit = await findEventVisitById(db, payment.payable_id);
  const event = visit ? await findEventById(db, visit.event_id) : undefined;
  if (!visit || !event) return undefined;
  const venue = await findLocationById(db, event.location_id);
  if (!venue) return undefined;
  const starts = new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: venue.time_zone,
  }).format(new Date(event.starts_at));
  const what = translate(locale, "payments.reference_paid.event", {
    event: event.name,
    venue: venue.name,
    starts,
  });
  return what ? { what, location: venue } : undefined;
});
