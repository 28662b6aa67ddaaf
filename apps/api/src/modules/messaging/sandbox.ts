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

/** Sandbox SMS: nothing leaves the machine; the message lands in the outbox (`GET /api/sandbox/outbox`) and the log (docs/product/sign-in-and-sessions.md). */
export function createSandboxSms(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: "sandbox",
    returnsCodeToCaller: true,
    async send(message: TextMessage) {
      const id = newId();
      await insertOutboxMessage(db, {
        id,
        channel: message.channel,
        provider: "sandbox",
        recipient: message.to,
        subject: null,
        body: message.body,
        provider_ref: id,
        created_at: nowIso(),
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
