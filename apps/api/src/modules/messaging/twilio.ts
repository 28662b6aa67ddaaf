import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { maskSensitive, ProviderError, recordSent, type SmsProvider, type TextMessage } from "./providers.ts";

/** A code that arrives after this is useless to a driver staring at the code screen; fail and let them resend. */
const TWILIO_TIMEOUT_MS = 10_000;

/** The fields of Twilio's answers we read: a created Message (201) or an error (4xx/5xx). */
interface TwilioMessage {
  sid?: unknown;
  status?: unknown;
}
interface TwilioError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
}

/** fetch's errors that happen before a byte of the request left: the connection was never made. */
const CONNECT_ERRORS = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const neverConnected = (error: unknown): boolean => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && CONNECT_ERRORS.has(cause.code);
};

/**
 * SMS and WhatsApp through Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with form fields To, From, Body and HTTP basic auth (account SID : auth token). WhatsApp uses
 * the same resource with `whatsapp:` addresses. Every message sent is recorded in the outbox with
 * the code masked: the code exists only in the driver's phone and as an HMAC.
 */
export function createTwilioSms(
  settings: Config["sms"]["twilio"],
  db: Db,
  log: FastifyBaseLogger,
  options: { timeoutMs?: number } = {},
): SmsProvider {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;

  const sender = (channel: TextMessage["channel"]): string => {
    // A number enabled for WhatsApp can also be the SMS number, so each channel falls back to the other's sender.
    const number =
      channel === "whatsapp" ? settings.whatsappFrom || settings.from : settings.from || settings.whatsappFrom;
    if (!number)
      throw new ProviderError("twilio", "neither TWILIO_FROM nor TWILIO_WHATSAPP_FROM is set", { notSent: true });
    return channel === "whatsapp" ? `whatsapp:${number}` : number;
  };

  return {
    name: "twilio",
    returnsCodeToCaller: false,
    async send(message: TextMessage) {
      const form = new URLSearchParams({
        To: message.channel === "whatsapp" ? `whatsapp:${message.to}` : message.to,
        From: sender(message.channel),
        Body: message.body,
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? TWILIO_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new ProviderError("twilio", timedOut ? "no answer in time" : "could not reach the API", {
          retryable: true,
          notSent: !timedOut && neverConnected(error),
          cause: error,
        });
      }

      const answer: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const error: TwilioError = answer && typeof answer === "object" ? answer : {};
        const providerCode = typeof error.code === "number" || typeof error.code === "string" ? error.code : undefined;
        throw new ProviderError(
          "twilio",
          `HTTP ${response.status}${providerCode === undefined ? "" : ` error ${providerCode}`}: ${
            typeof error.message === "string" ? error.message : "no error message"
          }`,
          {
            status: response.status,
            providerCode,
            retryable: response.status === 429 || response.status >= 500,
            notSent: true,
          },
        );
      }
      const created: TwilioMessage = answer && typeof answer === "object" ? answer : {};
      if (typeof created.sid !== "string")
        throw new ProviderError("twilio", `HTTP ${response.status} without a message sid`, { status: response.status });

      await recordSent(db, log, {
        id: newId(),
        channel: message.channel,
        provider: "twilio",
        recipient: message.to,
        subject: null,
        body: maskSensitive(message.body, message.sensitive),
        provider_ref: created.sid,
        created_at: nowIso(),
      });
      log.info({ sid: created.sid, status: created.status, channel: message.channel }, "twilio message accepted");
      return { providerRef: created.sid };
    },
  };
}
