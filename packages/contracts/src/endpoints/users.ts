import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The signed-in driver's profile, language, e-mail verification, account deletion and data export (DESIGN §9). */

const users = async () => ({
  ...(await import("../schemas/user.ts")),
  ...(await import("../schemas/auth.ts")),
  ...(await import("../schemas/common.ts")),
});
const tag = "users";

export const viewUser = defineEndpoint({
  method: "GET",
  path: "/user/view",
  auth: "user",
  tag,
  summary: "The signed-in driver",
  schemas: schemasOf(users, (s) => ({ response: s.user })),
});

export const editUser = defineEndpoint({
  method: "PUT",
  path: "/user/edit",
  auth: "user",
  tag,
  summary: "Edit names and e-mail, or names and student id; a new e-mail is unverified",
  schemas: schemasOf(users, (s) => ({ body: s.editUserBody, response: s.user })),
});

export const setLocale = defineEndpoint({
  method: "PUT",
  path: "/user/locale",
  auth: "user",
  tag,
  summary: "The driver's language",
  schemas: schemasOf(users, (s) => ({ body: s.localeBody, response: s.user })),
});

export const sendEmailCode = defineEndpoint({
  method: "POST",
  path: "/open/send/verification/code/email",
  auth: "none",
  tag,
  summary: "Send a 6-digit code to verify an e-mail address for the account of a phone",
  schemas: schemasOf(users, (s) => ({ body: s.sendEmailCodeBody, response: s.noData })),
});

export const checkEmailCode = defineEndpoint({
  method: "POST",
  path: "/user/check/verification/code/email",
  auth: "user",
  tag,
  summary: "Verify the e-mail address with the code sent to it; it becomes the driver's e-mail",
  schemas: schemasOf(users, (s) => ({ body: s.checkEmailCodeBody, response: s.user })),
});

export const deleteAccount = defineEndpoint({
  method: "DELETE",
  path: "/user",
  auth: "user",
  tag,
  summary: "Delete the account: its vehicles and sessions go with it",
  schemas: schemasOf(users, (s) => ({ response: s.noData })),
});

export const exportUserData = defineEndpoint({
  method: "GET",
  path: "/user/export",
  auth: "user",
  tag,
  summary: "Download the driver's own data",
  schemas: schemasOf(users, (s) => ({ response: s.userExport })),
});
