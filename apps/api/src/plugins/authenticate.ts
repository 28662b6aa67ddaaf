import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Row } from "../db/schema.ts";
import { deriveKey } from "../lib/crypto.ts";
import { AppError } from "../lib/errors.ts";
import { nowIso } from "../lib/time.ts";
import { authenticateDevice } from "../modules/parking/devices/service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The `user/…` hook: a valid Bearer access token of an active, non-suspended user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The `admin/…` hook: authenticate, then require the admin role. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The `device/…` hook: the gate, camera, meter or valet stand behind `X-Device-Key`. */
    authenticateDevice: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: Row<"users">;
    sessionId: string;
    /** The device that presented `X-Device-Key` on a `device/…` route. */
    device: Row<"devices">;
  }
}

/**
 * The three ways to call a protected endpoint, one hook each, run at `onRequest` by `route()`
 * (plugins/endpoints.ts) for the auth kind an endpoint declares. For a user the token is checked,
 * then the user and the session are loaded in one query, so a log-out, a revoked family or a
 * suspension takes effect at once, not when the token expires.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null as unknown as Row<"users">);
  app.decorateRequest("sessionId", "");
  app.decorateRequest("device", null as unknown as Row<"devices">);

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

  const deviceKey = deriveKey(app.config.secret, "device-key");
  app.decorate("authenticateDevice", async (request: FastifyRequest) => {
    request.device = await authenticateDevice(app.db, deviceKey, request.headers["x-device-key"]);
  });
});
