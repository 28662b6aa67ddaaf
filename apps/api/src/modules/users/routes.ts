import * as endpoints from "@estaciona/contracts/endpoints/users";
import type { FastifyPluginAsync } from "fastify";
import { keyring } from "../../lib/keyring.ts";
import { requestLocale } from "../../lib/locale.ts";
import { route } from "../../plugins/endpoints.ts";
import { resolveHost } from "../hosts/service.ts";
import { checkEmailVerificationCode, editUser, sendEmailVerificationCode, setLocale, viewUser } from "./service.ts";

/** The signed-in driver's profile, language and e-mail verification (deletion and export: modules/privacy). */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const codeKeys = keyring(app.config, "code-hmac");

  await route(app, endpoints.viewUser, (request) => viewUser(app.db, request.user));
  await route(app, endpoints.editUser, (request) => editUser(app.db, request.user, request.body));
  await route(app, endpoints.setLocale, (request) => setLocale(app.db, request.user, request.body.locale));

  await route(
    app,
    endpoints.sendEmailCode,
    async (request) => {
      const host = await resolveHost(app.db, request.headers.host);
      await sendEmailVerificationCode(
        app,
        {
          codeKeys,
          locale: requestLocale(request.headers["accept-language"]),
          brandName: host.brand_name,
        },
        request.body,
      );
      return null;
    },
    // The per-phone and per-address caps live in the service; this caps what one client can try.
    { rateLimit: { max: app.config.limits.signInPerIpPerHour, timeWindow: 3_600_000 } },
  );

  await route(app, endpoints.checkEmailCode, (request) =>
    checkEmailVerificationCode(app.db, codeKeys, request.user, request.body),
  );
};
