import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Row } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { nowIso } from "../lib/time.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler for `user/…` routes: a valid Bearer access token of an active, non-suspended user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler for `admin/…` routes: authenticate, then require the admin role. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: Row<"users">;
    sessionId: string;
  }
}

/**
 * Checks the token, then loads the user and checks the session in one query, so a log-out, a
 * revoked family or a suspension takes effect at once, not when the token expires.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null as unknown as Row<"users">);
  app.decorateRequest("sessionId", "");

  app.decorate("authenticate", async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    const claims = token ? await app.accessTokens.verify(token) : undefined;
    if (!claims) throw new AppError("authentication_error");
    const user = await app.db
      .selectFrom("users")
      .innerJoin("sessions", "sessions.user_id", "users.id")
      .selectAll("users")
      .where("users.id", "=", claims.userId)
      .where("sessions.id", "=", claims.sessionId)
      .where("sessions.revoked_at", "is", null)
      .where("sessions.expires_at", ">", nowIso())
      .where("users.deleted_at", "is", null)
      .executeTakeFirst();
    if (!user) throw new AppError("authentication_error");
    if (user.status === "suspended") throw new AppError("user_suspended");
    request.user = user;
    request.sessionId = claims.sessionId;
  });

  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (request.user.role !== "admin") throw new AppError("forbidden_access");
  });
});
