import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueCreditNoteEmail } from "../../src/modules/invoicing/credit-note-email.ts";
import { issueCreditNote } from "../../src/modules/invoicing/credit-note-issuing.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { validProfile } from "../support/invoicing-fixtures.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { outboxFor } from "../support/parking-fixtures.ts";
import { createLocation, createOrganisation } from "../support/world.ts";
import { createInvoiceIssuer } from "../support/worlds/invoicing.ts";

/** The driver's e-mail of a credit note on their invoice (docs/decisions/0319). */

describe(`credit note e-mail (${testEngine})`, () => {
  let app: TestApp;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  let lotId: string;
  beforeAll(async () => {
    app = await createTestApp();
    const organisation = await createOrganisation(app);
    await createInvoiceIssuer(app, organisation.id);
    lotId = (await createLocation(app, { organisation_id: organisation.id, invoice_window_days: 3650 })).id;
    operator = await createOperator(app, { organisationId: organisation.id });
  });
  afterAll(async () => app.close());

  /** A paid stay its driver invoiced to `email`, issued, its driver reading the app in `locale`. */
  async function invoicedStay(email: string, locale: "es" | "en") {
    const stay = await paidStay(app, lotId);
    await app.db.updateTable("users").set({ locale }).where("id", "=", stay.driver.user.id).execute();
    const profile = await app.inject({
      method: "POST",
      url: "/api/user/tax/profile",
      headers: stay.driver.headers,
      payload: { ...validProfile, email },
    });
    const invoice = await app.inject({
      method: "POST",
      url: "/api/user/invoice",
      headers: stay.driver.headers,
      payload: { payment_uuid: stay.paymentId, tax_profile_uuid: profile.json().data.uuid },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    await app.jobs.runDueJobs();
    return stay;
  }
  const creditNoteMail = async (email: string) =>
    (await outboxFor(app, email)).filter((message) => /Credit note|Nota de crédito/.test(message.subject ?? ""));
  const noteOf = (chargeId: string) =>
    app.db.selectFrom("credit_notes").selectAll().where("charge_payment_id", "=", chargeId).executeTakeFirstOrThrow();

  it("sends the note's XML and PDF once, in the driver's language, however often and wherever the jobs run", async () => {
    const email = "nota.en@example.com";
    const stay = await invoicedStay(email, "en");
    const refund = await refundCall(app, operator.headers, stay.paymentId, { amount: 1000, reason: "Ajuste" });
    expect(refund.statusCode, refund.body).toBe(200);
    await Promise.all([app.jobs.runDueJobs(), app.jobs.runDueJobs(), app.jobs.runDueJobs()]);
    await app.jobs.runDueJobs();
    const note = await noteOf(stay.paymentId);
    expect(note.status).toBe("issued");

    // A worker that died after issuing runs the job again, two at once; the send job is enqueued again too.
    const job = { attempt: 1, maxAttempts: 8 };
    await app.db.updateTable("credit_notes").set({ status: "issuing" }).where("id", "=", note.id).execute();
    await Promise.all([issueCreditNote(app, note.id, job), issueCreditNote(app, note.id, job)]);
    await app.db.transaction().execute((tx) => enqueueCreditNoteEmail(tx, note.id));
    await Promise.all([app.jobs.runDueJobs(), app.jobs.runDueJobs()]);

    const mail = await creditNoteMail(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain(`Credit note ${note.series}-${note.folio}`);
    expect(mail[0]?.body).toContain("$10.00 MXN");
    expect(mail[0]?.body).toContain(".xml");
    expect(mail[0]?.body).toContain(".pdf");
  });

  it("writes in Spanish to a Spanish-reading driver, and only once the note is issued", async () => {
    const email = "nota.es@example.com";
    const stay = await invoicedStay(email, "es");
    await refundCall(app, operator.headers, stay.paymentId, { amount: 500, reason: "Ajuste" });
    expect(await creditNoteMail(email)).toEqual([]);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    const mail = await creditNoteMail(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain("Nota de crédito");
    expect(mail[0]?.body).toContain("de prueba");
  });
});
