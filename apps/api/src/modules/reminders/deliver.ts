import type { Locale } from "@estaciona/contracts";
import type { ReminderPreferences } from "@estaciona/contracts/schemas/reminders";
import { type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import type { MessageTemplate } from "../messaging/providers.ts";
import { claimReminder } from "./claims.ts";
import { type PreferenceDefaults, preferencesOf } from "./preferences.ts";
import { type PushDeps, type PushNotice, pushToDevices } from "./push.ts";
import { findRecipient } from "./repository.ts";

/** One reminder's words, in the driver's language: the text (SMS, WhatsApp) and the e-mail. */
export interface ReminderContent {
  text: string;
  subject: string;
  body: string;
  /** The approved WhatsApp template of this text; without one, WhatsApp drivers get it by SMS. */
  template?: MessageTemplate;
  /** The Web Push notice: its words carry no link, the app opens `path` on a tap. */
  push: PushNotice;
}

export type ReminderDeps = OutboxDeps & PreferenceDefaults & { config: PushDeps["config"] };

export interface Recipient {
  id: string;
  locale: Locale;
  preferences: ReminderPreferences;
}

/** The driver a reminder goes to, with their preferences; null for an erased, missing or suspended account. */
export async function recipientOf(deps: ReminderDeps, userId: string): Promise<Recipient | null> {
  const user = await findRecipient(deps.db, userId);
  if (user?.status !== "active") return null;
  return { id: user.id, locale: user.locale, preferences: await preferencesOf(deps, userId) };
}

/**
 * Sends one reminder on the channel the driver chose, once per key (the messaging outbox's claim,
 * docs/decisions/0120): e-mail to a verified address (else by text), WhatsApp with its approved
 * template (else by SMS), Web Push to the driver's devices (the key claimed first, as push has no
 * outbox; with no device that took it, by SMS: docs/decisions/0290), else SMS. Answers whether this
 * call sent it.
 */
export async function deliverReminder(
  deps: ReminderDeps,
  userId: string,
  key: string,
  content: (locale: Locale) => ReminderContent,
): Promise<boolean> {
  const user = await findRecipient(deps.db, userId);
  if (user?.status !== "active") return false;
  const { channel } = await preferencesOf(deps, userId);
  const words = content(user.locale);
  if (channel === "push") {
    if (!(await claimReminder(deps.db, `${key}:push`))) return false;
    if ((await pushToDevices(deps, user.id, words.push)) > 0) return true;
  }
  if (channel === "email" && user.email && user.email_verified_at)
    return sendOnce(deps, key, { channel: "email", to: user.email, subject: words.subject, text: words.body });
  const whatsapp = channel === "whatsapp" && words.template !== undefined;
  return sendOnce(deps, key, {
    to: user.phone,
    channel: whatsapp ? "whatsapp" : "sms",
    body: words.text,
    ...(whatsapp && words.template ? { template: words.template } : {}),
  });
}
