import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createConektaGateway } from "../../src/modules/payments/conekta.ts";
import { type ConektaFake, startConektaFake } from "../support/fakes/conekta-server.ts";
import { FAKE_PROVIDER_TIMEOUT_MS } from "../support/fakes/fake-http.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { addMexicanCard, createDriverWithProfile, faultyGateway, ledgerRowsOf } from "../support/payments-helpers.ts";

/**
 * Issue 23 item 3 through the whole ledger with the real Conekta adapter and a fake Conekta that
 * charges and then never answers (docs/decisions/0205): the order's id is never recorded, so the
 * reconciliation pages Conekta's documented order list over the attempt's window and matches our
 * metadata; the money is found, never charged twice, and the card check is given back.
 */
describe(`Conekta: a charge whose answer was lost is found by its metadata (${testEngine})`, () => {
  let app: TestApp;
  let fake: ConektaFake;
  const others = faultyGateway();

  beforeAll(async () => {
    fake = await startConektaFake();
    const conekta = createConektaGateway({
      apiBase: fake.url,
      privateKey: "key_private_test",
      publicKey: "key_public_test",
      timeoutMs: FAKE_PROVIDER_TIMEOUT_MS,
    });
    app = await createTestApp({
      env: { CARD_ADD_MAX_PER_USER_PER_DAY: "100", CARD_ADD_MAX_PER_IP_PER_HOUR: "1000" },
      providers: { payments: { mx: conekta, us: others.gateway, netpay: others.gateway } },
    });
    others.attach(app);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.behaviour.order = "paid";
  });
  afterEach(() => vi.useRealTimers());

  const travel = (seconds: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + seconds * 1000));
  };

  it("finds the order Conekta made after the create call timed out, records its id and refunds the check", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    fake.behaviour.order = "charge_then_hang";
    const saved = await addMexicanCard(app, headers, "", { token: "tok_conekta_lost" });
    expect(saved.statusCode).toBe(503);
    const [attempt] = await ledgerRowsOf(app, user.id);
    expect(attempt).toMatchObject({ status: "pending", provider_ref: null });
    fake.behaviour.order = "paid";

    travel(31);
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();

    const order = fake.orders.find((candidate) => candidate.metadata.payment_reference === attempt?.id);
    expect(order).toBeDefined();
    expect(fake.orders.filter((candidate) => candidate.metadata.payment_reference === attempt?.id)).toHaveLength(1);
    const rows = await ledgerRowsOf(app, user.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["charge", "refunded"],
      ["refund", "succeeded"],
    ]);
    expect(rows[0]?.provider_ref).toBe(order?.id);
    // Only documented lookups: the order list over a time window, then the order by its id.
    const lookups = fake.requests.filter((request) => request.method === "GET" && request.path === "/orders");
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup.query.get("search")).toBeNull();
      expect(lookup.query.get("created_at.gte")).toMatch(/^\d+$/);
    }
    expect(order?.refunds.map((refund) => refund.amount)).toEqual([1000]);
  });

  it("fails an attempt Conekta never saw only after reading the whole window", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    fake.behaviour.order = "server_error";
    const saved = await addMexicanCard(app, headers, "", { token: "tok_conekta_down" });
    expect(saved.statusCode).toBe(503);
    fake.behaviour.order = "paid";

    travel(31);
    await app.jobs.runDueJobs();

    const rows = await ledgerRowsOf(app, user.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([["charge", "failed"]]);
    expect(fake.orders.some((order) => order.metadata.payment_reference === rows[0]?.id)).toBe(false);
  });
});
