import type { Locale } from "@estaciona/contracts";
import { translate } from "@estaciona/i18n";
import { messageKey, sendOnce } from "../messaging/outbox.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import { findUserById } from "../users/repository.ts";
import { findTicketById } from "./repository.ts";

const text = (locale: Locale, key: string, params: Record<string, string | number>): string =>
  translate(locale, `valet.${key}`, params) ?? key;

/** The claim link by SMS, in the language of the stand's country (the driver may have no account yet). */
export async function sendClaimLink(
  deps: MessageDeps,
  to: string,
  ticket: { id: string; number: string; locationName: string; country: "mx" | "us" },
  claimUrl: string,
): Promise<void> {
  const locale: Locale = ticket.country === "us" ? "en" : "es";
  await sendOnce(deps, messageKey("valet_claim_link", ticket.id), {
    to,
    channel: "sms",
    body: text(locale, "claim_sms", { number: ticket.number, location: ticket.locationName, url: claimUrl }),
  });
}

/** The car waits at the stand: the driver hears it by SMS, in their language. */
export async function sendCarReady(deps: MessageDeps, ticketId: string): Promise<void> {
  const ticket = await findTicketById(deps.db, ticketId);
  if (!ticket?.user_id) return;
  const [user, location] = await Promise.all([
    findUserById(deps.db, ticket.user_id),
    findLocationById(deps.db, ticket.location_id),
  ]);
  if (!user || !location) return;
  await sendOnce(deps, messageKey("valet_car_ready", ticket.id, ticket.ready_at ?? ""), {
    to: user.phone,
    channel: "sms",
    body: text(user.locale, "ready_sms", { number: ticket.number, location: location.name }),
  });
}
