import { type Locale, SIGN_IN_LIMITS } from "@estaciona/contracts";
import type { editUserBody, User } from "@estaciona/contracts/schemas/user";
import { translate } from "@estaciona/i18n";
import type { z } from "zod";
import { type Executor, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { codeHmac, codeMatches, newCode } from "../../lib/crypto.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Keyring } from "../../lib/keyring.ts";
import { isoAfter, isoBefore, nowIso } from "../../lib/time.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import { ProviderError } from "../messaging/providers.ts";
import { listActiveVehiclesOfUser } from "../vehicles/repository.ts";
import { toVehicle } from "../vehicles/service.ts";
import {
  consumeEmailCode,
  deleteEmailCode,
  emailCodesSentSince,
  findActiveUserByPhone,
  findUserById,
  insertEmailCode,
  isEmailUsedByAnotherUser,
  latestEmailCode,
  lockActiveUser,
  spendEmailCodeTry,
  updateActiveUser,
} from "./repository.ts";

/** The driver's row lock (level 0 of the lock order, ARCHITECTURE.md), for a purchase racing a deletion. */
export { lockActiveUser };

type UserRow = Row<"users">;
export type ProfileEdit = z.output<typeof editUserBody>;
type VehicleRow = Awaited<ReturnType<typeof listActiveVehiclesOfUser>>[number];

/** The user as the API shows it (contracts `user`, docs/product/entities-and-states.md). */
export function toUserView(row: UserRow, vehicles: VehicleRow[]): User {
  return {
    uuid: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    phone: row.phone,
    student_id: row.student_id,
    locale: row.locale,
    role: row.role,
    vehicles: vehicles.map(toVehicle),
    payment_methods_mx: row.payment_methods_mx === 1,
    payment_methods_us: row.payment_methods_us === 1,
    free_flow_activation: row.free_flow_activation?.slice(0, 10) ?? null,
  };
}

/**
 * `GET user/view`, the hot path: `authenticate` already loaded the user row with its session
 * check, so this is one more query (the vehicles) and nothing else.
 */
export async function viewUser(db: Executor, user: UserRow): Promise<User> {
  return toUserView(user, await listActiveVehiclesOfUser(db, user.id));
}

/**
 * `PUT user/edit`, either shape of docs/product/calls-and-errors.md. A new e-mail is unverified until a code proves it;
 * an e-mail of another active account is refused (`email_already_used`), also when two accounts
 * race for it (the partial unique index users_email_active decides).
 */
export async function editUser(db: Executor, user: UserRow, body: ProfileEdit): Promise<User> {
  const now = nowIso();
  const names = { first_name: body.first_name, last_name: body.last_name, updated_at: now };
  let changes: Parameters<typeof updateActiveUser>[2];
  if ("email" in body) {
    const emailChanged = body.email !== user.email;
    if (emailChanged && (await isEmailUsedByAnotherUser(db, body.email, user.id)))
      throw new AppError("email_already_used");
    changes = { ...names, email: body.email, ...(emailChanged ? { email_verified_at: null } : {}) };
  } else {
    changes = { ...names, student_id: body.student_id };
  }
  const updated = await underUniqueRule("email_already_used", () => updateActiveUser(db, user.id, changes));
  if (!updated) throw new AppError("authentication_error");
  return viewUser(db, updated);
}

/** The language a driver reads the app in, for what is written to them; a deleted account's is Spanish. */
export async function localeOfUser(db: Executor, userId: string): Promise<Locale> {
  return (await findUserById(db, userId))?.locale ?? "es";
}

export async function setLocale(db: Executor, user: UserRow, locale: Locale): Promise<User> {
  const updated = await updateActiveUser(db, user.id, { locale, updated_at: nowIso() });
  if (!updated) throw new AppError("authentication_error");
  return viewUser(db, updated);
}

// E-mail verification (docs/product/invoicing-account-contact.md, docs/decisions/0005) ---------------------------------------

/** The same limits as sign-in codes (docs/product/sign-in-and-sessions.md): 10-minute codes, 5 tries, 60 s between sends, 5 sends per 10 minutes. */
export const EMAIL_CODE_LIMITS = {
  codeTtlSeconds: SIGN_IN_LIMITS.codeTtlSeconds,
  maxTriesPerCode: SIGN_IN_LIMITS.maxWrongTriesPerCode,
  resendCooldownSeconds: SIGN_IN_LIMITS.resendCooldownSeconds,
  maxSendsPerWindow: SIGN_IN_LIMITS.maxSendsPerPhone,
  sendWindowSeconds: SIGN_IN_LIMITS.sendWindowSeconds,
} as const;

/** A code proves this address for this phone's account, nothing else. */
const codeBinding = (phone: string, email: string) => `email-verification\n${phone}\n${email}`;

export interface EmailCodeSender {
  codeKeys: Keyring;
  /** The language of the request: the one the driver is reading the app in. */
  locale: Locale;
  /** The host's brand, so a white-label driver recognises the sender. */
  brandName: string;
}

/**
 * `open/send/verification/code/email`. The answer and the limits are the same whether or not the
 * phone has an account (a code row is recorded either way, so the caps behave alike); the
 * message itself goes only to a phone that has one, since only its owner can use the code.
 */
export async function sendEmailVerificationCode(
  deps: OutboxDeps,
  sender: EmailCodeSender,
  request: { email: string; phone_number: string },
): Promise<void> {
  const { db } = deps;
  const { email, phone_number: phone } = request;
  const now = Date.now();
  const windowStart = isoBefore(EMAIL_CODE_LIMITS.sendWindowSeconds, now);
  const max = EMAIL_CODE_LIMITS.maxSendsPerWindow;
  const forPhone = await emailCodesSentSince(db, { column: "phone", value: phone }, windowStart, max);
  const toAddress = await emailCodesSentSince(db, { column: "email", value: email }, windowStart, max);

  const newest = forPhone[0];
  if (newest) {
    const pause = EMAIL_CODE_LIMITS.resendCooldownSeconds - (now - Date.parse(newest.created_at)) / 1000;
    if (pause > 0) throw tooManyRequests(pause);
  }
  for (const sent of [forPhone, toAddress]) {
    const oldestCounted = sent[max - 1];
    if (oldestCounted)
      throw tooManyRequests(EMAIL_CODE_LIMITS.sendWindowSeconds - (now - Date.parse(oldestCounted.created_at)) / 1000);
  }

  const code = newCode();
  const codeId = newId();
  await insertEmailCode(db, {
    id: codeId,
    phone,
    email,
    code_hmac: codeHmac(sender.codeKeys.current.key, code, codeBinding(phone, email)),
    created_at: new Date(now).toISOString(),
    expires_at: isoAfter(EMAIL_CODE_LIMITS.codeTtlSeconds, now),
    wrong_tries: 0,
  });
  if (!(await findActiveUserByPhone(db, phone))) return;

  const params = { code, brand: sender.brandName, count: EMAIL_CODE_LIMITS.codeTtlSeconds / 60 };
  const subject = translate(sender.locale, "messages.email_code_subject", params);
  const text = translate(sender.locale, "messages.email_code_body", params);
  if (!subject || !text) throw new Error("messages.email_code_* is missing from the catalogue");
  try {
    await sendOnce(deps, messageKey("email_code", codeId), {
      channel: "email",
      to: email,
      subject,
      text,
      sensitive: code,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The driver never got this code: it must not count against the resend pause.
    await deleteEmailCode(db, codeId);
    throw new AppError("action_not_available", { status: 503, detail: error.message, cause: error });
  }
}

/**
 * `user/check/verification/code/email`, signed in: the code must have been sent for this address
 * and the signed-in driver's phone. Every attempt spends a try before the comparison, so five
 * wrong codes end the code even under parallel guessing. Success sets the address as verified.
 */
export async function checkEmailVerificationCode(
  db: Executor,
  codeKeys: Keyring,
  user: UserRow,
  attempt: { email: string; code: string },
): Promise<User> {
  const now = nowIso();
  const sent = await latestEmailCode(db, user.phone, attempt.email);
  if (!sent || !(await spendEmailCodeTry(db, sent.id, EMAIL_CODE_LIMITS.maxTriesPerCode, now)))
    throw new AppError("invalid_code");
  if (
    !codeMatches(
      codeKeys.accepted().map(({ key }) => key),
      attempt.code,
      codeBinding(user.phone, attempt.email),
      sent.code_hmac,
    )
  )
    throw new AppError("invalid_code");

  const updated = await underUniqueRule("email_already_used", () =>
    db.transaction().execute(async (tx) => {
      if (!(await consumeEmailCode(tx, sent.id, now))) throw new AppError("invalid_code");
      if (await isEmailUsedByAnotherUser(tx, attempt.email, user.id)) throw new AppError("email_already_used");
      return updateActiveUser(tx, user.id, { email: attempt.email, email_verified_at: now, updated_at: now });
    }),
  );
  if (!updated) throw new AppError("authentication_error");
  return viewUser(db, updated);
}

// Account -------------------------------------------------------------------------------------
