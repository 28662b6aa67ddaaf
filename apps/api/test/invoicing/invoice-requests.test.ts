import { randomUUID } from "node:crypto";
import { dateIn } from "@estaciona/contracts/periods";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { driverWithPaidStay, payStay, validProfile } from "../support/invoicing-fixtures.ts";
import { createDriverWithVehicle, outboxFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createEvent, createMeterZone, createVenue } from "../support/world.ts";
import { createInvoiceIssuer } from "../support/worlds/invoicing.ts";
import { austinPlan, sharedPlans, studentPlan } from "../support/worlds/shared.ts";

describe(`invoicing: fiscal profiles and CFDI invoices (${testEngine})`, () => {
  let app: TestApp;
  /** The shared lot and its monthly pass, an approval campus, an Austin garage, a meter zone, an event. */
  let lot: string;
  let monthlyPlan: string;
  let campus: string;
  let austin: string;
  let meterZone: string;
  let eventId: string;
  beforeAll(async () => {
    app = await createTestApp();
    await createInvoiceIssuer(app);
    ({
      lot: { id: lot },
      monthly: { id: monthlyPlan },
    } = await sharedPlans(app));
    campus = (await studentPlan(app)).campus.id;
    austin = (await austinPlan(app)).garage.id;
    meterZone = (await createMeterZone(app)).location.id;
    eventId = (await createEvent(app, (await createVenue(app)).id)).id;
  });
  afterAll(async () => app.close());

  const call = (
    headers: Record<string, string>,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  async function profileOf(headers: Record<string, string>, fields: object = {}) {
    const response = await call(headers, "POST", "/user/tax/profile", { ...validProfile, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { uuid: string; is_default: boolean };
  }

  describe("fiscal profiles", () => {
    it("saves the RFC upper-cased, the name without its capital regime, the first as default", async () => {
      const driver = await createDriverWithVehicle(app);
      const first = await call(driver.headers, "POST", "/user/tax/profile", validProfile);
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toMatchObject({
        rfc: "PEPA800101AB1",
        legal_name: "ANA PÉREZ PÉREZ",
        is_default: true,
      });
      const company = await profileOf(driver.headers, {
        rfc: "ACM010101AB1",
        legal_name: "Acme, S.A. de C.V.",
        tax_regime: "601",
        is_default: true,
      });
      const list = await call(driver.headers, "GET", "/user/tax/profiles");
      expect(
        list.json().data.map((p: { legal_name: string; is_default: boolean }) => [p.legal_name, p.is_default]),
      ).toEqual([
        ["ACME", true],
        ["ANA PÉREZ PÉREZ", false],
      ]);
      const removed = await call(driver.headers, "DELETE", `/user/tax/profile/${company.uuid}`);
      expect(removed.statusCode).toBe(200);
      const after = await call(driver.headers, "GET", "/user/tax/profiles");
      expect(after.json().data).toEqual([expect.objectContaining({ rfc: "PEPA800101AB1", is_default: true })]);
    });

    it.each([
      [{ rfc: "PEPA801301AB1" }, "invalid_data", "Escribe un RFC válido"],
      [{ rfc: "PEPA800101AB" }, "invalid_data", "Escribe un RFC válido"],
      [{ rfc: "XAXX010101000", tax_regime: "616", cfdi_use: "S01" }, "invalid_data", "RFC genérico"],
      [{ tax_regime: "601" }, "invalid_data", "régimen fiscal que aplique"],
      [{ cfdi_use: "D01", rfc: "ACM010101AB1", tax_regime: "601" }, "invalid_data", "uso del CFDI"],
      [{ cfdi_use: "CN01" }, "invalid_data", "uso del CFDI"],
      [{ postal_code: "6400" }, "invalid_data", "código postal"],
      [{ email: "not-an-email" }, "invalid_email", "correo"],
    ])("refuses %o with %s and the field's message", async (fields, code, message) => {
      const driver = await createDriverWithVehicle(app);
      const response = await call(driver.headers, "POST", "/user/tax/profile", { ...validProfile, ...fields });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe(code);
      expect(response.json().error_description).toContain(message);
    });
  });

  describe("invoice requests", () => {
    it("invoices a paid stay once: issued by the job as a CFDI 4.0 XML and a PDF, e-mailed and downloadable", async () => {
      const driver = await driverWithPaidStay(app, lot);
      const profile = await profileOf(driver.headers);
      const invoiceable = await call(driver.headers, "GET", "/user/invoiceable/payments");
      const [payment] = invoiceable.json().data;
      expect(payment).toMatchObject({ payment_uuid: driver.paymentId, invoice_uuid: null, currency: "mxn" });
      expect(payment.subtotal + payment.tax).toBe(payment.total);

      const body = { payment_uuid: driver.paymentId, tax_profile_uuid: profile.uuid };
      const requested = await call(driver.headers, "POST", "/user/invoice", body);
      expect(requested.statusCode, requested.body).toBe(201);
      const invoice = requested.json().data;
      expect(invoice).toMatchObject({
        status: "issuing",
        kind: "single",
        receiver_rfc: "PEPA800101AB1",
        series: "EST",
      });
      expect(invoice.payment_uuids).toEqual([driver.paymentId]);

      const again = await call(driver.headers, "POST", "/user/invoice", body);
      expect(again.json().data.uuid).toBe(invoice.uuid);

      const early = await call(driver.headers, "GET", `/user/invoice/${invoice.uuid}/pdf`);
      expect(early.statusCode).toBe(404);
      expect(early.json().error).toBe("file_not_found");

      await app.jobs.runDueJobs();
      await app.jobs.runDueJobs();
      const issued = await call(driver.headers, "GET", `/user/invoice/${invoice.uuid}`);
      expect(issued.json().data).toMatchObject({
        status: "issued",
        provider: "sandbox",
        stamped: false,
        cfdi_uuid: null,
      });

      const xml = await call(driver.headers, "GET", `/user/invoice/${invoice.uuid}/xml`);
      const xmlText = Buffer.from(xml.json().data.base64, "base64").toString("utf8");
      expect(xml.json().data.content_type).toBe("application/xml");
      expect(xmlText).toContain('Version="4.0"');
      expect(xmlText).toContain(`Total="${(invoice.total / 100).toFixed(2)}"`);
      expect(xmlText).toContain('UsoCFDI="G03"');
      // The sandbox card does not say credit or debit: c_FormaPago 04.
      expect(xmlText).toContain('FormaPago="04"');
      const pdf = await call(driver.headers, "GET", `/user/invoice/${invoice.uuid}/pdf`);
      expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");

      const mail = (await outboxFor(app, validProfile.email)).filter((message) => message.subject?.includes("EST-"));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.body).toContain(".xml");
      expect(mail[0]?.body).toContain(".pdf");

      const invoices = await app.db.selectFrom("invoices").select("id").where("user_id", "=", driver.user.id).execute();
      expect(invoices).toHaveLength(1);
    });

    it("refuses a payment of a location that does not invoice, a US one and one past its window", async () => {
      const us = await driverWithPaidStay(app, austin);
      const usProfile = await profileOf(us.headers);
      const refusedUs = await call(us.headers, "POST", "/user/invoice", {
        payment_uuid: us.paymentId,
        tax_profile_uuid: usProfile.uuid,
      });
      expect(refusedUs.json().error).toBe("invoice_not_available");

      const late = await driverWithPaidStay(app, lot);
      const lateProfile = await profileOf(late.headers);
      await app.db
        .updateTable("payments")
        .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
        .where("id", "=", late.paymentId)
        .execute();
      const refusedLate = await call(late.headers, "POST", "/user/invoice", {
        payment_uuid: late.paymentId,
        tax_profile_uuid: lateProfile.uuid,
      });
      expect(refusedLate.statusCode).toBe(422);
      expect(refusedLate.json().error).toBe("invoice_not_available_date");
      const list = await call(late.headers, "GET", "/user/invoiceable/payments");
      expect(list.json().data).toEqual([]);

      const unknown = await call(late.headers, "POST", "/user/invoice", {
        payment_uuid: randomUUID(),
        tax_profile_uuid: lateProfile.uuid,
      });
      expect(unknown.json().error).toBe("object_not_found");
    });

    it("keeps a request of an approval location pending until an operator approves it, once", async () => {
      const driver = await driverWithPaidStay(app, campus);
      const profile = await profileOf(driver.headers);
      const requested = await call(driver.headers, "POST", "/user/invoice", {
        payment_uuid: driver.paymentId,
        tax_profile_uuid: profile.uuid,
      });
      const id = requested.json().data.uuid;
      expect(requested.json().data.status).toBe("pending_approval");
      await app.jobs.runDueJobs();
      expect((await call(driver.headers, "GET", `/user/invoice/${id}`)).json().data.status).toBe("pending_approval");

      const forbidden = await call(driver.headers, "POST", `/admin/invoice/${id}/approve`);
      expect(forbidden.statusCode).toBe(403);
      const operator = await createDriverWithVehicle(app, { role: "admin" });
      const pending = await call(operator.headers, "GET", "/admin/invoices/pending");
      expect(pending.json().data.map((invoice: { uuid: string }) => invoice.uuid)).toContain(id);
      const approved = await call(operator.headers, "POST", `/admin/invoice/${id}/approve`);
      expect(approved.json().data.status).toBe("issuing");
      const twice = await call(operator.headers, "POST", `/admin/invoice/${id}/approve`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toBe("invoice_already_approved");
      const rejectLate = await call(operator.headers, "POST", `/admin/invoice/${id}/reject`, { reason: "No" });
      expect(rejectLate.json().error).toBe("invoice_already_approved");
      await app.jobs.runDueJobs();
      expect((await call(driver.headers, "GET", `/user/invoice/${id}`)).json().data.status).toBe("issued");
    });

    it("a rejected request lets go of its payment, which can be requested again", async () => {
      const driver = await driverWithPaidStay(app, campus);
      const profile = await profileOf(driver.headers);
      const body = { payment_uuid: driver.paymentId, tax_profile_uuid: profile.uuid };
      const first = (await call(driver.headers, "POST", "/user/invoice", body)).json().data;
      const operator = await createDriverWithVehicle(app, { role: "admin" });
      const rejected = await call(operator.headers, "POST", `/admin/invoice/${first.uuid}/reject`, {
        reason: "RFC no coincide",
      });
      expect(rejected.json().data.status).toBe("rejected");
      const second = (await call(driver.headers, "POST", "/user/invoice", body)).json().data;
      expect(second.uuid).not.toBe(first.uuid);
      expect(second.status).toBe("pending_approval");
    });

    it("invoices a pass's period; a discounted one only where the location invoices discounts", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const bought = await buyPass(app, driver.headers, randomUUID(), {
        plan_uuid: monthlyPlan,
        vehicle_uuid: driver.vehicle.id,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const charge = await app.db
        .selectFrom("payments")
        .select(["id", "amount", "payable_id"])
        .where("user_id", "=", driver.user.id)
        .where("payable_type", "=", "subscription_period")
        .where("status", "=", "succeeded")
        .executeTakeFirstOrThrow();
      const profile = await profileOf(driver.headers);
      const list = await call(driver.headers, "GET", "/user/invoiceable/payments");
      expect(list.json().data).toEqual([expect.objectContaining({ payment_uuid: charge.id, total: charge.amount })]);

      // The same period, had it been bought with a promo code, at a lot that does not invoice discounts.
      const period = await app.db
        .selectFrom("payments")
        .select("payable_id")
        .where("id", "=", charge.id ?? "")
        .executeTakeFirstOrThrow();
      await app.db
        .updateTable("subscription_periods")
        .set({ discount: 1000 })
        .where("id", "=", period.payable_id)
        .execute();
      await app.db.updateTable("locations").set({ invoice_discounted: 0 }).where("id", "=", lot).execute();
      try {
        const refused = await call(driver.headers, "POST", "/user/invoice", {
          payment_uuid: charge.id,
          tax_profile_uuid: profile.uuid,
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().error).toBe("invoice_with_discount_not_available");
      } finally {
        await app.db.updateTable("locations").set({ invoice_discounted: 1 }).where("id", "=", lot).execute();
      }
      const invoiced = await call(driver.headers, "POST", "/user/invoice", {
        payment_uuid: charge.id,
        tax_profile_uuid: profile.uuid,
      });
      expect(invoiced.statusCode).toBe(201);
      expect(invoiced.json().data.total).toBe(charge.amount);
    });

    it("invoices a parking meter purchase like any other paid payment", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      // Seeded zone 101, charged around the clock: 30 minutes at $12.00/h, all in $13.13 (meters/sessions.test.ts).
      const bought = await app.inject({
        method: "POST",
        url: "/api/user/meter-session",
        headers: { ...driver.headers, "idempotency-key": randomUUID() },
        payload: {
          zone_uuid: meterZone,
          vehicle_uuid: driver.vehicle.id,
          minutes: 30,
          expected_total: 1313,
        },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const profile = await profileOf(driver.headers);
      const [payment] = (await call(driver.headers, "GET", "/user/invoiceable/payments")).json().data;
      expect(payment).toMatchObject({ total: 1313, tax: 181, subtotal: 1132 });
      // Whichever operator runs the zone, it has its fiscal data.
      const { organisation_id } = await app.db
        .selectFrom("locations")
        .select("organisation_id")
        .where("id", "=", meterZone)
        .executeTakeFirstOrThrow();
      await createInvoiceIssuer(app, organisation_id);
      const invoiced = await call(driver.headers, "POST", "/user/invoice", {
        payment_uuid: payment.payment_uuid,
        tax_profile_uuid: profile.uuid,
      });
      expect(invoiced.json().data, invoiced.body).toMatchObject({ status: "issuing", total: 1313 });
    });

    it("invoices an event parking purchase like any other paid payment", async () => {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      // Seeded Península day 1: $200 edited amount, all in $244.70 (events.test.ts).
      const bought = await app.inject({
        method: "POST",
        url: `/api/user/event/${eventId}/purchase`,
        headers: { ...driver.headers, "idempotency-key": randomUUID() },
        payload: { vehicle_uuid: driver.vehicle.id, amount: 20000, expected_total: 24470 },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const profile = await profileOf(driver.headers);
      const [payment] = (await call(driver.headers, "GET", "/user/invoiceable/payments")).json().data;
      expect(payment).toMatchObject({ total: 24470, tax: 3375, subtotal: 21095 });
      const invoiced = await call(driver.headers, "POST", "/user/invoice", {
        payment_uuid: payment.payment_uuid,
        tax_profile_uuid: profile.uuid,
      });
      expect(invoiced.json().data).toMatchObject({ status: "issuing", total: 24470 });
    });

    it("gathers a month of payments into one invoice whose amounts add up", async () => {
      const driver = await driverWithPaidStay(app, lot);
      const secondPayment = await payStay(app, driver, lot);
      const profile = await profileOf(driver.headers);
      const month = dateIn("America/Monterrey", Date.now()).slice(0, 7);
      const response = await call(driver.headers, "POST", "/user/invoice/monthly", {
        month,
        tax_profile_uuid: profile.uuid,
      });
      expect(response.statusCode, response.body).toBe(201);
      const [invoice, ...others] = response.json().data;
      expect(others).toEqual([]);
      expect(invoice.kind).toBe("monthly");
      expect(invoice.payment_uuids.sort()).toEqual([driver.paymentId, secondPayment].sort());
      const charges = await app.db
        .selectFrom("payments")
        .select(["amount"])
        .where("id", "in", [driver.paymentId, secondPayment])
        .execute();
      expect(invoice.total).toBe(charges.reduce((sum, charge) => sum + charge.amount, 0));
      expect(invoice.subtotal + invoice.tax).toBe(invoice.total);
      const none = await call(driver.headers, "POST", "/user/invoice/monthly", {
        month,
        tax_profile_uuid: profile.uuid,
      });
      expect(none.json().error).toBe("invoice_not_available");
    });

    it("puts a payment in the month of the lot's clock, not UTC's", async () => {
      const driver = await driverWithPaidStay(app, lot);
      const profile = await profileOf(driver.headers);
      // 03:00 UTC on the 1st of this month is 21:00 of the last day of the month before in Monterrey.
      const thisMonth = dateIn("America/Monterrey", Date.now()).slice(0, 7);
      const paidAt = `${thisMonth}-01T03:00:00.000Z`;
      const monthBefore = dateIn("America/Monterrey", Date.parse(paidAt)).slice(0, 7);
      await app.db.updateTable("payments").set({ created_at: paidAt }).where("id", "=", driver.paymentId).execute();
      // Keep the payment inside the lot's invoice window whatever today's date.
      const window = await app.db
        .selectFrom("locations")
        .select("invoice_window_days")
        .where("id", "=", lot)
        .executeTakeFirstOrThrow();
      await app.db.updateTable("locations").set({ invoice_window_days: 62 }).where("id", "=", lot).execute();
      try {
        const inThisMonth = await call(driver.headers, "POST", "/user/invoice/monthly", {
          month: thisMonth,
          tax_profile_uuid: profile.uuid,
        });
        expect(inThisMonth.json().error).toBe("invoice_not_available");
        const inMonthBefore = await call(driver.headers, "POST", "/user/invoice/monthly", {
          month: monthBefore,
          tax_profile_uuid: profile.uuid,
        });
        expect(inMonthBefore.statusCode, inMonthBefore.body).toBe(201);
        expect(inMonthBefore.json().data[0].payment_uuids).toEqual([driver.paymentId]);
      } finally {
        await app.db
          .updateTable("locations")
          .set({ invoice_window_days: window.invoice_window_days })
          .where("id", "=", lot)
          .execute();
      }
    });
  });
});
