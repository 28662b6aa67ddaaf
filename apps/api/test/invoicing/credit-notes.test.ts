import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordOwedCreditNotes, taxOfRefunded } from "../../src/modules/invoicing/credit-notes.ts";
import { collectDueGlobalInvoices } from "../../src/modules/invoicing/global-invoicing.ts";
import type { InvoiceProvider } from "../../src/modules/invoicing/provider.ts";
import {
  createSandboxIssuer,
  SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE,
} from "../../src/modules/invoicing/sandbox-issuer.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { validProfile } from "../support/invoicing-fixtures.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { createLocation, createOrganisation } from "../support/world.ts";

/** Credit notes (CFDI de egreso) for refunds of invoiced payments (docs/decisions/0308). */

describe(`credit notes for refunds of invoiced payments (${testEngine})`, () => {
  let app: TestApp;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  const sandbox = createSandboxIssuer();
  /** The sandbox, counting the credit notes sent to it. */
  const provider = { creditNotesSent: [] as string[] };
  const issuer: InvoiceProvider = {
    ...sandbox,
    async issue(document, context) {
      if (document.type === "E") provider.creditNotesSent.push(context.invoiceId);
      return sandbox.issue(document, context);
    },
  };
  let lotId: string;
  let organisationId: string;
  beforeAll(async () => {
    app = await createTestApp({ providers: { invoicing: issuer } });
    const organisation = await createOrganisation(app);
    await app.db
      .insertInto("invoice_issuers")
      .values({
        organisation_id: organisation.id,
        rfc: "EPR210101AB1",
        legal_name: "ESTACIONAMIENTOS PRUEBA",
        tax_regime: "601",
        postal_code: "64000",
        series: "NC",
        last_folio: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    lotId = (await createLocation(app, { organisation_id: organisation.id, invoice_window_days: 3650 })).id;
    organisationId = organisation.id;
    operator = await createOperator(app, { organisationId });
  });
  afterAll(async () => app.close());

  const creditNotesOf = (chargeId: string) =>
    app.db.selectFrom("credit_notes").selectAll().where("charge_payment_id", "=", chargeId).orderBy("folio").execute();

  /** A paid stay its driver invoiced, issued by the sandbox. */
  async function invoicedStay(postalCode = validProfile.postal_code) {
    const stay = await paidStay(app, lotId);
    const profile = await app.inject({
      method: "POST",
      url: "/api/user/tax/profile",
      headers: stay.driver.headers,
      payload: { ...validProfile, postal_code: postalCode },
    });
    const invoice = await app.inject({
      method: "POST",
      url: "/api/user/invoice",
      headers: stay.driver.headers,
      payload: { payment_uuid: stay.paymentId, tax_profile_uuid: profile.json().data.uuid },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    return { ...stay, invoiceId: invoice.json().data.uuid as string };
  }

  it("a refund of a payment on a driver's issued invoice gets a credit note related to it, shown on the invoice", async () => {
    const stay = await invoicedStay();
    await app.jobs.runDueJobs();
    const partly = await refundCall(app, operator.headers, stay.paymentId, { amount: 1000, reason: "Ajuste" });
    expect(partly.statusCode, partly.body).toBe(200);
    await app.jobs.runDueJobs();
    const [note] = await creditNotesOf(stay.paymentId);
    const charge = await app.db
      .selectFrom("payments")
      .select(["amount", "tax"])
      .where("id", "=", stay.paymentId)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      status: "issued",
      invoice_id: stay.invoiceId,
      global_invoice_id: null,
      total: 1000,
      tax: taxOfRefunded(charge, 1000),
      base: 1000 - taxOfRefunded(charge, 1000),
    });
    expect(note?.xml).toContain('TipoDeComprobante="E"');
    expect(note?.xml).toContain('UsoCFDI="G02"');
    expect(note?.xml).toContain('ClaveProdServ="84111506"');

    const shown = await app.inject({
      method: "GET",
      url: `/api/user/invoice/${stay.invoiceId}`,
      headers: stay.driver.headers,
    });
    expect(shown.json().data.credit_notes).toEqual([
      expect.objectContaining({ uuid: note?.id, status: "issued", total: 1000, refund_uuid: expect.any(String) }),
    ]);
    const pdf = await app.inject({
      method: "GET",
      url: `/api/user/invoice/credit-note/${note?.id}/pdf`,
      headers: stay.driver.headers,
    });
    expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 4).toString()).toBe("%PDF");
    const stranger = await paidStay(app, lotId);
    const theirs = await app.inject({
      method: "GET",
      url: `/api/user/invoice/credit-note/${note?.id}/xml`,
      headers: stranger.driver.headers,
    });
    expect(theirs.statusCode).toBe(404);

    // The rest refunded: a second note, and the two carry the charge's IVA to the cent.
    expect((await refundCall(app, operator.headers, stay.paymentId, { reason: "Cobro doble" })).statusCode).toBe(200);
    await app.jobs.runDueJobs();
    const notes = await creditNotesOf(stay.paymentId);
    expect(notes).toHaveLength(2);
    expect(notes.reduce((sum, one) => sum + one.total, 0)).toBe(charge.amount);
    expect(notes.reduce((sum, one) => sum + one.tax, 0)).toBe(charge.tax);
    expect(await recordOwedCreditNotes(app.db, { chargeId: stay.paymentId })).toEqual([]);
  });

  it("a refund made while the invoice is still being issued gets its note once the invoice is issued", async () => {
    const stay = await invoicedStay();
    expect(
      (await refundCall(app, operator.headers, stay.paymentId, { amount: 500, reason: "Ajuste" })).statusCode,
    ).toBe(200);
    await Promise.all([app.jobs.runDueJobs(), app.jobs.runDueJobs()]);
    await app.jobs.runDueJobs();
    expect(await creditNotesOf(stay.paymentId)).toEqual([expect.objectContaining({ total: 500, status: "issued" })]);
  });

  it("a refund of an unissued payment gets none: the global invoice nets it", async () => {
    const stay = await paidStay(app, lotId);
    expect(
      (await refundCall(app, operator.headers, stay.paymentId, { amount: 500, reason: "Ajuste" })).statusCode,
    ).toBe(200);
    await app.jobs.runDueJobs();
    expect(await creditNotesOf(stay.paymentId)).toEqual([]);
  });

  it("ten parallel refunds of sales on a global invoice make one credit note each, on the console's global invoice", async () => {
    const stays = [];
    for (let i = 0; i < 10; i++) stays.push(await paidStay(app, lotId));
    const ids = stays.map((stay) => stay.paymentId);
    await app.db
      .updateTable("payments")
      .set({ created_at: "2025-10-10T18:00:00.000Z" })
      .where("id", "in", ids)
      .execute();
    const [globalId] = await collectDueGlobalInvoices(app.db, Date.parse("2025-11-02T06:00:00Z"));
    await app.jobs.runDueJobs();
    provider.creditNotesSent.length = 0;

    const refunds = await Promise.all(
      stays.map((stay) => refundCall(app, operator.headers, stay.paymentId, { reason: "Cobro doble" })),
    );
    expect(refunds.map((refund) => refund.statusCode)).toEqual(Array(10).fill(200));
    await Promise.all([app.jobs.runDueJobs(), app.jobs.runDueJobs(), app.jobs.runDueJobs()]);
    const notes = await app.db.selectFrom("credit_notes").selectAll().where("charge_payment_id", "in", ids).execute();
    expect(notes).toHaveLength(10);
    expect(new Set(notes.map((note) => note.refund_payment_id)).size).toBe(10);
    expect(notes.every((note) => note.global_invoice_id === globalId && note.status === "issued")).toBe(true);
    expect(provider.creditNotesSent.sort()).toEqual(notes.map((note) => note.id).sort());
    expect(notes.map((note) => note.xml)).toEqual(
      Array(10).fill(expect.stringMatching(/Rfc="XAXX010101000"[^>]*UsoCFDI="S01"/)),
    );
    // Run again, from the global invoice's side: nothing new.
    expect(await recordOwedCreditNotes(app.db, { globalInvoiceId: globalId ?? "" })).toEqual([]);

    const list = await app.inject({ method: "GET", url: "/api/admin/invoices/global", headers: operator.headers });
    const global = list.json().data.find((invoice: { uuid: string }) => invoice.uuid === globalId);
    expect(global.credit_notes).toHaveLength(10);
    expect(global.credit_notes[0]).toMatchObject({ status: "issued", global_invoice_uuid: globalId });
  });

  it("a note the provider refuses leaves the refund done and the note for review; the console sends it again", async () => {
    // The sandbox's refused receiver (decision 0334): its first note is refused, the retried one issued.
    const stay = await invoicedStay(SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE);
    await app.jobs.runDueJobs();
    const refund = await refundCall(app, operator.headers, stay.paymentId, { amount: 700, reason: "Ajuste" });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data.status).toBe("succeeded");
    await app.jobs.runDueJobs();
    const [failed] = await creditNotesOf(stay.paymentId);
    expect(failed).toMatchObject({ status: "failed", failure_code: "invalid_invoice_data" });

    const listed = await app.inject({
      method: "GET",
      url: "/api/admin/invoices/credit-notes",
      headers: operator.headers,
    });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ uuid: failed?.id, status: "failed" }));
    const notYet = await app.inject({
      method: "GET",
      url: `/api/admin/invoice/credit-note/${failed?.id}/xml`,
      headers: operator.headers,
    });
    expect(notYet.statusCode).toBe(404);

    const retried = await app.inject({
      method: "POST",
      url: `/api/admin/invoice/credit-note/${failed?.id}/retry`,
      headers: operator.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.status).toBe("issuing");
    await app.jobs.runDueJobs();
    expect((await creditNotesOf(stay.paymentId))[0]?.status).toBe("issued");
    const again = await app.inject({
      method: "POST",
      url: `/api/admin/invoice/credit-note/${failed?.id}/retry`,
      headers: operator.headers,
    });
    expect(again.statusCode).toBe(409);
    const xml = await app.inject({
      method: "GET",
      url: `/api/admin/invoice/credit-note/${failed?.id}/xml`,
      headers: operator.headers,
    });
    expect(Buffer.from(xml.json().data.base64, "base64").toString("utf8")).toContain('TipoDeComprobante="E"');
  });

  it("is the whole organisation's in the console: a staff member limited to some locations is refused", async () => {
    const staff = await createOperator(app, { organisationId, locationIds: [lotId] });
    const limited = await app.inject({
      method: "GET",
      url: "/api/admin/invoices/credit-notes",
      headers: staff.headers,
    });
    expect(limited.statusCode).toBe(403);
  });
});
