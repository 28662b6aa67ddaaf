import { cardBrandName, type Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import type { ChargedCard } from "@estaciona/contracts/schemas/wallet";
import { withWalletName } from "@estaciona/contracts/wallets";
import { stayDuration, translate } from "@estaciona/i18n";
import { breakdownText } from "../../../lib/breakdown-text.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../../messaging/outbox.ts";
import { findUserById } from "../../users/repository.ts";
import { findLocationById } from "../locations/repository.ts";
import { presentVisitDetail } from "./presenter.ts";
import { findVisitById, type VisitRow } from "./repository.ts";

/** What sending a driver a parking message needs; a FastifyInstance satisfies it. */
export type MessageDeps = OutboxDeps;

const text = (locale: Locale, key: string, params: Record<string, string | number> = {}): string =>
  translate(locale, `parking.${key}`, params) ?? key;

export function formatInstant(iso: string | null, locale: Locale, timeZone: string): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

/** "Visa terminación 4242": the brand as the SPA writes it (a brand outside CARD_BRANDS is "Tarjeta"). */
const cardOnFile = (locale: Locale, card: ChargedCard): string =>
  withWalletName(
    card.wallet,
    text(locale, "card_on_file", {
      brand: cardBrandName(card.brand, translate(locale, "common.other_card_brand") ?? card.brand),
      last4: card.last4,
    }),
  );

/**
 * The e-mail receipt after a successful payment (docs/product/invoicing-account-contact.md: the sandbox outbox shows it), in the
 * driver's language. Sent by the `parking.visit_receipt` job that the paying transaction enqueues,
 * so it goes out however the charge settled (at once, after 3-D Secure, or by reconciliation)
 * and a provider failure is retried. Drivers without an e-mail have the receipt in the visit.
 */
export async function sendVisitReceipt(deps: MessageDeps, visitId: string): Promise<void> {
  const visit = await findVisitById(deps.db, visitId);
  if (!visit) return;
  const user = await findUserById(deps.db, visit.user_id);
  if (!user?.email) return;
  const detail = await presentVisitDetail(deps.db, visit, Date.now());
  const receipt = detail.receipt;
  if (!receipt) return;
  const locale = user.locale;
  const duration = stayDuration(receipt.duration_minutes);
  const when = (iso: string | null) => formatInstant(iso, locale, detail.location.time_zone);
  await sendOnce(deps, messageKey("visit_receipt", visit.id), {
    channel: "email",
    to: user.email,
    subject: text(locale, "receipt_subject", { location: receipt.location.name }),
    text: text(locale, "receipt_body", {
      number: receipt.number,
      location: receipt.location.name,
      address: receipt.location.address,
      plate: receipt.plate,
      entered_at: when(receipt.entered_at),
      settled_at: when(receipt.settled_at),
      duration: text(locale, duration.key, duration.params),
      card: receipt.card ? cardOnFile(locale, receipt.card) : text(locale, "no_card"),
      breakdown: breakdownText(locale, receipt.amounts, visit.currency),
      exit_deadline: when(detail.exit_deadline),
      operator: receipt.operator.name,
      contact: receipt.operator.contact_email ?? receipt.operator.contact_phone ?? "",
    }),
  });
}

/**
 * A freeflow exit whose charge did not go through: the driver hears it by SMS (always: the phone
 * is the account) and by e-mail when there is one, in their language.
 */
export async function notifyDeclinedExitCharge(
  deps: MessageDeps,
  visit: VisitRow,
  plate: string,
  amount: number,
): Promise<void> {
  const [user, location] = await Promise.all([
    findUserById(deps.db, visit.user_id),
    findLocationById(deps.db, visit.location_id),
  ]);
  if (!user || !location) return;
  const params = {
    amount: formatMoney(amount, visit.currency),
    location: location.name,
    plate,
  };
  // A camera that reports the same exit twice tells the driver once.
  const key = messageKey("declined_exit_charge", visit.id);
  const sends: Promise<unknown>[] = [
    sendOnce(deps, key, { to: user.phone, channel: "sms", body: text(user.locale, "declined_sms", params) }),
  ];
  if (user.email)
    sends.push(
      sendOnce(deps, key, {
        channel: "email",
        to: user.email,
        subject: text(user.locale, "declined_subject", params),
        text: text(user.locale, "declined_body", params),
      }),
    );
  for (const result of await Promise.allSettled(sends))
    if (result.status === "rejected")
      deps.log.error({ err: result.reason, visitId: visit.id }, "declined-charge notice not sent");
}
