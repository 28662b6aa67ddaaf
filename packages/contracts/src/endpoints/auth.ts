import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Sign-in and sessions (docs/product/sign-in-and-sessions.md). */

const auth = () => import("../schemas/auth.ts");
const tag = "auth";

export const registerPhone = defineEndpoint({
  method: "POST",
  path: "/open/user",
  auth: "none",
  errors: ["action_not_available"],
  tag,
  summary: "Register the phone if it is new and send it a sign-in code (answered only by the sandbox)",
  schemas: schemasOf(auth, (s) => ({ body: s.registerPhoneBody, response: s.registerPhoneAnswer })),
});

export const codeDelivery = defineEndpoint({
  // A POST so the phone number stays out of URLs and access logs.
  method: "POST",
  path: "/open/user/code-delivery",
  auth: "none",
  tag,
  summary: "Whether the newest sign-in code asked from this address reached the phone (docs/decisions/0244)",
  schemas: schemasOf(auth, (s) => ({ body: s.codeDeliveryBody, response: s.codeDeliveryAnswer })),
});

export const issueToken = defineEndpoint({
  method: "POST",
  path: "/oauth/v2/token",
  auth: "none",
  envelope: false,
  oauth: true,
  errors: ["user_suspended"],
  tag,
  summary: "OAuth 2.0 token endpoint: grant `sms` (phone + code) or `refresh_token`; JSON or form-encoded",
  schemas: schemasOf(auth, (s) => ({ body: s.tokenRequestBody, response: s.tokenAnswer })),
});

export const revokeToken = defineEndpoint({
  method: "POST",
  path: "/oauth/v2/revoke",
  auth: "none",
  envelope: false,
  oauth: true,
  tag,
  summary: "Log out (RFC 7009): end the session of a refresh or access token; always answers 200",
  schemas: schemasOf(auth, (s) => ({ body: s.revokeBody, response: s.revokeAnswer })),
});
