import { checkEmailCodeBody, sendEmailCodeBody } from "@estaciona/contracts/schemas/auth";
import { dataEnvelope } from "@estaciona/contracts/schemas/common";
import { editUserBody, localeBody, user, userExport } from "@estaciona/contracts/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deriveKey } from "../../lib/crypto.ts";
import { requestLocale } from "../../lib/locale.ts";
import { resolveHost } from "../hosts/service.ts";
import {
  checkEmailVerificationCode,
  deleteAccount,
  editUser,
  exportUserData,
  sendEmailVerificationCode,
  setLocale,
  viewUser,
} from "./service.ts";

const tags = ["users"];
const noData = z.object({ data: z.null() });

/** The signed-in driver's profile, language, e-mail verification, account deletion and data export. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const codeKey = deriveKey(app.config.secret, "code-hmac");

  app.get(
    "/user/view",
    {
      schema: { tags, summary: "The signed-in driver", response: { 200: dataEnvelope(user) } },
    },
    async (request) => ({ data: await viewUser(app.db, request.user) }),
  );

  app.put(
    "/user/edit",
    {
      schema: {
        tags,
        summary: "Edit names and e-mail, or names and student id; a new e-mail is unverified",
        body: editUserBody,
        response: { 200: dataEnvelope(user) },
      },
    },
    async (request) => ({ data: await editUser(app.db, request.user, request.body) }),
  );

  app.put(
    "/user/locale",
    {
      schema: {
        tags,
        summary: "The driver's language",
        body: localeBody,
        response: { 200: dataEnvelope(user) },
      },
    },
    async (request) => ({ data: await setLocale(app.db, request.user, request.body.locale) }),
  );

  app.post(
    "/open/send/verification/code/email",
    {
      // The per-phone and per-address caps live in the service; this caps what one client can try.
      config: { rateLimit: { max: app.config.limits.signInPerIpPerHour, timeWindow: 3_600_000 } },
      schema: {
        tags,
        summary: "Send a 6-digit code to verify an e-mail address for the account of a phone",
        body: sendEmailCodeBody,
        response: { 200: noData },
      },
    },
    async (request) => {
      const host = await resolveHost(app.db, request.headers.host);
      await sendEmailVerificationCode(
        app.db,
        {
          email: app.providers.email,
          codeKey,
          locale: requestLocale(request.headers["accept-language"]),
          brandName: host.brand_name,
        },
        request.body,
      );
      return { data: null };
    },
  );

  app.post(
    "/user/check/verification/code/email",
    {
      schema: {
        tags,
        summary: "Verify the e-mail address with the code sent to it; it becomes the driver's e-mail",
        body: checkEmailCodeBody,
        response: { 200: dataEnvelope(user) },
      },
    },
    async (request) => ({ data: await checkEmailVerificationCode(app.db, codeKey, request.user, request.body) }),
  );

  app.delete(
    "/user",
    {
      schema: {
        tags,
        summary: "Delete the account: its vehicles and sessions go with it",
        response: { 200: noData },
      },
    },
    async (request) => {
      await deleteAccount(app.db, request.user.id);
      return { data: null };
    },
  );

  app.get(
    "/user/export",
    {
      schema: {
        tags,
        summary: "Download the driver's own data",
        response: { 200: dataEnvelope(userExport) },
      },
    },
    async (request, reply) => {
      reply.header("content-disposition", 'attachment; filename="estaciona-data.json"');
      return { data: await exportUserData(app.db, request.user) };
    },
  );
};
