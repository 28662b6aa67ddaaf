import { z } from "zod";
import { DOMAINS } from "../constants.ts";
import { e164Phone, email, text, verificationCode } from "./common.ts";

/** How a sign-in code can travel: the channel SMS_CHANNEL names, or the other one the driver asks for. */
export const CODE_CHANNELS = ["sms", "whatsapp"] as const;

export const registerPhoneBody = z.object({
  phone_number: e164Phone,
  domain: z.enum(DOMAINS).default("estaciona"),
  /**
   * The channel the driver chose after the last code was not delivered (docs/decisions/0244). Absent:
   * the configured one. Every send counts towards the caps; only an undelivered code lifts the cooldown.
   */
  channel: z.enum(CODE_CHANNELS).optional(),
});
export type RegisterPhoneBody = z.infer<typeof registerPhoneBody>;

/** `open/user` answers the code with the sandbox SMS provider (the app pre-fills it), null otherwise. */
export const registerPhoneAnswer = z.string().nullable();

/** `open/user/code-delivery`: the newest code to this phone, as far as this caller may know of it. */
export const codeDeliveryBody = z.object({ phone_number: e164Phone });
/**
 * `undelivered`: the provider said it did not arrive (or certainly never left); the app offers another
 * channel. `sent` is also the answer for a code asked from another address (nothing is told about it).
 */
export const CODE_DELIVERY_STATES = ["sending", "sent", "delivered", "undelivered"] as const;
export const codeDeliveryAnswer = z.object({
  state: z.enum(CODE_DELIVERY_STATES),
  /** The channels a new code may be sent by. */
  channels: z.array(z.enum(CODE_CHANNELS)),
});
export type CodeDeliveryAnswer = z.infer<typeof codeDeliveryAnswer>;

/** OAuth client credentials: the public web client sends its id and a secret that is not checked (docs/product/sign-in-and-sessions.md). */
const clientId = text().min(1).max(100);
const clientSecret = text().max(255).optional();

export const smsGrantBody = z.object({
  grant_type: z.literal("sms"),
  client_id: clientId,
  client_secret: clientSecret,
  phone_number: e164Phone,
  code: verificationCode,
  domain: z.enum(DOMAINS).default("estaciona"),
  subdomain: text().max(100).nullish(),
});

export const refreshGrantBody = z.object({
  grant_type: z.literal("refresh_token"),
  client_id: clientId,
  client_secret: clientSecret,
  refresh_token: text().min(1).max(512),
});

/** `oauth/v2/token` takes either grant, JSON or form-encoded (RFC 6749 §4.1.3, §6). */
export const tokenRequestBody = z.discriminatedUnion("grant_type", [smsGrantBody, refreshGrantBody]);

export const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;

export const revokeBody = z.object({
  token: text().min(1).max(512),
  client_id: clientId.optional(),
  token_type_hint: text().max(40).optional(),
});

/** RFC 7009 answers an empty object, whether or not the token existed. */
export const revokeAnswer = z.object({});

export const sendEmailCodeBody = z.object({ email, phone_number: e164Phone });
export const checkEmailCodeBody = z.object({ email, code: verificationCode });
