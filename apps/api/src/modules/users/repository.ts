import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, RowUpdate } from "../../db/schema.ts";

/** The user lookups every module shares (sign-in, parking messages, devices, cards). */

/** A user by id, deleted or not (a receipt still goes to whoever paid). */
export function findUserById(db: Executor, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

/**
 * The phone's account, if it has one that is not deleted (a deleted account frees its phone).
 * With `lock` the row stays locked until the transaction ends, which serialises sign-in work on
 * one phone.
 */
export function findActiveUserByPhone(db: Executor, phone: string, options: { lock?: boolean } = {}) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("phone", "=", phone)
    .where("deleted_at", "is", null)
    .$if(options.lock === true, forUpdate(db))
    .executeTakeFirst();
}

/**
 * Locks the driver's row until the transaction ends. Writers that must not race an account
 * deletion or each other — adding a vehicle, changing cards, deleting the account — take it
 * first. Answers undefined when the account is gone.
 */
export function lockActiveUser(db: Executor, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "phone"])
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .$call(forUpdate(db))
    .executeTakeFirst();
}

/** Whether another active account already uses this e-mail (the partial unique index users_email_active). */
export async function isEmailUsedByAnotherUser(db: Executor, email: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .where("deleted_at", "is", null)
    .where("id", "<>", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function updateActiveUser(
  db: Executor,
  userId: string,
  changes: Pick<
    RowUpdate<"users">,
    "first_name" | "last_name" | "email" | "email_verified_at" | "student_id" | "locale" | "updated_at"
  >,
) {
  return db
    .updateTable("users")
    .set(changes)
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export async function revokeSessionsOfUser(db: Executor, userId: string, at: string, reason: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: at, revoked_reason: reason })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

export function listSessionsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "client_id", "created_at", "expires_at", "revoked_at", "revoked_reason"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

// E-mail verification codes ----------------------------------------------------------------

export async function insertEmailCode(db: Executor, code: NewRow<"email_codes">): Promise<void> {
  await db.insertInto("email_codes").values(code).execute();
}

/**
 * Creation times of the newest codes sent for a phone, or to an address, since a moment, newest
 * first: enough to apply the resend pause and the per-window caps (an address cannot be flooded by
 * rotating phones).
 */
export function emailCodesSentSince(
  db: Executor,
  to: { column: "phone" | "email"; value: string },
  since: string,
  limit: number,
) {
  return db
    .selectFrom("email_codes")
    .select("created_at")
    .where(to.column, "=", to.value)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** The newest code sent for this phone and address: a resend supersedes the earlier ones. */
export function latestEmailCode(db: Executor, phone: string, email: string) {
  return db
    .selectFrom("email_codes")
    .selectAll()
    .where("phone", "=", phone)
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Spends one try of a live code before it is compared, atomically, so parallel guesses cannot
 * exceed the limit. Answers false when the code is used up, consumed or expired.
 */
export async function spendEmailCodeTry(db: Executor, codeId: string, maxTries: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("email_codes")
    .set((eb) => ({ wrong_tries: eb("wrong_tries", "+", 1) }))
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .where("wrong_tries", "<", maxTries)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a code used; false when another request consumed it first. */
export async function consumeEmailCode(db: Executor, codeId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("email_codes")
    .set({ consumed_at: at })
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Withdraws a code that could not be delivered, so it does not count against the driver's limits. */
export async function deleteEmailCode(db: Executor, codeId: string): Promise<void> {
  await db.deleteFrom("email_codes").where("id", "=", codeId).execute();
}

/**
 * Account deletion (docs/product/invoicing-account-contact.md): the row stays for the money records that point at it, without
 * anything that names the driver. The phone becomes `deleted:<id>`, so it can sign up afresh and
 * no lookup by phone finds this row; the sign-in and e-mail codes sent for it go too.
 */
export async function anonymiseUser(db: Executor, user: { id: string; phone: string }, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({
      phone: `deleted:${user.id}`,
      first_name: null,
      last_name: null,
      email: null,
      email_verified_at: null,
      student_id: null,
      free_flow_activation: null,
      deleted_at: at,
      updated_at: at,
    })
    .where("id", "=", user.id)
    .execute();
  await db.deleteFrom("login_codes").where("phone", "=", user.phone).execute();
  await db.deleteFrom("email_codes").where("phone", "=", user.phone).execute();
}

// Suspensions per organisation (docs/decisions/0166)

/** The organisation that suspended the driver and owns this location, if any. */
export function findSuspensionAtLocation(db: Executor, userId: string, locationId: string) {
  return db
    .selectFrom("driver_suspensions")
    .innerJoin("locations", "locations.organisation_id", "driver_suspensions.organisation_id")
    .innerJoin("organisations", "organisations.id", "driver_suspensions.organisation_id")
    .select(["organisations.id", "organisations.name"])
    .where("driver_suspensions.user_id", "=", userId)
    .where("locations.id", "=", locationId)
    .executeTakeFirst();
}

/** Which of these drivers the organisation has suspended. */
export async function listSuspendedBy(db: Executor, userIds: string[], organisationId: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("driver_suspensions")
    .select("user_id")
    .where("user_id", "in", userIds)
    .where("organisation_id", "=", organisationId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function insertSuspension(db: Executor, row: NewRow<"driver_suspensions">): Promise<void> {
  await db
    .insertInto("driver_suspensions")
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteSuspension(db: Executor, userId: string, organisationId: string): Promise<void> {
  await db
    .deleteFrom("driver_suspensions")
    .where("user_id", "=", userId)
    .where("organisation_id", "=", organisationId)
    .execute();
}
