import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { eraseContactMessagesOfUser } from "../contact/personal-data.ts";
import { eraseFavouritesOfUser } from "../home/personal-data.ts";
import { eraseInvoiceContactsOfUser, eraseTaxProfilesOfUser } from "../invoicing/personal-data.ts";
import { eraseMessagesAbout } from "../messaging/personal-data.ts";
import { eraseCardDataOfUser } from "../payments/personal-data.ts";
import { removePushSubscriptionsOfUser, revokeExtendLinksOfUser } from "../reminders/index.ts";
import { anonymiseUser, findUserById, lockActiveUser, revokeSessionsOfUser } from "../users/personal-data.ts";
import { erasePlatesOfUser } from "../vehicles/personal-data.ts";
import { eraseDisputeNotesOfUser } from "../verification/personal-data.ts";
import { assertAccountCanBeDeleted } from "./deletion-blockers.ts";

/**
 * `DELETE user` (docs/product/invoicing-account-contact.md): in one transaction, the account's personal data is anonymised —
 * names, e-mail, phone, plates, cards' holder, fiscal profiles, contact messages, starred places, what we sent
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
    await eraseFavouritesOfUser(tx, userId);
    // The driver's note and ticket number go; the dispute's state and the operator's answer stay with the charge.
    await eraseDisputeNotesOfUser(tx, userId, now);
    await anonymiseUser(tx, locked, now);
    await revokeSessionsOfUser(tx, userId, now, "account_deleted");
    await revokeExtendLinksOfUser(tx, userId);
    await removePushSubscriptionsOfUser(tx, userId);
  });
}
