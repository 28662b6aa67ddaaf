import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The signed-in driver's profile, language, e-mail verification, account deletion and data export (docs/product/invoicing-account-contact.md). */

/** The schemas of these calls: the profile's, the e-mail codes' (with sign-in's) and `noData`. */
const users = async () => {
  const [common, auth, user] = await Promise.all([
    import("../schemas/common.ts"),
    import("../schemas/auth.ts"),
    import("../schemas/user.ts"),
  ]);
  return { ...common, ...auth, ...user };
};
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
  errors: ["email_already_used", "invalid_email"],
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
  errors: ["invalid_email"],
  tag,
  summary: "Send a 6-digit code to verify an e-mail address for the account of a phone",
  schemas: schemasOf(users, (s) => ({ body: s.sendEmailCodeBody, response: s.noData })),
});

export const checkEmailCode = defineEndpoint({
  method: "POST",
  path: "/user/check/verification/code/email",
  auth: "user",
  errors: ["email_already_used", "invalid_code", "invalid_email"],
  tag,
  summary: "Verify the e-mail address with the code sent to it; it becomes the driver's e-mail",
  schemas: schemasOf(users, (s) => ({ body: s.checkEmailCodeBody, response: s.user })),
});

export const deleteAccount = defineEndpoint({
  method: "DELETE",
  path: "/user",
  auth: "user",
  errors: ["user_has_active_subscriptions", "user_has_active_visits"],
  tag,
  summary: "Delete the account: its vehicles and sessions go with it",
  schemas: schemasOf(users, (s) => ({ response: s.noData })),
});

export const listDeletionBlockers = defineEndpoint({
  method: "GET",
  path: "/user/deletion/blockers",
  auth: "user",
  tag,
  summary: "What the driver holds that keeps the account from being deleted, each with what to do first",
  schemas: schemasOf(users, (s) => ({ response: s.deletionBlockerList })),
});

export const exportUserData = defineEndpoint({
  method: "GET",
  path: "/user/export",
  auth: "user",
  tag,
  summary: "Download the driver's own data",
  schemas: schemasOf(users, (s) => ({ response: s.userExport })),
});
