import type { Locale } from "@estaciona/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { WhatsappTemplateName } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { NewRow } from "../../db/schema.ts";
import { insertOutboxMessage } from "./repository.ts";

/**
 * Message providers (docs/product/sign-in-and-sessions.md and docs/product/invoicing-account-contact.md). The sign-in code goes by SMS or WhatsApp; receipts and
 * e-mail verification codes by e-mail. Every message sent is also recorded in `outbox_messages`
 * without secrets for sign-in codes, except by the sandbox, whose outbox is the demo's inbox.
 */
export interface TextMessage {
  to: string;
  body: string;
  channel: "sms" | "whatsapp";
  /** A secret inside `body` (the sign-in code): only the sandbox may store or log it; real adapters mask it. */
  sensitive?: string;
  /**
   * The approved WhatsApp template this text is an instance of. WhatsApp refuses business-initiated
   * free text (Twilio error 63016), so on that channel a real adapter sends the template's
   * `ContentSid` with these variables instead of `body` (docs/decisions/0161).
   */
  template?: MessageTemplate;
}

export interface MessageTemplate {
  name: WhatsappTemplateName;
  locale: Locale;
  /** Twilio's numbered placeholders `{{1}}`, `{{2}}`…: the values in order. */
  variables: readonly string[];
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A secret inside the message (an e-mail code): real adapters mask it in the outbox. */
  sensitive?: string;
  /** Files sent with the message (an invoice's XML and PDF). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The outbox keeps no files: it names them under the body, so the demo's inbox shows what was attached. */
export const bodyWithAttachmentNames = (body: string, attachments: EmailAttachment[] | undefined): string =>
  attachments?.length ? `${body}\n\n[${attachments.map((file) => file.filename).join(", ")}]` : body;

export interface SmsProvider {
  readonly name: string;
  /** Only the sandbox: the code is handed back to the caller of `open/user` so the app can pre-fill it. */
  readonly returnsCodeToCaller: boolean;
  send(message: TextMessage): Promise<{ providerRef: string | null }>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<{ providerRef: string | null }>;
}

/** The body as the outbox of a real provider keeps it: the secret replaced, so no code is ever stored. */
export const maskSensitive = (body: string, sensitive: string | undefined): string =>
  sensitive ? body.split(sensitive).join("••••••") : body;

/**
 * Records a message a real provider accepted. The message is already on its way, so a failure
 * here is logged, not thrown: the driver must not be told the send failed when it did not.
 */
export async function recordSent(db: Db, log: FastifyBaseLogger, row: NewRow<"outbox_messages">): Promise<void> {
  try {
    await insertOutboxMessage(db, row);
  } catch (error) {
    log.error({ err: error, provider: row.provider, providerRef: row.provider_ref }, "could not record a sent message");
  }
}

/** A provider answered with an error or not at all; the caller maps it to a catalogue code. */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    readonly provider: string,
    message: string,
    readonly options: {
      status?: number;
      providerCode?: string | number;
      retryable?: boolean;
      /**
       * Certainly nothing went out: the provider refused the message or could not be reached at
       * all. Without it (a timeout, a connection cut mid-request) the message may have left, and
       * the outbox never sends it again (docs/decisions/0120).
       */
      notSent?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(`${provider}: ${message}`, { cause: options.cause });
  }
}
