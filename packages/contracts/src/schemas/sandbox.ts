import { z } from "zod";
import { text } from "./common.ts";

/** One message the sandbox SMS, WhatsApp or e-mail provider kept instead of sending it (docs/product/invoicing-account-contact.md). */
export const outboxMessage = z.object({
  channel: z.enum(["sms", "whatsapp", "email"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  recipient: text().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const outboxMessages = z.array(outboxMessage);
