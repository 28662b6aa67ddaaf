import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectDueGlobalInvoices } from "../../src/modules/invoicing/global-invoicing.ts";
import { periodOfDay, periodsDue } from "../../src/modules/invoicing/global-periods.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay } from "../support/operator-fixtures.ts";
import { createLocation, createOrganisation } from "../support/world.ts";

/** The global invoice's weekly periods (decision 0309), its periodicity in the console, and missed periods (0310). */

describe("weekly periods and catching up, on Mexico City's clock", () => {
  it("a week runs Monday to Sunday, cut at the month's end so it names one month", () => {
    // 2026-11-30 is a Monday; 2026-12-02 a Wednesday of the week that starts on 30 November.
    expect(periodOfDay("2026-12-02", "weekly")).toMatchObject({
      key: "2026-12-W01",
      firstDay: "2026-12-01",
      endDay: "2026-12-07",
      months: "12",
    });
    expect(periodOfDay("2026-11-30", "weekly")).toMatchObject({ firstDay: "2026-11-30", endDay: "2026-12-01" });
    expect(periodOfDay("2026-11-18", "weekly")).toMatchObject({ firstDay: "2026-11-16", endDay: "2026-11-23" });
  });

  it("walks every period from the last sweep's end to the last due one, oldest first", () => {
    const now = Date.parse("2027-01-03T06:00:00Z");
    expect(periodsDue(now, "monthly", null).map((period) => period.key)).toEqual(["2026-12"]);
    expect(periodsDue(now, "monthly", "2026-11-01T06:00:00.000Z").map((period) => period.key)).toEqual([
      "2026-11",
      "2026-12",
    ]);
    expect(periodsDue(now, "monthly", "2027-01-01T06:00:00.000Z")).toEqual([]);
  });
});

describe(`missed global invoice periods and the periodicity setting (${testEngine})`, () => {
  let app: TestApp;
  let lotId: string;
  let organisationId: string;
  beforeAll(async () => {
    app = await createTestApp();
    organisationId = (await createOrganisation(app)).id;
    await app.db
      .insertInto("invoice_issuers")
      .values({
        organisation_id: organisationId,
        rfc: "EPR210101AB1",
        legal_name: "ESTACIONAMIENTOS PRUEBA",
        tax_regime: "601",
        postal_code: "64000",
        series: "GL",
        last_folio: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    lotId = (await createLocation(app, { organisation_id: organisationId })).id;
  });
  afterAll(async () => app.close());

  const paidOn = async (at: string) => {
    const stay = await paidStay(app, lotId);
    await app.db.updateTable("payments").set({ created_at: at }).where("id", "=", stay.paymentId).execute();
    return stay.paymentId;
  };
  const periodsOf = (ids: string[]) =>
    app.db
      .selectFrom("global_invoices")
      .select(["id", "period_key", "folio"])
      .where("id", "in", ids.length > 0 ? ids : [""])
      .orderBy("folio")
      .execute();

  it("a sweep after a server was down over two months' ends issues both months, in order, once each", async () => {
    await paidOn("2025-09-10T18:00:00.000Z");
    // The first sweep (fake clock: 2 October) collects September and marks it swept.
    const september = await collectDueGlobalInvoices(app.db, Date.parse("2025-10-02T06:00:00Z"));
    expect((await periodsOf(september)).map((row) => row.period_key)).toEqual(["2025-09"]);

    await paidOn("2025-10-15T18:00:00.000Z");
    await paidOn("2025-11-20T18:00:00.000Z");
    // No worker ran until 3 January: October and November are both due, December has no sales.
    const missed = Date.parse("2026-01-03T06:00:00Z");
    const made = (
      await Promise.all([collectDueGlobalInvoices(app.db, missed), collectDueGlobalInvoices(app.db, missed)])
    ).flat();
    expect((await periodsOf(made)).map((row) => row.period_key)).toEqual(["2025-10", "2025-11"]);
    expect(await collectDueGlobalInvoices(app.db, missed + 3_600_000)).toEqual([]);
  });

  it("the console reads and sets the periodicity, audited; a staff member limited to some locations is refused", async () => {
    const operator = await createOperator(app, { organisationId });
    const read = await app.inject({
      method: "GET",
      url: "/api/admin/invoices/global/settings",
      headers: operator.headers,
    });
    expect(read.json().data).toEqual({ periodicity: "monthly" });
    const set = await app.inject({
      method: "PUT",
      url: "/api/admin/invoices/global/settings",
      headers: operator.headers,
      payload: { periodicity: "weekly" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const issuer = await app.db
      .selectFrom("invoice_issuers")
      .select("global_periodicity")
      .where("organisation_id", "=", organisationId)
      .executeTakeFirstOrThrow();
    expect(issuer.global_periodicity).toBe("weekly");
    const audit = await app.db
      .selectFrom("audit_log")
      .select("action")
      .where("organisation_id", "=", organisationId)
      .execute();
    expect(audit.map((entry) => entry.action)).toContain("invoice.global_periodicity");
    const wrong = await app.inject({
      method: "PUT",
      url: "/api/admin/invoices/global/settings",
      headers: operator.headers,
      payload: { periodicity: "yearly" },
    });
    expect(wrong.statusCode).toBe(422);
    const staff = await createOperator(app, { organisationId, locationIds: [lotId] });
    const limited = await app.inject({
      method: "GET",
      url: "/api/admin/invoices/global/settings",
      headers: staff.headers,
    });
    expect(limited.statusCode).toBe(403);
  });
});
