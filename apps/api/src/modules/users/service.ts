import { type Locale, SIGN_IN_LIMITS } from "@estaciona/contracts";
import type { editUserBody, User, UserExport } from "@estaciona/contracts/schemas/user";
import { translate } from "@estaciona/i18n";
import type { z } from "zod";
import { type Db, type Executor, inTransaction, underUniqueRule } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { codeHmac, codeMatches, newCode } from "../../lib/crypto.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Keyring } from "../../lib/keyring.ts";
import { isoAfter, isoBefore, nowIso } from "../../lib/time.ts";
import { eraseContactMessagesOfUser, listContactMessagesOfUser } from "../contact/repository.ts";
import { listAllEventVisitsOfUser } from "../events/repository.ts";
import {
  eraseInvoiceContactsOfUser,
  eraseTaxProfilesOfUser,
  listAllTaxProfilesOfUser,
  listInvoicesOfUser,
} from "../invoicing/repository.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import { ProviderError } from "../messaging/providers.ts";
import { eraseMessagesAbout, listMessagesTo } from "../messaging/repository.ts";
import { listAllVisitsOfUser } from "../parking/visits/repository.ts";
import {
  eraseCardDataOfUser,
  listAllCardsOfUser,
  listBalancesOfUserForExport,
  listPaymentsOfUser,
} from "../payments/personal-data-repository.ts";
import { paymentLine } from "../receipts/kinds.ts";
import { revokeExtendLinksOfUser } from "../reminders/index.ts";
import { listSubscriptionsOfUser } from "../subscriptions/repository/passes.ts";
import { listAllTicketsOfUser } from "../valet/repository.ts";
import { erasePlatesOfUser, listActiveVehiclesOfUser, listAllVehiclesOfUser } from "../vehicles/repository.ts";
import { toVehicle } from "../vehicles/service.ts";
import { eraseDisputeNotesOfUser, listDisputesOfUser } from "../verification/index.ts";
import { assertAccountCanBeDeleted } from "./deletion-blockers.ts";
import {
  anonymiseUser,
  consumeEmailCode,
  deleteEmailCode,
  emailCodesSentSince,
  findActiveUserByPhone,
  findUserById,
  insertEmailCode,
  isEmailUsedByAnotherUser,
  latestEmailCode,
  listSessionsOfUser,
  lockActiveUser,
  revokeSessionsOfUser,
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

/**
 * `DELETE user` (docs/product/invoicing-account-contact.md): in one transaction, the account's personal data is anonymised —
 * names, e-mail, phone, plates, cards' holder, fiscal profiles, contact messages, what we sent
 * them — while the money records the law requires (payments, issued invoices with their RFC)
 * stay, pointing at an account that no longer names anyone. Every session is revoked, and the
 * phone, the e-mail and the plates are free to sign up again afresh.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    // The driver's row first (the lock order, ARCHITECTURE.md): a purchase that creates what it
    // pays for takes it too, so the blockers read here include it, or it finds the account gone.
    const locked = await lockActiveUser(tx, userId);
    if (!locked) throw new AppError("authentication_error");
    await assertAccountCanBeDeleted(tx, userId);
    const user = await findUserById(tx, userId);
    const now = nowIso();
    await eraseMessagesAbout(tx, [locked.phone, ...(user?.email ? [user.email] : [])]);
    await erasePlatesOfUser(tx, userId, now);
    await eraseCardDataOfUser(tx, userId, now);
    await eraseTaxProfilesOfUser(tx, userId, now);
    await eraseInvoiceContactsOfUser(tx, userId, now);
    await eraseContactMessagesOfUser(tx, userId);
    await eraseDisputeNotesOfUser(tx, userId, now);
    await anonymiseUser(tx, locked, now);
    await revokeSessionsOfUser(tx, userId, now, "account_deleted");
    await revokeExtendLinksOfUser(tx, userId);
  });
}

/**
 * `GET user/export` (docs/product/invoicing-account-contact.md): a file of everything we hold on the driver — profile, vehicles,
 * sessions, cards (masked), visits, event visits, valet tickets, passes, payments, fiscal profiles, invoices, contact messages and the
 * messages we sent them. Sign-in and e-mail code HMACs are secrets, not data.
 */
export async function exportUserData(db: Executor, user: UserRow): Promise<UserExport> {
  const [
    vehicles,
    sessions,
    cards,
    visits,
    eventVisits,
    valetTickets,
    passes,
    payments,
    taxProfiles,
    invoices,
    contactMessages,
    messages,
    disputes,
  ] = await Promise.all([
    listAllVehiclesOfUser(db, user.id),
    listSessionsOfUser(db, user.id),
    listAllCardsOfUser(db, user.id),
    listAllVisitsOfUser(db, user.id),
    listAllEventVisitsOfUser(db, user.id),
    listAllTicketsOfUser(db, user.id),
    listSubscriptionsOfUser(db, user.id),
    listPaymentsOfUser(db, user.id),
    listAllTaxProfilesOfUser(db, user.id),
    listInvoicesOfUser(db, user.id),
    listContactMessagesOfUser(db, user.id),
    listMessagesTo(db, [user.phone, ...(user.email ? [user.email] : [])]),
    listDisputesOfUser(db, user.id),
  ]);
  const balances = await listBalancesOfUserForExport(db, user.id);
  return {
    exported_at: nowIso(),
    profile: {
      uuid: user.id,
      phone: user.phone,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      email_verified_at: user.email_verified_at,
      student_id: user.student_id,
      locale: user.locale,
      role: user.role,
      status: user.status,
      registered_domain: user.registered_domain,
      payment_methods_mx: user.payment_methods_mx === 1,
      payment_methods_us: user.payment_methods_us === 1,
      free_flow_activation: user.free_flow_activation?.slice(0, 10) ?? null,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    vehicles: vehicles.map((vehicle) => ({
      ...toVehicle(vehicle),
      created_at: vehicle.created_at,
      updated_at: vehicle.updated_at,
      deleted_at: vehicle.deleted_at,
    })),
    sessions: sessions.map((session) => ({
      uuid: session.id,
      client_id: session.client_id,
      created_at: session.created_at,
      expires_at: session.expires_at,
      revoked_at: session.revoked_at,
      revoked_reason: session.revoked_reason,
    })),
    payment_methods: cards.map(({ id, is_default, ...card }) => ({ uuid: id, ...card, is_default: is_default === 1 })),
    visits: visits.map(({ id, location_name, ...visit }) => ({ uuid: id, location: location_name, ...visit })),
    event_visits: eventVisits.map(({ id, ...visit }) => ({ uuid: id, ...visit })),
    valet_tickets: valetTickets.map(({ id, ...ticket }) => ({ uuid: id, ...ticket })),
    passes: passes.map((pass) => ({
      uuid: pass.id,
      plan_uuid: pass.plan_id,
      location_uuid: pass.location_id,
      vehicle_uuid: pass.vehicle_id,
      status: pass.status,
      created_at: pass.created_at,
      canceled_at: pass.canceled_at,
      ended_at: pass.ended_at,
    })),
    balances,
    payments: await Promise.all(
      payments.map(
        async ({ id, payable_type, payable_id, location_name, location_short_name, time_zone, ...payment }) => ({
          uuid: id,
          ...payment,
          line: await paymentLine(db, user.locale, {
            payable_type,
            payable_id,
            created_at: payment.created_at,
            location:
              location_name !== null && time_zone !== null
                ? { name: location_name, short_name: location_short_name, time_zone }
                : null,
          }),
        }),
      ),
    ),
    tax_profiles: taxProfiles.map((profile) => ({
      uuid: profile.id,
      rfc: profile.rfc,
      legal_name: profile.legal_name,
      tax_regime: profile.tax_regime,
      cfdi_use: profile.cfdi_use,
      postal_code: profile.postal_code,
      email: profile.email,
      created_at: profile.created_at,
      deleted_at: profile.deleted_at,
    })),
    invoices: invoices.map((invoice) => ({
      uuid: invoice.id,
      status: invoice.status,
      series: invoice.series,
      folio: invoice.folio,
      issuer_rfc: invoice.issuer_rfc,
      receiver_rfc: invoice.receiver_rfc,
      receiver_name: invoice.receiver_name,
      cfdi_use: invoice.cfdi_use,
      total: invoice.total,
      currency: invoice.currency,
      created_at: invoice.created_at,
      issued_at: invoice.issued_at,
    })),
    contact_messages: contactMessages.map(({ visit_id, ...message }) => ({ ...message, visit_uuid: visit_id })),
    disputes,
    messages,
  };
}
