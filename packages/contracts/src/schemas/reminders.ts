import { z } from "zod";
import { requiredText } from "./common.ts";
import { meterPurchaseAnswer, meterSession, meterZone } from "./meters.ts";

/** Reminders the driver controls and the extend links they carry (docs/product/reminders.md). */

/** `push`: Web Push to the driver's installed app; a driver with no live subscription gets it by SMS. */
export const REMINDER_CHANNELS = ["sms", "whatsapp", "email", "push"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_LEAD_MINUTES = [5, 10, 15, 30] as const;
export const DEFAULT_REMINDER_LEAD_MINUTES = 10;

const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - 1);

/** Quiet hours, minutes after midnight on the clock of the place a reminder is about; may cross midnight. */
export const quietHours = z
  .object({ start: minuteOfDay, end: minuteOfDay })
  .refine((hours) => hours.start !== hours.end)
  .nullable();

export const reminderPreferences = z.object({
  channel: z.enum(REMINDER_CHANNELS),
  lead_minutes: z.union(REMINDER_LEAD_MINUTES.map((minutes) => z.literal(minutes))),
  quiet_hours: quietHours,
});
export type ReminderPreferences = z.infer<typeof reminderPreferences>;

/** The VAPID public key browsers subscribe with (RFC 8292); null where push is not configured. */
export const pushKey = z.object({ public_key: z.string().nullable() });
export type PushKey = z.infer<typeof pushKey>;

const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[\w-]+=*$/, "base64url");

/** A browser's PushSubscription as `toJSON()` gives it (the Push API): its endpoint and keys. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushSubscriptionQuery = z.object({ endpoint: requiredText(2000) });

/** A device that takes the driver's reminders: when it subscribed (the endpoint's keys stay on the server). */
export const pushSubscriptionView = z.object({ uuid: z.string(), created_at: z.string() });

/** The extend link's token: 43 base64url characters (32 random bytes). */
export const extendLinkParams = z.object({ token: z.string().min(20).max(100) });

/** What the extend screen shows: the session, its zone, the bound card and the time still allowed. */
export const extendLinkView = z.object({
  session: meterSession,
  zone: meterZone,
  card: z.object({ brand: z.string(), last4: z.string() }),
  /** The end the session may be paid up to (the zone's maximum stay). */
  allowed_until: z.string(),
  /** The link works until then (the session's end). */
  expires_at: z.string(),
});
export type ExtendLinkView = z.infer<typeof extendLinkView>;

/**
 * The confirm tap: the minutes, the total the driver was shown, and the key that makes a repeated
 * tap (or a retry after no answer) the same extension: a body field, as the caller is not signed in.
 */
export const confirmExtendLinkBody = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  expected_total: z.number().int().min(0),
  idempotency_key: z.string().min(1).max(255),
});
export type ConfirmExtendLinkBody = z.input<typeof confirmExtendLinkBody>;
export { noData } from "./common.ts";
export { meterPurchaseAnswer };
