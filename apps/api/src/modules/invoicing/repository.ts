import { type Executor, forUpdate } from "../../db/database.ts";
import type { NewRow, Row, RowUpdate } from "../../db/schema.ts";
import { PERIOD_PAYABLE } from "../subscriptions/repository/periods.ts";

/** Every query of fiscal profiles, invoices and the payments they cover. */

export type TaxProfileRow = Row<"tax_profiles">;
export type InvoiceRow = Row<"invoices">;

// Fiscal profiles ------------------------------------------------------------------------------

export function listTaxProfilesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("tax_profiles")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findTaxProfileOfUser(db: Executor, userId: string, profileId: string) {
  return db
    .selectFrom("tax_profiles")
    .selectAll()
    .where("id", "=", profileId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertTaxProfile(db: Executor, row: NewRow<"tax_profiles">): Promise<void> {
  await db.insertInto("tax_profiles").values(row).execute();
}

export async function updateTaxProfile(
  db: Executor,
  profileId: string,
  changes: RowUpdate<"tax_profiles">,
): Promise<void> {
  await db.updateTable("tax_profiles").set(changes).where("id", "=", profileId).execute();
}

/** Takes the default away from the driver's profiles before another one gets it (one default, a unique index). */
export async function clearDefaultTaxProfile(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("tax_profiles")
    .set({ is_default: 0, updated_at: at })
    .where("user_id", "=", userId)
    .where("is_default", "=", 1)
    .execute();
}

/** Account deletion: the profiles' personal data goes; the invoices keep the copy the law requires. */
export async function eraseTaxProfilesOfUser(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("tax_profiles")
    .set({ rfc: "", legal_name: "", postal_code: "", email: "", is_default: 0, deleted_at: at, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
}

// Issuers and locations -----------------------------------------------------------------------

/** Locks the operator's issuer row and gives out its next folio. */
export async function takeNextFolio(tx: Executor, organisationId: string) {
  const issuer = await tx
    .selectFrom("invoice_issuers")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .$call(forUpdate(tx))
    .executeTakeFirst();
  if (!issuer) return undefined;
  const folio = issuer.last_folio + 1;
  await tx
    .updateTable("invoice_issuers")
    .set({ last_folio: folio })
    .where("organisation_id", "=", organisationId)
    .execute();
  return { issuer, folio };
}

/**
 * SAT's c_FormaPago of a charge: 01 efectivo for cash at OXXO, 03 transferencia for SPEI
 * (docs/decisions/0315); for a card 28 tarjeta de débito, 04 tarjeta de crédito — also when the
 * gateway did not say, since a paid-at-once (PUE) CFDI cannot say 99 "por definir" (docs/decisions/0294).
 */
export const paymentFormOf = (paid: {
  funding: "credit" | "debit" | null;
  rail: "oxxo" | "spei" | null;
}): "01" | "03" | "04" | "28" => {
  if (paid.rail) return paid.rail === "oxxo" ? "01" : "03";
  return paid.funding === "debit" ? "28" : "04";
};

// Payments that can be invoiced -------------------------------------------------------------------

/**
 * The driver's successful charges with the location each one paid for, read from the charge
 * itself (docs/decisions/0105), newest first. `discount` is what a promo code took off a pass
 * period's price.
 */
function chargesWithLocation(db: Executor, userId: string) {
  return (
    db
      .selectFrom("payments")
      .innerJoin("locations", "locations.id", "payments.location_id")
      .leftJoin("subscription_periods", (join) =>
        join
          .onRef("subscription_periods.id", "=", "payments.payable_id")
          .on("payments.payable_type", "=", PERIOD_PAYABLE),
      )
      .leftJoin("invoice_payments", (join) =>
        join.onRef("invoice_payments.payment_id", "=", "payments.id").on("invoice_payments.released", "=", 0),
      )
      .leftJoin("payment_methods", "payment_methods.id", "payments.payment_method_id")
      .leftJoin("payment_references", "payment_references.payment_id", "payments.id")
      .leftJoin("global_invoice_payments", "global_invoice_payments.payment_id", "payments.id")
      .select((eb) => [
        "payments.id as payment_id",
        "payments.description",
        "payments.payable_type",
        "payments.payable_id",
        "payments.subtotal",
        "payments.convenience_fee",
        "payments.processing_fee",
        "payments.tax",
        "payments.amount",
        "payments.currency",
        "payments.created_at as paid_at",
        "locations.id as location_id",
        "locations.name as location_name",
        "locations.short_name as location_short_name",
        "locations.country",
        "locations.organisation_id",
        "locations.invoicing",
        "locations.invoice_discounted",
        "locations.invoice_window_days",
        "locations.tax_rate_bp",
        "locations.time_zone",
        eb.fn.coalesce("subscription_periods.discount", eb.lit(0)).as("discount"),
        "invoice_payments.invoice_id",
        "global_invoice_payments.global_invoice_id",
        "payment_methods.funding",
        "payment_references.rail",
      ])
      .where("payments.user_id", "=", userId)
      .where("payments.kind", "=", "charge")
      .where("payments.status", "=", "succeeded")
      // A spend from the prepaid balance is not invoiced again: its top-up is (docs/decisions/0213).
      .where("payments.gateway", "!=", "balance")
  );
}

export type ChargeWithLocation = Awaited<ReturnType<typeof listChargesWithLocation>>[number];

export function listChargesWithLocation(db: Executor, userId: string, since: string) {
  return chargesWithLocation(db, userId)
    .where("payments.created_at", ">=", since)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id")
    .execute();
}

export function findChargeWithLocation(db: Executor, userId: string, paymentId: string) {
  return chargesWithLocation(db, userId).where("payments.id", "=", paymentId).executeTakeFirst();
}

// Invoices --------------------------------------------------------------------------------------

export async function insertInvoice(
  db: Executor,
  invoice: NewRow<"invoices">,
  payments: NewRow<"invoice_payments">[],
): Promise<void> {
  await db.insertInto("invoices").values(invoice).execute();
  await db.insertInto("invoice_payments").values(payments).execute();
}

/** An invoice by the id its provider gave it (a Facturapi webhook names the provider's invoice). */
export function findInvoiceByProviderRef(db: Executor, provider: string, providerRef: string) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("provider", "=", provider)
    .where("provider_ref", "=", providerRef)
    .executeTakeFirst();
}

export function findInvoiceById(db: Executor, invoiceId: string, options: { lock?: boolean } = {}) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", invoiceId)
    .$if(options.lock === true, forUpdate(db))
    .executeTakeFirst();
}

export function findInvoiceOfUser(db: Executor, userId: string, invoiceId: string) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", invoiceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function listInvoicesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export function listInvoicesByStatus(db: Executor, organisationId: string, status: InvoiceRow["status"]) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("status", "=", status)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function listInvoiceLines(db: Executor, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("invoice_payments")
    .selectAll()
    .where("invoice_id", "in", invoiceIds)
    .orderBy("paid_at")
    .orderBy("payment_id")
    .execute();
}

/** Moves an invoice only from the status it is expected in: a second worker or reviewer changes nothing. */
export async function updateInvoiceIfStatus(
  db: Executor,
  invoiceId: string,
  from: InvoiceRow["status"],
  changes: RowUpdate<"invoices">,
): Promise<boolean> {
  const result = await db
    .updateTable("invoices")
    .set(changes)
    .where("id", "=", invoiceId)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A rejected or failed request lets go of its payments, so the driver can ask again. */
export async function releaseInvoicePayments(db: Executor, invoiceId: string): Promise<void> {
  await db.updateTable("invoice_payments").set({ released: 1 }).where("invoice_id", "=", invoiceId).execute();
}

/** Account deletion: the receiver's e-mail on invoices goes; RFC and name stay on the fiscal record. */
export async function eraseInvoiceContactsOfUser(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable("invoices").set({ receiver_email: "", updated_at: at }).where("user_id", "=", userId).execute();
}

/** The driver's fiscal profiles, removed ones too (the export). */
export function listAllTaxProfilesOfUser(db: Executor, userId: string) {
  return db.selectFrom("tax_profiles").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
}
