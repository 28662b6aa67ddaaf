import { cardBrandName, type Locale } from "@estaciona/contracts";
import { formatMoney } from "@estaciona/contracts/money";
import { referenceRailOf } from "@estaciona/contracts/payment-rails";
import { addDays } from "@estaciona/contracts/periods";
import { translate } from "@estaciona/i18n";
import { breakdownText } from "../../lib/breakdown-text.ts";
import { messageOrigin } from "../hosts/service.ts";
import { JobRetryLater } from "../jobs/worker.ts";
import { isMessageKeyClaimed, messageKey, sendOnce } from "../messaging/outbox.ts";
import { findLocationById } from "../parking/locations/repository.ts";
import { formatInstant, type MessageDeps } from "../parking/visits/messages.ts";
import { findVehicleById } from "../parking/visits/repository.ts";
import { referenceOfCharge } from "../payments/ledger.ts";
import { findCardById, findPaymentById } from "../payments/repository.ts";
import {
  deliverReminder,
  preferencesOf,
  type ReminderContent,
  type ReminderDeps,
  reminderTime,
} from "../reminders/index.ts";
import { findUserById } from "../users/repository.ts";
import { isSuspendedAt } from "../users/suspensions.ts";
import { renewalRailOf } from "./presenter.ts";
import { periodPrice } from "./pricing.ts";
import { findSubscriptionById, type SubscriptionRow } from "./repository/passes.ts";
import { findLatestChargeOfPeriod, findPeriod, findPeriodById, PERIOD_PAYABLE } from "./repository/periods.ts";
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

/** A pass with what its notices (and its renewal reference's payer and statement line) name: driver, plan, lot, vehicle, running period. */
export async function passOf(deps: Pick<MessageDeps, "db">, subscriptionId: string) {
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
  // Paid by reference, the receipt names the rail (docs/decisions/0342); the "paid" notice is sent apart, once.
  const rail = card ? null : referenceRailOf(payment.rail);
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
        : rail
          ? (translate(locale, `parking.receipt.rail_${rail}`) ?? rail)
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
  // A pass paid by reference is not charged: its reference comes the day before (docs/decisions/0333).
  const rail = await renewalRailOf(deps.db, period);
  const words = rail ? "reminder_reference" : "reminder";
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
        rail: rail ? (translate(locale, `home.reference_rail_${rail}`) ?? rail) : "",
        link,
      };
      return {
        text: text(locale, `${words}_sms`, params),
        subject: text(locale, "reminder_subject", params),
        body: text(locale, `${words}_body`, params),
        push: {
          title: text(locale, "reminder_subject", params),
          body: text(locale, `${words}_push`, params),
          path: subscriptionLink("", subscription.id),
          tag: `pass:${subscription.id}`,
        },
      };
    },
  );
}

type NoticeDeps = MessageDeps & { config: { publicUrl: string } & ReminderDeps["config"] };

/**
 * A notice the driver must not miss, under one key (docs/decisions/0333): by e-mail at once when they
 * have an address, and on their reminder channel (SMS, WhatsApp, push) outside their quiet hours on
 * the lot's clock — inside them `later` is their end, and the caller runs it again then. When the
 * channel is e-mail the claim on the key makes it one e-mail.
 */
async function noticeByEmailAndChannel(
  deps: NoticeDeps,
  pass: PassOf,
  key: string,
  content: (locale: Locale) => ReminderContent,
): Promise<{ later: number } | undefined> {
  const { user, location } = pass;
  if (user.email) {
    const words = content(user.locale);
    await sendOnce(deps, key, { channel: "email", to: user.email, subject: words.subject, text: words.body });
  }
  const now = Date.now();
  const at = reminderTime(now, await preferencesOf(deps, user.id), location.time_zone, "later", now - 1, 0);
  if (at !== null && at > now) return { later: at };
  await deliverReminder(deps, user.id, key, content);
}

/**
 * The next period's reference of a pass renewing by reference: amount, OXXO reference and barcode
 * or CLABE and bank, expiry on the lot's clock and how to pay; once per reference. Waits while the
 * gateway's answer is not recorded; says nothing once the reference is paid or expired.
 */
export async function sendRenewalReference(deps: NoticeDeps, periodId: string): Promise<{ later: number } | undefined> {
  const charge = await findLatestChargeOfPeriod(deps.db, periodId);
  if (charge?.status === "pending") throw new JobRetryLater(30);
  if (charge?.status !== "requires_action") return;
  const period = await findPeriodById(deps.db, periodId);
  const pass = period && (await passOf(deps, period.subscription_id));
  const reference = await referenceOfCharge(deps.db, charge.id);
  if (!period || !pass || !reference.number) return;
  const { subscription, plan, location, vehicle } = pass;
  const link = subscriptionLink(await originOf(deps, pass), subscription.id);
  const home = (locale: Locale, key: string, params: Record<string, string> = {}) =>
    translate(locale, `home.${key}`, params) ?? key;
  return noticeByEmailAndChannel(deps, pass, messageKey("pass_renewal_reference", charge.id), (locale) => {
    const numberLabel = home(locale, `reference_number_${reference.rail}`);
    const params = {
      plan: plan.name,
      location: location.name,
      plate: vehicle.plate,
      date: formatDay(period.start_date, locale),
      amount: formatMoney(reference.amount, reference.currency),
      rail: home(locale, `reference_rail_${reference.rail}`),
      expires: formatInstant(reference.expires_at, locale, location.time_zone),
      number_label: numberLabel,
      number: reference.number ?? "",
      link,
    };
    const details = [
      `${numberLabel}: ${reference.number}`,
      reference.bank ? `${home(locale, "reference_bank")}: ${reference.bank}` : null,
      reference.barcode_url ? text(locale, "renewal_reference_barcode", { url: reference.barcode_url }) : null,
    ].filter((line) => line !== null);
    return {
      text: text(locale, "renewal_reference_sms", params),
      subject: text(locale, "renewal_reference_subject", params),
      body: text(locale, "renewal_reference_body", {
        ...params,
        details: details.join("\n"),
        howto: home(locale, `reference_howto_${reference.rail}`),
      }),
      push: {
        title: text(locale, "renewal_reference_subject", params),
        body: text(locale, "renewal_reference_push", params),
        path: subscriptionLink("", subscription.id),
        tag: `pass:${subscription.id}`,
      },
    };
  });
}

/**
 * The renewal reference of a pass the driver cancelled is void (docs/decisions/0316): a driver who was
 * sent it is told once, by e-mail and on the reminder channel, not to pay it. Nothing when it never
 * went out (its own send skips a voided reference).
 */
export async function sendRenewalReferenceVoided(
  deps: NoticeDeps,
  paymentId: string,
): Promise<{ later: number } | undefined> {
  const charge = await findPaymentById(deps.db, paymentId);
  if (charge?.status !== "failed" || charge.payable_type !== PERIOD_PAYABLE) return;
  if (!(await isMessageKeyClaimed(deps.db, messageKey("pass_renewal_reference", charge.id)))) return;
  const period = await findPeriodById(deps.db, charge.payable_id);
  const pass = period && (await passOf(deps, period.subscription_id));
  const reference = await referenceOfCharge(deps.db, charge.id);
  if (!pass || !reference.number) return;
  const { subscription, plan, location, vehicle } = pass;
  const link = subscriptionLink(await originOf(deps, pass), subscription.id);
  return noticeByEmailAndChannel(deps, pass, messageKey("pass_renewal_reference_voided", charge.id), (locale) => {
    const params = {
      plan: plan.name,
      location: location.name,
      plate: vehicle.plate,
      date: formatDay(pass.period.end_date, locale),
      amount: formatMoney(reference.amount, reference.currency),
      number: reference.number ?? "",
      link,
    };
    return {
      text: text(locale, "reference_voided_sms", params),
      subject: text(locale, "reference_voided_subject", params),
      body: text(locale, "reference_voided_body", params),
      push: {
        title: text(locale, "reference_voided_subject", params),
        body: text(locale, "reference_voided_push", params),
        path: subscriptionLink("", subscription.id),
        tag: `pass:${subscription.id}`,
      },
    };
  });
}

/** A pass renewing by reference ended because period `period`'s reference was not paid by its start; once. */
export async function sendReferenceRenewalLapsed(
  deps: NoticeDeps,
  subscriptionId: string,
  period: number,
): Promise<{ later: number } | undefined> {
  const pass = await passOf(deps, subscriptionId);
  if (pass?.subscription.status !== "canceled") return;
  const { subscription, plan, location, vehicle } = pass;
  const link = subscriptionLink(await originOf(deps, pass), subscription.id);
  return noticeByEmailAndChannel(deps, pass, messageKey("pass_reference_lapsed", subscription.id, period), (locale) => {
    const params = {
      plan: plan.name,
      location: location.name,
      plate: vehicle.plate,
      date: formatDay(pass.period.end_date, locale),
      link,
    };
    return {
      text: text(locale, "reference_lapsed_sms", params),
      subject: text(locale, "reference_lapsed_subject", params),
      body: text(locale, "reference_lapsed_body", params),
      push: {
        title: text(locale, "reference_lapsed_subject", params),
        body: text(locale, "reference_lapsed_push", params),
        path: subscriptionLink("", subscription.id),
        tag: `pass:${subscription.id}`,
      },
    };
  });
}
