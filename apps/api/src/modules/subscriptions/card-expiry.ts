import { cardBrandName, type Locale } from "@estaciona/contracts";
import { zoneOffsetMs } from "@estaciona/contracts/meters";
import { translate } from "@estaciona/i18n";
import { messageOrigin } from "../hosts/service.ts";
import { messageKey } from "../messaging/outbox.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import { claimReminder, deliverReminder, preferencesOf, type ReminderDeps, reminderTime } from "../reminders/index.ts";
import { isSuspendedAt } from "../users/suspensions.ts";
import { formatDay } from "./messages.ts";
import { renewalRailOf } from "./presenter.ts";
import { type ExpiringCardRow, listExpiringCardsOfRenewals } from "./repository/card-expiry.ts";
import { findSubscriptionById } from "./repository/passes.ts";
import { findPeriod } from "./repository/periods.ts";
import { findPlanById } from "./repository/plans.ts";

/**
 * The card-expiry reminder (docs/product/reminders.md, docs/decisions/0291): a driver whose renewing
 * pass charges a card that expires before the renewal — or at the end of this month — is told once,
 * on their channel, in their language, with a link to their cards. A removed card, or another valid
 * card made the default, is not the renewal's card and is never named.
 */

export type CardExpiryDeps = MessageDeps & { config: { publicUrl: string } & ReminderDeps["config"] };

const text = (locale: Locale, key: string, params: Record<string, string | number>): string =>
  translate(locale, `subscriptions.${key}`, params) ?? key;

/** A month on a place's clock, `2026 * 100 + 11`. */
function monthAt(at: number, timeZone: string): number {
  const local = new Date(at + zoneOffsetMs(at, timeZone));
  return local.getUTCFullYear() * 100 + local.getUTCMonth() + 1;
}

/** The first instant a card is no longer valid: midnight starting the month after its expiry, on the place's clock. */
export function cardExpiresAt(expYear: number, expMonth: number, timeZone: string): number {
  const localMidnight = Date.UTC(expYear, expMonth, 1);
  return localMidnight - zoneOffsetMs(localMidnight, timeZone);
}

/** Whether the card must be replaced before the renewal: it expires before it, or at the end of this month (the lot's clock). */
export function expiresBeforeRenewal(
  card: { exp_year: number; exp_month: number },
  renewsAt: number,
  timeZone: string,
  now = Date.now(),
): boolean {
  return (
    cardExpiresAt(card.exp_year, card.exp_month, timeZone) <= renewsAt ||
    monthAt(now, timeZone) === card.exp_year * 100 + card.exp_month
  );
}

const cardKey = (card: { id: string; exp_year: number; exp_month: number }) =>
  `card-expiry:${card.id}:${card.exp_year}-${card.exp_month}`;

/**
 * Tells each driver whose renewal's card expires first, once per card and expiry: the claim is
 * taken before sending, so two workers sweeping at once tell the driver once. Inside the
 * driver's quiet hours (the lot's clock) nothing is claimed: a later sweep tells them.
 */
export async function remindExpiringCards(deps: CardExpiryDeps): Promise<number> {
  let told = 0;
  const now = Date.now();
  for (const row of await listExpiringCardsOfRenewals(deps.db)) {
    if (!expiresBeforeRenewal(row, Date.parse(row.renews_at), row.time_zone, now)) continue;
    const preferences = await preferencesOf(deps, row.user_id);
    const at = reminderTime(now, preferences, row.time_zone, "later", now - 1, 0);
    if (at !== null && at > now) continue;
    if (await tellDriver(deps, row)) told += 1;
  }
  return told;
}

async function tellDriver(deps: CardExpiryDeps, row: ExpiringCardRow): Promise<boolean> {
  const subscription = await findSubscriptionById(deps.db, row.subscription_id);
  if (!subscription) return false;
  const [plan, period] = await Promise.all([
    findPlanById(deps.db, subscription.plan_id),
    findPeriod(deps.db, subscription.id, subscription.current_period),
  ]);
  if (!plan || !period) return false;
  // A suspended driver's pass ends instead of renewing (docs/decisions/0278): nothing to update.
  if (await isSuspendedAt(deps.db, subscription.user_id, row.location_id)) return false;
  // A pass renewing by reference charges no card (docs/decisions/0333): its card's expiry is no news.
  if (await renewalRailOf(deps.db, period)) return false;
  const card = {
    id: row.card_id,
    brand: row.brand,
    last4: row.last4,
    exp_year: row.exp_year,
    exp_month: row.exp_month,
  };
  if (!(await claimReminder(deps.db, cardKey(card)))) return false;
  const location = { organisation_id: row.organisation_id, country: row.country, name: row.location_name };
  const origin = await messageOrigin(deps, subscription.origin, location);
  const path = "/pagos";
  return deliverReminder(
    deps,
    subscription.user_id,
    messageKey("card_expiry", card.id, `${card.exp_year}-${card.exp_month}`),
    (locale) => {
      const params = {
        brand: cardBrandName(card.brand, translate(locale, "common.other_card_brand") ?? card.brand),
        last4: card.last4,
        expiry: `${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)}`,
        plan: plan.name,
        location: location.name,
        date: formatDay(period.end_date, locale),
        link: `${origin}${path}`,
      };
      return {
        text: text(locale, "card_expiry_sms", params),
        subject: text(locale, "card_expiry_subject", params),
        body: text(locale, "card_expiry_body", params),
        push: {
          title: text(locale, "card_expiry_subject", params),
          body: text(locale, "card_expiry_push", params),
          path,
          tag: `card:${card.id}`,
        },
      };
    },
  );
}
