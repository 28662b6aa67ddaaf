import {
  refreshGrantBody,
  registerPhoneAnswer,
  registerPhoneBody,
  revokeBody,
  smsGrantBody,
  tokenAnswer,
} from "@estaciona/contracts/schemas/auth";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/locale.ts";
import { type AuthContext, refreshSession, requestSignInCode, revokeToken, signInWithCode } from "./service.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Token requests carry JSON or RFC 6749 form fields; both arrive here as a plain object. */
const FORM_OR_JSON = ["application/json", "application/x-www-form-urlencoded"];

/**
 * Sign-in and sessions (DESIGN §4). The token and revoke endpoints validate their own bodies:
 * OAuth clients expect RFC 6749 error codes (`invalid_request`, `unsupported_grant_type`), not
 * the API's `missing_parameters` that the global validation handler would answer.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextFor = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    dbEngine: app.dbEngine,
    config: app.config,
    providers: app.providers,
    accessTokens: app.accessTokens,
    log: request.log,
  });

  app.post(
    "/open/user",
    {
      schema: {
        tags: ["auth"],
        summary: "Register the phone if it is new and send it a sign-in code (answered only by the sandbox)",
        body: registerPhoneBody,
        response: { 200: registerPhoneAnswer },
      },
    },
    async (request) => {
      const { code } = await requestSignInCode(contextFor(request), {
        phone: request.body.phone_number,
        domain: request.body.domain,
        ip: request.ip,
        locale: requestLocale(request.headers["accept-language"]),
      });
      return { data: code };
    },
  );

  app.post(
    "/oauth/v2/token",
    {
      schema: {
        tags: ["auth"],
        summary: "OAuth 2.0 token endpoint: grant `sms` (phone + code) or `refresh_token`; JSON or form-encoded",
        consumes: FORM_OR_JSON,
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const context = contextFor(request);
      reply.header("cache-control", "no-store").header("pragma", "no-cache");
      if (typeof body.grant_type !== "string" || body.grant_type === "") throw new AppError("invalid_request");

      if (body.grant_type === "sms") {
        const grant = smsGrantBody.safeParse(body);
        if (!grant.success) throw new AppError("invalid_request", { detail: grant.error.message });
        return signInWithCode(context, {
          clientId: grant.data.client_id,
          clientSecret: grant.data.client_secret,
          phone: grant.data.phone_number,
          code: grant.data.code,
        });
      }
      if (body.grant_type === "refresh_token") {
        const grant = refreshGrantBody.safeParse(body);
        if (!grant.success) throw new AppError("invalid_request", { detail: grant.error.message });
        return refreshSession(context, {
          clientId: grant.data.client_id,
          clientSecret: grant.data.client_secret,
          refreshToken: grant.data.refresh_token,
        });
      }
      throw new AppError("unsupported_grant_type");
    },
  );

  app.post(
    "/oauth/v2/revoke",
    {
      schema: {
        tags: ["auth"],
        summary: "Log out (RFC 7009): end the session of a refresh or access token; always answers 200",
        consumes: FORM_OR_JSON,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const parsed = revokeBody.safeParse(isRecord(request.body) ? request.body : {});
      if (!parsed.success) throw new AppError("invalid_request", { detail: parsed.error.message });
      await revokeToken(contextFor(request), { token: parsed.data.token, clientId: parsed.data.client_id });
      return {};
    },
  );
};
