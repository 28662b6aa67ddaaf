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
 * with form fields and HTTP basic auth (account SID : auth token), as twilio-oai's
 * `spec/json/twilio_api_v2010.json` (commit d50069b4) declares the resource: `To`, then `From` or
 * `MessagingServiceSid`, then `Body` or `ContentSid` + `ContentVariables` (a JSON string).
 * WhatsApp uses `whatsapp:` addresses and, once templates are configured, only approved templates:
 * every message we send there is business-initiated, outside any 24-hour session (docs/decisions/0161).
 * A WhatsApp message Twilio refuses goes again by SMS when an SMS sender is configured. Every
 * message sent is recorded in the outbox with the code masked.
 */
export function createTwilioSms(
  settings: Config["sms"]["twilio"],
  db: Db,
  log: FastifyBaseLogger,
  options: { timeoutMs?: number } = {},
): SmsProvider {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const canSendSms = Boolean(settings.from || settings.messagingServiceSid);

  /** `From` and/or `MessagingServiceSid`: a service picks the sender from its pool unless one is named. */
  const senderFields = (channel: TextMessage["channel"]): Record<string, string> => {
    if (settings.messagingServiceSid) {
      const own = channel === "whatsapp" ? settings.whatsappFrom : settings.from;
      return {
        MessagingServiceSid: settings.messagingServiceSid,
        ...(own ? { From: channel === "whatsapp" ? `whatsapp:${own}` : own } : {}),
      };
    }
    // A number enabled for WhatsApp can also be the SMS number, so each channel falls back to the other's sender.
    const number =
      channel === "whatsapp" ? settings.whatsappFrom || settings.from : settings.from || settings.whatsappFrom;
    if (!number)
      throw new ProviderError("twilio", "neither TWILIO_FROM nor TWILIO_WHATSAPP_FROM is set", { notSent: true });
    return { From: channel === "whatsapp" ? `whatsapp:${number}` : number };
  };

  /** What the message says: free text by SMS; by WhatsApp the approved template when templates are set. */
  const contentFields = (message: TextMessage, channel: TextMessage["channel"]): Record<string, string> => {
    const templates = settings.whatsappTemplates;
    // Without templates (Twilio's WhatsApp sandbox, where the tester wrote first) free text is all there is.
    if (channel === "sms" || !templates) return { Body: message.body };
    if (!message.template)
      throw new ProviderError("twilio", "no approved WhatsApp template for this message", { notSent: true });
    const variables = Object.fromEntries(message.template.variables.map((value, index) => [String(index + 1), value]));
    return {
      ContentSid: templates[message.template.name][message.template.locale],
      ContentVariables: JSON.stringify(variables),
    };
  };

  const deliver = async (message: TextMessage, channel: TextMessage["channel"]) => {
    const form = new URLSearchParams({
      To: channel === "whatsapp" ? `whatsapp:${message.to}` : message.to,
      ...senderFields(channel),
      ...contentFields(message, channel),
      // Twilio reports delivery there (sent, delivered, undelivered…), signed with our auth token.
      StatusCallback: settings.statusCallbackUrl,
    });
    const created = await post(form);
    await recordSent(db, log, {
      id: newId(),
      channel,
      provider: "twilio",
      recipient: message.to,
      subject: null,
      body: maskSensitive(message.body, message.sensitive),
      provider_ref: created.sid,
      created_at: nowIso(),
    });
    log.info({ sid: created.sid, status: created.status, channel }, "twilio message accepted");
    return { providerRef: created.sid };
  };

  const post = async (form: URLSearchParams): Promise<{ sid: string; status: unknown }> => {
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
    return { sid: created.sid, status: created.status };
  };

  return {
    name: "twilio",
    returnsCodeToCaller: false,
    async send(message: TextMessage) {
      if (message.channel === "sms") return deliver(message, "sms");
      try {
        return await deliver(message, "whatsapp");
      } catch (error) {
        // Only a certain refusal falls back (not on WhatsApp, no template, 63016…): after a timeout
        // the WhatsApp message may have left, and a second copy by SMS would be a second code.
        const refused = error instanceof ProviderError && error.options.notSent && !error.options.retryable;
        if (!refused || !canSendSms) throw error;
        log.warn({ err: error }, "WhatsApp refused the message; sending it by SMS");
        return deliver(message, "sms");
      }
    },
  };
}
