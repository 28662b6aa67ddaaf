import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import {
  bodyWithAttachmentNames,
  type EmailMessage,
  type EmailProvider,
  maskSensitive,
  ProviderError,
  recordSent,
} from "./providers.ts";

/** Connecting, greeting and each socket step; an SMTP relay slower than this is treated as down. */
const SMTP_TIMEOUT_MS = 10_000;

/** SMTP response codes 4xx are temporary (RFC 5321 §4.2.1): worth retrying later; 5xx are not. */
const isTemporary = (responseCode: number | undefined) =>
  responseCode === undefined || (responseCode >= 400 && responseCode < 500);

/** nodemailer's error codes for failures before the message was handed over (connection, DNS, login, envelope). */
const NOT_SENT_CODES = new Set(["ECONNECTION", "EDNS", "EAUTH", "ENOAUTH", "EENVELOPE", "ETLS"]);

/**
 * E-mail through any SMTP relay (nodemailer), configured by `SMTP_URL`
 * (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). Every accepted e-mail is recorded
 * in the outbox with any code masked.
 */
export function createSmtpEmail(
  settings: Config["email"],
  db: Db,
  log: FastifyBaseLogger,
  options: { timeoutMs?: number } = {},
): EmailProvider {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });

  return {
    name: "smtp",
    async send(message: EmailMessage) {
      let messageId: string;
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
        if (info.rejected.length > 0)
          throw new ProviderError("smtp", "the relay rejected the recipient", { notSent: true });
        messageId = info.messageId;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        const responseCode =
          error && typeof error === "object" && "responseCode" in error && typeof error.responseCode === "number"
            ? error.responseCode
            : undefined;
        const errorCode = error && typeof error === "object" && "code" in error ? error.code : undefined;
        throw new ProviderError("smtp", error instanceof Error ? error.message : "sending failed", {
          providerCode: responseCode,
          retryable: isTemporary(responseCode),
          // The relay answered with a refusal, or the conversation never reached the message.
          notSent: responseCode !== undefined || (typeof errorCode === "string" && NOT_SENT_CODES.has(errorCode)),
          cause: error,
        });
      }
      await recordSent(db, log, {
        id: newId(),
        channel: "email",
        provider: "smtp",
        recipient: message.to,
        subject: message.subject,
        body: bodyWithAttachmentNames(
          maskSensitive(message.html ?? message.text, message.sensitive),
          message.attachments,
        ),
        provider_ref: messageId,
        created_at: nowIso(),
      });
      return { providerRef: messageId };
    },
  };
}
