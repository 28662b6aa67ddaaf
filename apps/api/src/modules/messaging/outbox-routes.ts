import { text } from "@estaciona/contracts/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const outboxMessage = z.object({
  channel: z.enum(["sms", "whatsapp", "email"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

/**
 * The sandbox outbox (DESIGN §9): what the sandbox SMS and e-mail providers "sent" — sign-in
 * codes, e-mail codes, receipts, declined-payment notices — so a demo can show them. It exists
 * only while the e-mail provider is the sandbox and never in production: real messages are not
 * readable through the API.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.production || app.config.email.provider !== "sandbox") return;
  app.get(
    "/sandbox/outbox",
    {
      schema: {
        tags: ["sandbox"],
        summary: "Messages the sandbox providers kept, newest first (demo only; absent in production)",
        querystring: z.object({
          recipient: text().trim().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ data: z.array(outboxMessage) }) },
      },
    },
    async (request) => {
      let query = app.db
        .selectFrom("outbox_messages")
        .select(["channel", "recipient", "subject", "body", "created_at"])
        .where("provider", "=", "sandbox");
      if (request.query.recipient) query = query.where("recipient", "=", request.query.recipient.toLowerCase());
      return { data: await query.orderBy("created_at", "desc").limit(request.query.limit).execute() };
    },
  );
};
