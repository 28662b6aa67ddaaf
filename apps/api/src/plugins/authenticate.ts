import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { compiledOnce } from "../db/compiled-once.ts";
import type { Row } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { nowIso } from "../lib/time.ts";
import { loadOperatorScope, type OperatorScope } from "../modules/operator/scope.ts";
import { authenticateDevice, type DeviceRow, deviceHmacKeys } from "../modules/parking/devices/service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller of a `user/…` or `admin/…` route (set before anything else runs). */
    user: Row<"users">;
    sessionId: string;
    /** The device that presented `X-Device-Key` on a `device/…` route. */
    parkingDevice: DeviceRow | null;
    /** What the operator of an `admin/…` route may reach: their organisation and locations. */
    operator: OperatorScope | null;
  }
}

/**
 * The access token of an `Authorization` header. The scheme is matched without regard to case
 * (RFC 9110 §11.1, RFC 6750 §2.1: `bearer`, `BEARER`, `Bearer`), followed by one or more spaces.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^bearer +([^\s]+)\s*$/i);
  return match?.[1];
}

/** The signed-in user behind an open session; sent by every `user/…` and `admin/…` call, so compiled once. */
const userOfSession = compiledOnce((db, userId: string, sessionId: string, now: string) =>
  db
    .selectFrom("users")
    .innerJoin("sessions", "sessions.user_id", "users.id")
    .selectAll("users")
    .where("users.id", "=", userId)
    .where("sessions.id", "=", sessionId)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .where("users.deleted_at", "is", null),
);

/**
 * Who may call a route follows from its path (docs/product/calls-and-errors.md), once for every route: `user/…` needs a
 * driver's access token, `admin/…` an administrator's, `device/…` a device key; `open/…`, the
 * token endpoint and the rest need nothing. The check is an `onRequest` hook added to each route
 * as it is declared, so it runs before the body is parsed or validated (a caller without a valid
 * credential learns nothing about the payload rules) and no route can forget it.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null as unknown as Row<"users">);
  app.decorateRequest("sessionId", "");
  app.decorateRequest("parkingDevice", null);
  app.decorateRequest("operator", null);

  /** A valid access token of a session that is still open, of an account that is neither deleted nor suspended. */
  const authenticateUser = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await app.accessTokens.verify(token) : undefined;
    if (!claims) throw new AppError("authentication_error");
    // One query checks the session and loads the user, so a log-out, a revoked family or a
    // suspension takes effect at once, not when the token expires.
    const user = await userOfSession.first(app.db, claims.userId, claims.sessionId, nowIso());
    if (!user) throw new AppError("authentication_error");
    if (user.status === "suspended") throw new AppError("user_suspended");
    request.user = user;
    request.sessionId = claims.sessionId;
  };

  const authenticateAdmin = async (request: FastifyRequest) => {
    await authenticateUser(request);
    if (request.user.role !== "admin") throw new AppError("forbidden_access");
    request.operator = await loadOperatorScope(app.db, request.user.id);
  };

  const hmacKeys = deviceHmacKeys(app.config);
  const authenticateDeviceKey = async (request: FastifyRequest) => {
    request.parkingDevice = await authenticateDevice(app.db, hmacKeys, request.headers["x-device-key"]);
  };

  const guards: Array<{ prefix: string; check: onRequestHookHandler; bearer: boolean }> = [
    { prefix: "/api/user", check: authenticateUser, bearer: true },
    { prefix: "/api/admin", check: authenticateAdmin, bearer: true },
    { prefix: "/api/device", check: authenticateDeviceKey, bearer: false },
  ];

  app.addHook("onRoute", (route) => {
    const guard = guards.find(({ prefix }) => route.url === prefix || route.url.startsWith(`${prefix}/`));
    if (!guard) return;
    const declared = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [guard.check, ...declared];
    if (guard.bearer && route.schema) route.schema.security ??= [{ bearer: [] }];
  });
});
