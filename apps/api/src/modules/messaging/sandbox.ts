import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import {
  bodyWithAttachmentNames,
  type EmailMessage,
  type EmailProvider,
  type SmsProvider,
  type TextMessage,
} from "./providers.ts";
import { insertOutboxMessage } from "./repository.ts";

/**
 * The sandbox's undeliverable phones, `81 0000 0900`–`0999` (docs/sandbox.md, docs/decisions/0295),
 * as Twilio's test numbers fail on purpose: an SMS to one is recorded `undelivered` with Twilio's
 * error 30003 (unreachable handset), so the sign-in screen's "send by WhatsApp / SMS" can be tried;
 * WhatsApp to it arrives.
 */
export const isSandboxUndeliveredPhone = (phone: string): boolean => /^\+5281000009\d{2}$/.test(phone);
const UNREACHABLE_HANDSET = "30003";

/** Sandbox SMS: nothing leaves the machine; the message lands in the outbox (`GET /api/sandbox/outbox`) and the log (docs/product/sign-in-and-sessions.md). */
export function createSandboxSms(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: "sandbox",
    returnsCodeToCaller: true,
    async send(message: TextMessage) {
      const id = newId();
      const now = nowIso();
      const undelivered = isSandboxUndeliveredPhone(message.to) && message.channel === "sms";
      await insertOutboxMessage(db, {
        id,
        channel: message.channel,
        provider: "sandbox",
        recipient: message.to,
        subject: null,
        body: message.body,
        provider_ref: id,
        created_at: now,
        ...(undelivered
          ? { delivery_status: "undelivered", delivery_error: UNREACHABLE_HANDSET, delivery_updated_at: now }
          : {}),
      });
      log.info({ to: message.to, channel: message.channel, body: message.body }, "sandbox message");
      return { providerRef: id };
    },
  };
}

/** Sandbox e-mail: the outbox the demo shows (`GET /api/sandbox/outbox`). */
export function createSandboxEmail(db: Db): EmailProvider {
  return {
    name: "sandbox",
    async send(message: EmailMessage) {
      const id = newId();
      await insertOutboxMessage(db, {
        id,
        channel: "email",
        provider: "sandbox",
        recipient: message.to,
        subject: message.subject,
        body: bodyWithAttachmentNames(message.html ?? message.text, message.attachments),
        provider_ref: id,
        created_at: nowIso(),
      });
      return { providerRef: id };
    },
  };
}
