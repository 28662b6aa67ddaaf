import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp, testEngine } from "../support/helpers.ts";
import { driverWithPaidStay, validProfile } from "../support/invoicing-fixtures.ts";
import { createInvoiceIssuer } from "../support/worlds/invoicing.ts";
import { createParkLot } from "../support/worlds/parking.ts";

describe(`personal data: export and account deletion (${testEngine})`, () => {
  let app: TestApp;
  let parkLot: string;
  beforeAll(async () => {
    app = await createTestApp();
    parkLot = (await createParkLot(app)).id;
    await createInvoiceIssuer(app);
  });
  afterAll(async () => app.close());

  const call = (headers: Record<string, string>, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  /** A driver who parked, paid, got an invoice, wrote to the operator and received messages. */
  async function activeDriver() {
    const driver = await driverWithPaidStay(app, parkLot);
    const profile = (await call(driver.headers, "POST", "/user/tax/profile", validProfile)).json().data;
    const invoice = (
      await call(driver.headers, "POST", "/user/invoice", {
        payment_uuid: driver.paymentId,
        tax_profile_uuid: profile.uuid,
      })
    ).json().data;
    const contact = (
      await call(driver.headers, "POST", "/user/contact", { topic: "invoice", message: "¿Y mi factura?" })
    ).json().data;
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    return { ...driver, invoiceId: invoice.uuid as string, reference: contact.reference as string };
  }

  it("exports everything we hold on the driver as a downloadable file", async () => {
    const driver = await activeDriver();
    const response = await call(driver.headers, "GET", "/user/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("attachment");
    const data = response.json().data;
    expect(data.profile).toMatchObject({ uuid: driver.user.id, phone: driver.user.phone, first_name: "Ana" });
    expect(data.vehicles).toEqual([expect.objectContaining({ plate: driver.vehicle.plate })]);
    expect(data.payment_methods).toEqual([expect.objectContaining({ brand: "visa", last4: "4242", is_default: true })]);
    expect(data.visits).toEqual([
      expect.objectContaining({
        location: "Estacionamiento Parque Fundidora",
        plate: driver.vehicle.plate,
        status: "finished",
      }),
    ]);
    expect(data).toMatchObject({ passes: [], event_visits: [], valet_tickets: [] });
    expect(data.payments).toEqual([
      expect.objectContaining({ uuid: driver.paymentId, kind: "charge", status: "succeeded" }),
    ]);
    expect(data.tax_profiles).toEqual([expect.objectContaining({ rfc: "PEPA800101AB1" })]);
    expect(data.invoices).toEqual([expect.objectContaining({ uuid: driver.invoiceId, status: "issued" })]);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ reference: driver.reference, message: "¿Y mi factura?" }),
    ]);
    // The receipt went to the driver's e-mail; the invoice to the profile's address is not theirs to export.
    expect(data.messages.map((message: { recipient: string }) => message.recipient)).toContain(driver.user.email);
    expect(JSON.stringify(data)).not.toMatch(/code_hmac|key_hash|token_hash/);
  });

  it("deletes an account leaving no personal data behind, the money records intact, and the phone free to start afresh", async () => {
    const driver = await activeDriver();
    const phone = driver.user.phone;
    const email = driver.user.email ?? "";
    const paymentBefore = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", driver.paymentId)
      .executeTakeFirstOrThrow();

    const disputeId = `dispute-${driver.paymentId}`;
    await app.db
      .insertInto("receipt_disputes")
      .values({
        id: disputeId,
        payment_id: driver.paymentId,
        user_id: driver.user.id,
        location_id: paymentBefore.location_id ?? "",
        status: "received",
        citation_number: "MTY-1",
        note: "Pagué",
        resolution: null,
        created_at: paymentBefore.created_at,
        updated_at: paymentBefore.created_at,
      })
      .execute();
    const deleted = await call(driver.headers, "DELETE", "/user");
    expect(deleted.statusCode).toBe(200);
    // The driver's words in a dispute go with the account; its state stays with the charge.
    expect(
      await app.db.selectFrom("receipt_disputes").selectAll().where("id", "=", disputeId).executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "received", note: null, citation_number: null });
    expect((await call(driver.headers, "GET", "/user/view")).statusCode).toBe(401);

    const user = await app.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", driver.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone: `deleted:${driver.user.id}`, first_name: null, last_name: null, email: null });
    expect(user.deleted_at).not.toBeNull();
    const vehicle = await app.db
      .selectFrom("vehicles")
      .selectAll()
      .where("id", "=", driver.vehicle.id)
      .executeTakeFirstOrThrow();
    expect(vehicle.plate).toBe("");
    const cards = await app.db
      .selectFrom("payment_methods")
      .selectAll()
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(cards.every((card) => card.holder_name === null && card.deleted_at !== null)).toBe(true);
    const profiles = await app.db
      .selectFrom("tax_profiles")
      .selectAll()
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(profiles.every((profile) => profile.rfc === "" && profile.email === "" && profile.legal_name === "")).toBe(
      true,
    );
    const contact = await app.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("reference", "=", driver.reference)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ message: "", ip: "" });
    const mail = await app.db
      .selectFrom("outbox_messages")
      .select("id")
      .where("recipient", "in", [phone, email])
      .execute();
    expect(mail).toEqual([]);
    for (const table of ["login_codes", "email_codes"] as const) {
      expect(await app.db.selectFrom(table).select("id").where("phone", "=", phone).execute()).toEqual([]);
    }
    const everything = JSON.stringify(
      await Promise.all([
        app.db.selectFrom("users").selectAll().where("id", "=", driver.user.id).execute(),
        app.db.selectFrom("vehicles").selectAll().where("user_id", "=", driver.user.id).execute(),
        app.db.selectFrom("payment_methods").selectAll().where("user_id", "=", driver.user.id).execute(),
        app.db.selectFrom("tax_profiles").selectAll().where("user_id", "=", driver.user.id).execute(),
        app.db.selectFrom("contact_messages").selectAll().where("user_id", "=", driver.user.id).execute(),
      ]),
    );
    for (const personal of [phone, email, driver.vehicle.plate, "Pérez", "ana.facturas@example.com"])
      expect(everything, personal).not.toContain(personal);
    // Every message of the outbox (other drivers' too): none names this driver any more, the
    // operator's copy of their contact message included.
    const outbox = JSON.stringify(await app.db.selectFrom("outbox_messages").selectAll().execute());
    for (const personal of [phone, email]) expect(outbox, personal).not.toContain(personal);

    // The law's records stay: the payment as charged, the issued CFDI with its receiver.
    const paymentAfter = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", driver.paymentId)
      .executeTakeFirstOrThrow();
    expect(paymentAfter).toEqual(paymentBefore);
    const invoice = await app.db
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", driver.invoiceId)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ status: "issued", receiver_rfc: "PEPA800101AB1", receiver_email: "" });
    expect(invoice.xml).toContain("PEPA800101AB1");

    // The phone signs up again as a new driver with nothing of the old account.
    const again = await signIn(app, phone);
    const view = await app.inject({ method: "GET", url: "/api/user/view", headers: again.headers });
    expect(view.json().data).toMatchObject({ phone, first_name: null, email: null, vehicles: [] });
    expect(view.json().data.uuid).not.toBe(driver.user.id);
  });
});
