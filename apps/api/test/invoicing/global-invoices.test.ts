import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectDueGlobalInvoices } from "../../src/modules/invoicing/global-invoicing.ts";
import { lastDuePeriod, periodBounds, periodOfDay } from "../../src/modules/invoicing/global-periods.ts";
import type { InvoiceProvider } from "../../src/modules/invoicing/provider.ts";
import { createSandboxIssuer } from "../../src/modules/invoicing/sandbox-issuer.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { validProfile } from "../support/invoicing-fixtures.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { createOrganisation } from "../support/world.ts";
import { createInvoiceIssuer } from "../support/worlds/invoicing.ts";
import { sharedLot } from "../support/worlds/shared.ts";

/** The global invoice to the general public (docs/decisions/0293). */

describe("global invoice periods on Mexico City's clock", () => {
  it("a month's invoice is due a day after it closes in Mexico City, not in UTC", () => {
    // 1 December 23:59 in Mexico City (UTC−6) is 05:59 UTC on the 2nd: November is not due yet.
    expect(lastDuePeriod(Date.parse("2026-12-02T05:59:59Z"), "monthly").key).toBe("2026-10");
    expect(lastDuePeriod(Date.parse("2026-12-02T06:00:00Z"), "monthly")).toMatchObject({
      key: "2026-11",
      months: "11",
      year: 2026,
    });
    expect(periodBounds(periodOfDay("2026-11-15", "monthly"))).toEqual({
      start: "2026-11-01T06:00:00.000Z",
      end: "2026-12-01T06:00:00.000Z",
    });
  });

  it("names fortnights, days and two-month periods as c_Meses does", () => {
    expect(periodOfDay("2026-11-15", "fortnightly")).toMatchObject({ key: "2026-11-Q1", endDay: "2026-11-16" });
    expect(periodOfDay("2026-02-16", "fortnightly")).toMatchObject({ key: "2026-02-Q2", endDay: "2026-03-01" });
    expect(periodOfDay("2026-12-31", "bimonthly")).toMatchObject({
      key: "2026-B6",
      months: "18",
      firstDay: "2026-11-01",
    });
    expect(periodOfDay("2026-01-02", "bimonthly")).toMatchObject({ months: "13", endDay: "2026-03-01" });
    expect(lastDuePeriod(Date.parse("2027-01-02T06:00:00Z"), "daily")).toMatchObject({
      key: "2026-12-31",
      months: "12",
      year: 2026,
    });
  });
});

describe(`global invoices: the sales no driver invoiced (${testEngine})`, () => {
  let app: TestApp;
  const issued: string[] = [];
  const sandbox = createSandboxIssuer();
  const countingIssuer: InvoiceProvider = {
    ...sandbox,
    async issue(document, context) {
      issued.push(context.invoiceId);
      return sandbox.issue(document, context);
    },
  };
  let lot: string;
  beforeAll(async () => {
    app = await createTestApp({ providers: { invoicing: countingIssuer } });
    await createInvoiceIssuer(app);
    lot = (await sharedLot(app)).id;
    await createOrganisation(app, { name: "Estacionamientos Ajenos" });
  });
  afterAll(async () => app.close());

  const paidAt = (paymentId: string, at: string) =>
    app.db.updateTable("payments").set({ created_at: at }).where("id", "=", paymentId).execute();
  // November 2025 on Mexico City's clock: [2025-11-01T06:00Z, 2025-12-01T06:00Z).
  const NOVEMBER_DUE = Date.parse("2025-12-02T06:00:00Z");

  it("issues one global CFDI per organisation and period, exactly once with two workers, refunds netted", async () => {
    const operator = await createOperator(app);
    const lastOfOctober = await paidStay(app); // 31 Oct 23:59 in Mexico City
    const firstOfNovember = await paidStay(app);
    const lastOfNovember = await paidStay(app); // 30 Nov 23:59 in Mexico City (1 Dec UTC)
    const invoicedByDriver = await paidStay(app);
    const refunded = await paidStay(app);
    const partlyRefunded = await paidStay(app);
    await paidAt(lastOfOctober.paymentId, "2025-11-01T05:59:00.000Z");
    await paidAt(firstOfNovember.paymentId, "2025-11-01T06:00:00.000Z");
    await paidAt(lastOfNovember.paymentId, "2025-12-01T05:59:00.000Z");
    for (const { paymentId } of [invoicedByDriver, refunded, partlyRefunded])
      await paidAt(paymentId, "2025-11-10T18:00:00.000Z");
    expect((await refundCall(app, operator.headers, refunded.paymentId, { reason: "Cobro doble" })).statusCode).toBe(
      200,
    );
    const partly = await refundCall(app, operator.headers, partlyRefunded.paymentId, {
      amount: 1000,
      reason: "Ajuste",
    });
    expect(partly.statusCode, partly.body).toBe(200);
    // The driver invoices one of them while its window is open (the location's 30 days from now).
    const profile = await app.inject({
      method: "POST",
      url: "/api/user/tax/profile",
      headers: invoicedByDriver.driver.headers,
      payload: validProfile,
    });
    await app.db.updateTable("locations").set({ invoice_window_days: 3650 }).where("id", "=", lot).execute();
    const own = await app.inject({
      method: "POST",
      url: "/api/user/invoice",
      headers: invoicedByDriver.driver.headers,
      payload: { payment_uuid: invoicedByDriver.paymentId, tax_profile_uuid: profile.json().data.uuid },
    });
    expect(own.statusCode, own.body).toBe(201);
    await app.jobs.runDueJobs();
    issued.length = 0;

    // Two workers sweep at the same moment.
    const made = (
      await Promise.all([
        collectDueGlobalInvoices(app.db, NOVEMBER_DUE),
        collectDueGlobalInvoices(app.db, NOVEMBER_DUE),
      ])
    ).flat();
    expect(made).toHaveLength(1);
    await Promise.all([app.jobs.runDueJobs(), app.jobs.runDueJobs()]);
    expect(issued).toEqual(made);
    expect(await collectDueGlobalInvoices(app.db, NOVEMBER_DUE + 3_600_000)).toEqual([]);

    const lines = await app.db
      .selectFrom("global_invoice_payments")
      .select(["payment_id", "total", "base", "tax"])
      .where("global_invoice_id", "=", made[0] ?? "")
      .execute();
    expect(lines.map((line) => line.payment_id).sort()).toEqual(
      [firstOfNovember.paymentId, lastOfNovember.paymentId, partlyRefunded.paymentId].sort(),
    );
    const netted = lines.find((line) => line.payment_id === partlyRefunded.paymentId);
    expect(netted?.total).toBe(partlyRefunded.amount - 1000);
    expect((netted?.base ?? 0) + (netted?.tax ?? 0)).toBe(netted?.total);

    const list = await app.inject({ method: "GET", url: "/api/admin/invoices/global", headers: operator.headers });
    expect(list.statusCode).toBe(200);
    const [global] = list.json().data;
    expect(global).toMatchObject({
      periodicity: "monthly",
      period_start: "2025-11-01",
      period_end: "2025-12-01",
      status: "issued",
      payment_count: 3,
      total: firstOfNovember.amount + lastOfNovember.amount + partlyRefunded.amount - 1000,
      currency: "mxn",
    });
    const xml = await app.inject({
      method: "GET",
      url: `/api/admin/invoice/global/${global.uuid}/xml`,
      headers: operator.headers,
    });
    const text = Buffer.from(xml.json().data.base64, "base64").toString("utf8");
    expect(text).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="11" Año="2025"/>');
    expect(text).toMatch(
      /Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="\d{5}" RegimenFiscalReceptor="616" UsoCFDI="S01"/,
    );
    expect(text).toContain('ClaveProdServ="01010101"');
    const pdf = await app.inject({
      method: "GET",
      url: `/api/admin/invoice/global/${global.uuid}/pdf`,
      headers: operator.headers,
    });
    expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 4).toString()).toBe("%PDF");

    const csv = await app.inject({
      method: "GET",
      url: "/api/admin/invoices/global/export",
      headers: { ...operator.headers, "accept-language": "en" },
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n").slice(0, 2)).toEqual([
      "Invoice,Periodicity,First day,Last day,Status,Sales,Subtotal,IVA,Total,Folio fiscal",
      expect.stringMatching(/^EST-\d+,Monthly,2025-11-01,2025-11-30,Issued,3,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d,$/),
    ]);

    // A sale on the global invoice is no longer the driver's to invoice, said in the driver's language.
    const late = await app.inject({
      method: "POST",
      url: "/api/user/invoice",
      headers: { ...firstOfNovember.driver.headers, "accept-language": "en" },
      payload: {
        payment_uuid: firstOfNovember.paymentId,
        tax_profile_uuid: (
          await app.inject({
            method: "POST",
            url: "/api/user/tax/profile",
            headers: firstOfNovember.driver.headers,
            payload: validProfile,
          })
        ).json().data.uuid,
      },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      error: "invoice_not_available_date",
      error_description: "The time to request an invoice for this payment has expired.",
    });
    const invoiceable = await app.inject({
      method: "GET",
      url: "/api/user/invoiceable/payments",
      headers: firstOfNovember.driver.headers,
    });
    expect(invoiceable.json().data).toEqual([]);
  });

  it("is the whole organisation's: a staff member limited to some locations is refused, another organisation sees none", async () => {
    const staff = await createOperator(app, { locationIds: [lot] });
    const limited = await app.inject({ method: "GET", url: "/api/admin/invoices/global", headers: staff.headers });
    expect(limited.statusCode).toBe(403);
    const other = await app.db
      .selectFrom("organisations")
      .select("id")
      .where(
        "id",
        "!=",
        (await app.db.selectFrom("locations").select("organisation_id").where("id", "=", lot).executeTakeFirstOrThrow())
          .organisation_id,
      )
      .executeTakeFirstOrThrow();
    const stranger = await createOperator(app, { organisationId: other.id });
    const theirs = await app.inject({ method: "GET", url: "/api/admin/invoices/global", headers: stranger.headers });
    expect(theirs.json().data).toEqual([]);
  });
});
