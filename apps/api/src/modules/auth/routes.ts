import * as endpoints from "@estaciona/contracts/endpoints/auth";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requestLocale } from "../../lib/locale.ts";
import { route } from "../../plugins/endpoints.ts";
import {
  type AuthContext,
  refreshSession,
  requestSignInCode,
  revokeToken,
  signInCodeDelivery,
  signInWithCode,
} from "./service.ts";

/**
 * Sign-in and sessions (docs/product/sign-in-and-sessions.md). The token and revoke endpoints are declared `oauth`: OAuth
 * clients get RFC 6749 error codes (`invalid_request`, `unsupported_grant_type`) for a bad body,
 * not the API's `missing_parameters`.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const contextFor = (request: Pick<FastifyRequest, "log">): AuthContext => ({
    db: app.db,
    config: app.config,
    providers: app.providers,
    accessTokens: app.accessTokens,
    log: request.log,
  });

  await route(app, endpoints.registerPhone, async (request) => {
    const { code } = await requestSignInCode(contextFor(request), {
      phone: request.body.phone_number,
      domain: request.body.domain,
      ip: request.ip,
      locale: requestLocale(request.headers["accept-language"]),
      ...(request.body.channel ? { channel: request.body.channel } : {}),
    });
    return code;
  });

  await route(app, endpoints.codeDelivery, (request) =>
    signInCodeDelivery(contextFor(request), { phone: request.body.phone_number, ip: request.ip }),
  );

  await route(app, endpoints.issueToken, (request) => {
    const grant = request.body;
    if (grant.grant_type === "sms")
      return signInWithCode(contextFor(request), {
        clientId: grant.client_id,
        clientSecret: grant.client_secret,
        phone: grant.phone_number,
        code: grant.code,
      });
    return refreshSession(contextFor(request), {
      clientId: grant.client_id,
      clientSecret: grant.client_secret,
      refreshToken: grant.refresh_token,
    });
  });

  await route(app, endpoints.revokeToken, async (request) => {
    await revokeToken(contextFor(request), { token: request.body.token, clientId: request.body.client_id });
    return {};
  });
};
