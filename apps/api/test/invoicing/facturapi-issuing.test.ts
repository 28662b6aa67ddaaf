import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacturapiIssuer } from "../../src/modules/invoicing/facturapi.ts";
import { issueInvoice, paymentFormOfLines } from "../../src/modules/invoicing/issuing.ts";
import { type FacturapiFake, startFacturapiFake } from "../support/fakes/facturapi-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../support/fakes/fake-http.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { driverWithPaidStay, payStay, validProfile } from "../support/invoicing-fixtures.ts";
import { createDriverWithVehicle } from "../support/parking-fixtures.ts";
import { createInvoiceIssuer } from "../support/worlds/invoicing.ts";
import { sharedLot } from "../support/worlds/shared.ts";

describe(`invoicing through Facturapi (fake server, ${testEngine})`, () => {
  let app: TestApp;
  let fake: FacturapiFake;
  let lot: string;
  beforeAll(async () => {
    fake = await startFacturapiFake();
    const invoicing = createFacturapiIssuer({
      secretKey: "sk_test_fake",
      apiBase: `${fake.url}/v2`,
      timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
    });
    app = await createTestApp({ providers: { invoicing } });
    await createInvoiceIssuer(app);
    lot = (await sharedLot(app)).id;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const post = (headers: Record<string, string>, url: string, payload: object) =>
    app.inject({ method: "POST", url: `/api${url}`, headers, payload });
  const invoiceRow = (id: string) =>
    app.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** The queue's backoff has passed: the retried job is due now. */
  const backoffPassed = () =>
    app.db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("status", "=", "queued").execute();

  async function requested(behaviour: FacturapiFake["behaviour"]) {
    const driver = await driverWithPaidStay(app, lot);
    const profile = (await post(driver.headers, "/user/tax/profile", validProfile)).json().data;
    fake.behaviour = behaviour;
    const invoice = (
      await post(driver.headers, "/user/invoice", { payment_uuid: driver.paymentId, tax_profile_uuid: profile.uuid })
    ).json().data;
    return { driver, profile, id: invoice.uuid as string };
  }

  it("stamps the invoice at Facturapi and keeps its folio fiscal, XML and PDF", async () => {
    const { id } = await requested("ok");
    await app.jobs.runDueJobs();
    const row = await invoiceRow(id);
    expect(row).toMatchObject({ status: "issued", provider: "facturapi", stamped: 1 });
    const made = fake.invoices.find((invoice) => invoice.idempotency_key === id);
    expect(row.cfdi_uuid).toBe(made?.uuid);
    expect(row.provider_ref).toBe(made?.id);
  });

  it("retries a provider that did not answer; the retry gets the invoice already made, never a second one", async () => {
    const { id } = await requested("create_then_hang");
    await app.jobs.runDueJobs();
    expect((await invoiceRow(id)).status).toBe("issuing");
    fake.behaviour = "ok";
    await backoffPassed();
    await app.jobs.runDueJobs();
    expect((await invoiceRow(id)).status).toBe("issued");
    expect(fake.invoices.filter((invoice) => invoice.idempotency_key === id)).toHaveLength(1);
  });

  it("runs the issuing job twice at once and a third time after: one invoice at the provider, issued once", async () => {
    const { id } = await requested("ok");
    const job = { attempt: 1, maxAttempts: 8 };
    await Promise.all([issueInvoice(app, id, job), issueInvoice(app, id, job)]);
    await issueInvoice(app, id, { attempt: 2, maxAttempts: 8 });
    await app.jobs.runDueJobs();
    expect((await invoiceRow(id)).status).toBe("issued");
    expect(fake.invoices.filter((invoice) => invoice.idempotency_key === id)).toHaveLength(1);
    const sent = await app.db.selectFrom("jobs").select("id").where("dedupe_key", "=", `invoice-send:${id}`).execute();
    expect(sent).toHaveLength(1);
  });

  it("lets an operator cancel an issued invoice at Facturapi (motive 02); the payment can be invoiced again", async () => {
    const { driver, profile, id } = await requested("ok");
    await app.jobs.runDueJobs();
    const operator = await createDriverWithVehicle(app, { role: "admin" });
    const cancelled = await post(operator.headers, `/admin/invoice/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe("cancelled");
    const made = fake.invoices.find((invoice) => invoice.idempotency_key === id);
    expect(made?.status).toBe("canceled");
    expect(fake.requests.at(-1)?.url).toBe(`/v2/invoices/${made?.id}?motive=02`);
    const twice = await post(operator.headers, `/admin/invoice/${id}/cancel`, {});
    expect(twice.json().error).toBe("action_not_available");
    const again = await post(driver.headers, "/user/invoice", {
      payment_uuid: driver.paymentId,
      tax_profile_uuid: profile.uuid,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.uuid).not.toBe(id);
  });

  it("writes c_FormaPago 28 for a debit card, 04 for a credit one, and the largest payment's form on a monthly", async () => {
    const driver = await driverWithPaidStay(app, lot);
    await app.db
      .updateTable("payment_methods")
      .set({ funding: "debit" })
      .where("user_id", "=", driver.user.id)
      .execute();
    const profile = (await post(driver.headers, "/user/tax/profile", validProfile)).json().data;
    const debit = (
      await post(driver.headers, "/user/invoice", { payment_uuid: driver.paymentId, tax_profile_uuid: profile.uuid })
    ).json().data;
    await app.jobs.runDueJobs();
    expect(fake.invoices.find((invoice) => invoice.idempotency_key === debit.uuid)?.body.payment_form).toBe("28");

    await app.db
      .updateTable("payment_methods")
      .set({ funding: "credit" })
      .where("user_id", "=", driver.user.id)
      .execute();
    const creditPayment = await payStay(app, driver, lot);
    const credit = (
      await post(driver.headers, "/user/invoice", { payment_uuid: creditPayment, tax_profile_uuid: profile.uuid })
    ).json().data;
    await app.jobs.runDueJobs();
    expect(fake.invoices.find((invoice) => invoice.idempotency_key === credit.uuid)?.body.payment_form).toBe("04");
    expect(paymentFormOfLines([])).toBe("04");
    expect(
      paymentFormOfLines([
        { total: 5000, payment_form: "04" },
        { total: 9000, payment_form: "28" },
        { total: 100, payment_form: null },
      ]),
    ).toBe("28");
  });

  it("keeps an invoice whose cancellation waits for the receiver valid, its payment on it, until accepted", async () => {
    const { driver, profile, id } = await requested("ok");
    await app.jobs.runDueJobs();
    const operator = await createDriverWithVehicle(app, { role: "admin" });
    fake.receiverMustAccept = true;
    const asked = await post(operator.headers, `/admin/invoice/${id}/cancel`, {});
    fake.receiverMustAccept = false;
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: "issued", cancellation_status: "pending" });
    // Asked again while open: the same answer, no second request to the SAT.
    const requestsBefore = fake.requests.length;
    expect((await post(operator.headers, `/admin/invoice/${id}/cancel`, {})).json().data.cancellation_status).toBe(
      "pending",
    );
    expect(fake.requests.length).toBe(requestsBefore);
    // The payment is still covered by a valid CFDI: a new request answers that invoice.
    const meanwhile = await post(driver.headers, "/user/invoice", {
      payment_uuid: driver.paymentId,
      tax_profile_uuid: profile.uuid,
    });
    expect(meanwhile.json().data.uuid).toBe(id);
    const seen = await app.inject({ method: "GET", url: "/api/user/invoices", headers: driver.headers });
    expect(seen.json().data.find((invoice: { uuid: string }) => invoice.uuid === id)).toMatchObject({
      status: "issued",
      cancellation_status: "pending",
    });

    const made = fake.invoices.find((invoice) => invoice.idempotency_key === id);
    await backoffPassed();
    await app.jobs.runDueJobs();
    expect(await invoiceRow(id)).toMatchObject({ status: "issued", cancellation_status: "pending" });
    fake.settleCancellation(made?.id ?? "", "accepted");
    await backoffPassed();
    await app.jobs.runDueJobs();
    expect(await invoiceRow(id)).toMatchObject({ status: "cancelled", cancellation_status: "accepted" });
    const again = await post(driver.headers, "/user/invoice", {
      payment_uuid: driver.paymentId,
      tax_profile_uuid: profile.uuid,
    });
    expect(again.statusCode).toBe(201);
  });

  it("leaves an invoice valid when the receiver rejects its cancellation, and it can be asked again", async () => {
    const { id } = await requested("ok");
    await app.jobs.runDueJobs();
    const operator = await createDriverWithVehicle(app, { role: "admin" });
    fake.receiverMustAccept = true;
    await post(operator.headers, `/admin/invoice/${id}/cancel`, {});
    fake.receiverMustAccept = false;
    const made = fake.invoices.find((invoice) => invoice.idempotency_key === id);
    fake.settleCancellation(made?.id ?? "", "rejected");
    await backoffPassed();
    await app.jobs.runDueJobs();
    expect(await invoiceRow(id)).toMatchObject({ status: "issued", cancellation_status: "rejected" });
    const retried = await post(operator.headers, `/admin/invoice/${id}/cancel`, {});
    expect(retried.json().data).toMatchObject({ status: "cancelled", cancellation_status: "accepted" });
  });

  it("fails an invoice the provider refuses, with invalid_invoice_data, and lets its payment be requested again", async () => {
    const { driver, profile, id } = await requested("invalid_data");
    await app.jobs.runDueJobs();
    expect(await invoiceRow(id)).toMatchObject({ status: "failed", failure_code: "invalid_invoice_data" });
    const list = await app.inject({ method: "GET", url: "/api/user/invoiceable/payments", headers: driver.headers });
    expect(list.json().data[0]).toMatchObject({ payment_uuid: driver.paymentId, invoice_uuid: null });
    fake.behaviour = "ok";
    const again = await post(driver.headers, "/user/invoice", {
      payment_uuid: driver.paymentId,
      tax_profile_uuid: profile.uuid,
    });
    expect(again.json().data.uuid).not.toBe(id);
  });

  it("gives up after the last attempt when the provider keeps failing, with a clear code", async () => {
    const { id } = await requested("server_error");
    await app.db.updateTable("jobs").set({ attempts: 7 }).where("status", "=", "queued").execute();
    await app.jobs.runDueJobs();
    expect(await invoiceRow(id)).toMatchObject({ status: "failed", failure_code: "invoice_not_available" });
    expect(fake.invoices.filter((invoice) => invoice.idempotency_key === id)).toHaveLength(0);
  });
});
