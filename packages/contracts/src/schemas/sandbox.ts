import { z } from "zod";

/** The sandbox outbox (DESIGN §9): what the sandbox SMS, WhatsApp and e-mail providers "sent". */

export const outboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const outboxMessage = z.object({
  channel: z.enum(["sms", "whatsapp", "email"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export const outboxMessages = z.array(outboxMessage);
