import { createHmac, randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacturapiIssuer } from "../../src/modules/invoicing/facturapi.ts";
import { type FacturapiFake, startFacturapiFake } from "../support/fakes/facturapi-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../support/fakes/fake-http.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/**
 * Facturapi's webhooks (docs/decisions/0208): `Facturapi-Signature` is the hex HMAC-SHA256 of the raw
 * body with the webhook's secret; an event is stored once and is only a hint: the invoice is read back
 * from Facturapi and its cancellation recorded as the follow job would.
 */
const SECRET = "whsec_facturapi_test_0123456789";
const sign = (body: string, secret = SECRET) => createHmac("sha256", secret).update(body).digest("hex");

describe(`Facturapi webhooks (${testEngine})`, () => {
  let app: TestApp;
  let fake: FacturapiFake;

  beforeAll(async () => {
    fake = await startFacturapiFake();
    const invoicing = createFacturapiIssuer({
      secretKey: "sk_test_fake",
      apiBase: `${fake.url}/v2/`,
      timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
    });
    app = await createTestApp({ env: { FACTURAPI_WEBHOOK_SECRET: SECRET }, providers: { invoicing } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/api/open/webhooks/facturapi",
      headers: { "content-type": "application/json", ...headers },
      payload: body,
    });
  const event = (type: string, invoiceId: string) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      type,
      created_at: new Date().toISOString(),
      data: { object: { id: invoiceId } },
    });

  /** An invoice of ours issued at the fake, its cancellation waiting for the receiver. */
  async function invoiceWaitingForReceiver() {
    const { user } = await createSignedInUser(app);
    const organisation = await app.db.selectFrom("organisations").select("id").executeTakeFirstOrThrow();
    const issued = await fetch(`${fake.url}/v2/invoices`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_fake", "content-type": "application/json" },
      body: JSON.stringify({ idempotency_key: randomUUID() }),
    }).then((answer) => answer.json() as Promise<{ id: string; uuid: string }>);
    fake.receiverMustAccept = true;
    await fetch(`${fake.url}/v2/invoices/${issued.id}?motive=02`, {
      method: "DELETE",
      headers: { authorization: "Bearer sk_test_fake" },
    });
    const now = new Date().toISOString();
    const id = randomUUID();
    await app.db
      .insertInto("invoices")
      .values({
        id,
        user_id: user.id,
        organisation_id: organisation.id,
        tax_profile_id: null,
        kind: "single",
        status: "issued",
        series: "WH",
        folio: randomInt(1, 2_000_000_000),
        issuer_rfc: "EDE210101A17",
        issuer_name: "ESTACIONA DEMO",
        issuer_regime: "601",
        issuer_postal_code: "64000",
        receiver_rfc: "PEPA800101AB1",
        receiver_name: "ANA PÉREZ PÉREZ",
        receiver_regime: "612",
        receiver_postal_code: "64000",
        receiver_email: "ana@example.com",
        cfdi_use: "G03",
        currency: "mxn",
        subtotal: 3602,
        tax: 576,
        total: 4178,
        provider: "facturapi",
        provider_ref: issued.id,
        cfdi_uuid: issued.uuid,
        stamped: 1,
        xml: null,
        pdf_base64: null,
        failure_code: null,
        reviewed_by: null,
        reviewed_at: null,
        review_note: null,
        issued_at: now,
        cancellation_status: "pending",
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    return { id, providerRef: issued.id };
  }

  const invoiceRow = (id: string) =>
    app.db.selectFrom("invoices").select(["status", "cancellation_status"]).where("id", "=", id).executeTakeFirst();

  it("refuses an unsigned or forged event (401, nothing stored) and stores a signed one once", async () => {
    const body = event("invoice.cancellation_status_updated", "inv_unknown");
    expect((await post(body, {})).statusCode).toBe(401);
    expect((await post(body, { "facturapi-signature": sign(body, "another-secret-entirely") })).statusCode).toBe(401);
    expect((await post(`${body} `, { "facturapi-signature": sign(body) })).statusCode).toBe(401);
    const first = await post(body, { "facturapi-signature": sign(body) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false });
    const replay = await post(body, { "facturapi-signature": sign(body) });
    expect(replay.json().data).toEqual({ received: true, duplicate: true });
    await app.jobs.runDueJobs();
    const stored = await app.db.selectFrom("provider_events").selectAll().where("provider", "=", "facturapi").execute();
    expect(stored.map((row) => [row.type, row.outcome])).toEqual([
      ["invoice.cancellation_status_updated", "unmatched"],
    ]);
  });

  it("records the receiver's acceptance read back from Facturapi, whatever the event says, and releases nothing twice", async () => {
    const invoice = await invoiceWaitingForReceiver();
    const early = event("invoice.cancellation_status_updated", invoice.providerRef);
    await post(early, { "facturapi-signature": sign(early) });
    await app.jobs.runDueJobs();
    // Facturapi still says pending: nothing moves.
    expect(await invoiceRow(invoice.id)).toEqual({ status: "issued", cancellation_status: "pending" });

    fake.settleCancellation(invoice.providerRef, "accepted");
    const late = event("invoice.status_updated", invoice.providerRef);
    await post(late, { "facturapi-signature": sign(late) });
    await app.jobs.runDueJobs();
    expect(await invoiceRow(invoice.id)).toEqual({ status: "cancelled", cancellation_status: "accepted" });
  });

  it("stores an event of a type it does not act on as ignored", async () => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: "receipt.created",
      data: { object: { id: "rec_1" } },
    });
    expect((await post(body, { "facturapi-signature": sign(body) })).statusCode).toBe(200);
    const [row] = await app.db
      .selectFrom("provider_events")
      .selectAll()
      .where("type", "=", "receipt.created")
      .execute();
    expect(row?.outcome).toBe("ignored");
  });
});
