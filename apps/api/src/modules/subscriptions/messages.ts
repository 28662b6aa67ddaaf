import { cardBrandName, type Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { addDays } from "@estaciona/contracts/periods";
import { translate } from "@estaciona/i18n";
import { breakdownText } from "../../lib/breakdown-text.ts";
import { messageOrigin } from "../hosts/service.ts";
import { messageKey, sendOnce } from "../messaging/outbox.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import type { MessageDeps } from "../parking/visits/messages.ts";
import { findVehicleById } from "../parking/visits/repository.ts";
import { findCardById, findPaymentById } from "../payments/repository.ts";
import { deliverReminder, preferencesOf, type ReminderDeps, reminderTime } from "../reminders/index.ts";
import { findUserById } from "../users/repository.ts";
import { isSuspendedAt } from "../users/suspensions.ts";
import { periodPrice } from "./pricing.ts";
import { findSubscriptionById, type SubscriptionRow } from "./repository/passes.ts";
import { findPeriod, findPeriodById } from "./repository/periods.ts";
import { findPlanById, type PlanRow } from "./repository/plans.ts";
import { type DiscountRow, findDiscountById } from "./repository/promo-codes.ts";
import { markReminded } from "./repository/renewals.ts";

/** Notices of a pass (docs/product/passes-and-promo-codes.md): a receipt for every charge, a notice when a renewal fails. */

/** The pass's page in the SPA (docs/product/screens-and-routes.md `/pensiones/{uuid}`). */
const subscriptionLink = (origin: string, subscriptionId: string): string => `${origin}/pensiones/${subscriptionId}`;

/** The origin a pass's messages link to: the host it was bought on (`messageOrigin`). */
const originOf = (deps: MessageDeps & { config: { publicUrl: string } }, pass: PassOf) =>
  messageOrigin(deps, pass.subscription.origin, pass.location);

const text = (locale: Locale, key: string, params: Record<string, string | number> = {}): string =>
  translate(locale, `subscriptions.${key}`, params) ?? key;

/** A period's day (a calendar date, no clock) in the driver's language. */
export const formatDay = (date: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** What the next period will cost all-in, the pass's promo code counted while it lasts. */
async function nextPeriodPrice(
  db: MessageDeps["db"],
  subscription: SubscriptionRow,
  plan: PlanRow,
  location: Parameters<typeof periodPrice>[1],
): Promise<number> {
  const discount: DiscountRow | undefined = subscription.discount_id
    ? await findDiscountById(db, subscription.discount_id)
    : undefined;
  return periodPrice(plan, location, discount ?? null, subscription.current_period + 1).amounts.total;
}

async function passOf(deps: MessageDeps, subscriptionId: string) {
  const subscription = await findSubscriptionById(deps.db, subscriptionId);
  if (!subscription) return undefined;
  const [user, plan, location, vehicle, period] = await Promise.all([
    findUserById(deps.db, subscription.user_id),
    findPlanById(deps.db, subscription.plan_id),
    findLocationById(deps.db, subscription.location_id),
    findVehicleById(deps.db, subscription.vehicle_id),
    findPeriod(deps.db, subscription.id, subscription.current_period),
  ]);
  if (!user || !plan || !location || !vehicle || !period) return undefined;
  return { subscription, user, plan, location, vehicle, period };
}

type PassOf = NonNullable<Awaited<ReturnType<typeof passOf>>>;

/** The e-mail receipt of a period's charge, in the driver's language; sent by a job of the paying transaction. */
export async function sendChargeReceipt(deps: MessageDeps & { config: { publicUrl: string } }, paymentId: string) {
  const payment = await findPaymentById(deps.db, paymentId);
  if (payment?.status !== "succeeded") return;
  const period = await findPeriodById(deps.db, payment.payable_id);
  if (!period) return;
  const pass = await passOf(deps, period.subscription_id);
  const email = pass?.user.email;
  if (!pass || !email) return;
  const { user, plan, location, vehicle } = pass;
  const locale = user.locale;
  const card = payment.payment_method_id ? await findCardById(deps.db, payment.payment_method_id) : undefined;
  await sendOnce(deps, messageKey("pass_receipt", payment.id), {
    channel: "email",
    to: email,
    subject: text(locale, "receipt_subject", { plan: plan.name, location: location.name }),
    text: text(locale, "receipt_body", {
      plan: plan.name,
      location: location.name,
      plate: vehicle.plate,
      first_day: formatDay(period.start_date, locale),
      last_day: formatDay(addDays(period.end_date, -1), locale),
      card: card
        ? text(locale, "card_on_file", {
            brand: cardBrandName(card.brand, translate(locale, "common.other_card_brand") ?? card.brand),
            last4: card.last4,
          })
        : "—",
      breakdown: breakdownText(locale, { ...payment, total: payment.amount }, payment.currency, {
        discount: period.discount,
      }),
      link: subscriptionLink(await originOf(deps, pass), pass.subscription.id),
    }),
  });
}

/**
 * A renewal failed: SMS and e-mail with the amount, the next try (or the pause) and a link to
 * change the card; once per failed attempt of the period.
 */
export async function sendRenewalFailed(
  deps: MessageDeps & { config: { publicUrl: string } },
  subscriptionId: string,
  attempt: number,
) {
  const pass = await passOf(deps, subscriptionId);
  if (!pass) return;
  const { subscription, user, plan, location, vehicle, period } = pass;
  const locale = user.locale;
  const origin = await originOf(deps, pass);
  const params = {
    plan: plan.name,
    location: location.name,
    plate: vehicle.plate,
    amount: formatMoney(period.total, period.currency),
    link: `${origin}/pagos`,
    pass_link: subscriptionLink(origin, subscription.id),
  };
  const paused = subscription.status === "unpaid";
  const key = messageKey("pass_renewal_failed", subscription.id, period.number, attempt);
  const sends: Promise<unknown>[] = [
    sendOnce(deps, key, {
      to: user.phone,
      channel: "sms",
      body: text(locale, paused ? "paused_sms" : "renewal_failed_sms", params),
    }),
  ];
  if (user.email)
    sends.push(
      sendOnce(deps, key, {
        channel: "email",
        to: user.email,
        subject: text(locale, paused ? "paused_subject" : "renewal_failed_subject", params),
        text: text(locale, paused ? "paused_body" : "renewal_failed_body", params),
      }),
    );
  await Promise.all(sends);
}

/**
 * The reminder before a monthly or yearly renewal: the day, the amount and how to cancel, on the
 * driver's channel (the reminders module). Sent once per period: the pass is marked before sending,
 * so a second worker or a retried job sends nothing. Inside the driver's quiet hours (the lot's
 * clock) it waits for their end: `later` is that instant, and the caller runs it again then.
 */
export async function sendRenewalReminder(
  deps: MessageDeps & { config: { publicUrl: string } & ReminderDeps["config"] },
  subscriptionId: string,
): Promise<{ later: number } | undefined> {
  const pass = await passOf(deps, subscriptionId);
  if (pass?.subscription.status !== "active" || pass.subscription.cancel_at_period_end === 1) return;
  const { subscription, user, plan, location, vehicle, period } = pass;
  // Its renewal will not charge a suspended driver (renewals.ts): no "renews on" notice either.
  if (await isSuspendedAt(deps.db, user.id, location.id)) return;
  const now = Date.now();
  const preferences = await preferencesOf(deps, user.id);
  const at = reminderTime(now, preferences, location.time_zone, "later", now - 1, 0);
  if (at !== null && at > now) return { later: at };
  const next = await nextPeriodPrice(deps.db, subscription, plan, location);
  if (!(await markReminded(deps.db, subscription.id, period.number))) return;
  const link = subscriptionLink(await originOf(deps, pass), subscription.id);
  await deliverReminder(
    deps,
    user.id,
    messageKey("pass_renewal_reminder", subscription.id, period.number),
    (locale) => {
      const params = {
        plan: plan.name,
        location: location.name,
        plate: vehicle.plate,
        date: formatDay(period.end_date, locale),
        amount: formatMoney(next, plan.currency),
        link,
      };
      return {
        text: text(locale, "reminder_sms", params),
        subject: text(locale, "reminder_subject", params),
        body: text(locale, "reminder_body", params),
        push: {
          title: text(locale, "reminder_subject", params),
          body: text(locale, "reminder_push", params),
          path: subscriptionLink("", subscription.id),
          tag: `pass:${subscription.id}`,
        },
      };
    },
  );
}
