import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueue } from "../../src/modules/jobs/queue.ts";
import { createJobRunner } from "../../src/modules/jobs/worker.ts";
import { ABANDONED_CLAIM_SECONDS, reportAbandonedClaims } from "../../src/modules/messaging/outbox.ts";
import { type EmailMessage, type EmailProvider, ProviderError } from "../../src/modules/messaging/providers.ts";
import { JOB_VISIT_RECEIPT, registerParkingJobs } from "../../src/modules/parking/visits/settlement.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/**
 * The relay as the outside world: it records what it accepted, and can be told to refuse, to
 * stop answering, or to take its time (so two senders overlap).
 */
function recordingRelay() {
  const accepted: EmailMessage[] = [];
  let behaviour: "accept" | "refuse" | "time_out" = "accept";
  let delayMs = 0;
  const provider: EmailProvider = {
    name: "relay",
    async send(message) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (behaviour === "refuse") throw new ProviderError("relay", "450 mailbox busy", { notSent: true });
      accepted.push(message);
      // It took the message but the answer never came back.
      if (behaviour === "time_out") throw new ProviderError("relay", "no answer in time", { retryable: true });
      return { providerRef: `relay-${accepted.length}` };
    },
  };
  return {
    provider,
    accepted,
    set(next: typeof behaviour, delay = 0) {
      behaviour = next;
      delayMs = delay;
    },
  };
}

describe(`messages are sent at most once (${testEngine})`, () => {
  let app: TestApp;
  const relay = recordingRelay();
  let lot: string;
  beforeAll(async () => {
    app = await createTestApp({ providers: { email: relay.provider } });
    lot = (await createLocation(app)).id;
  });
  afterAll(async () => app.close());
  afterEach(() => {
    relay.set("accept");
    vi.useRealTimers();
  });

  /** A driver's stay paid in full; its receipt job is queued and not run yet. */
  async function paidStay() {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const visitId = await startParkedVisit(app, driver, 90, lot);
    const paid = await app.inject({
      method: "POST",
      url: `/api/user/visit/${visitId}/pay`,
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
    return { visitId, email: driver.user.email ?? "" };
  }
  const receiptsTo = (email: string) => relay.accepted.filter((message) => message.to === email);
  const claimOf = (visitId: string) =>
    app.db
      .selectFrom("message_claims")
      .selectAll()
      .where("message_key", "=", `visit_receipt:${visitId}:email`)
      .execute();
  const receiptJobs = (visitId: string) =>
    app.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", JOB_VISIT_RECEIPT)
      .where("payload", "like", `%${visitId}%`)
      .execute();

  it("sends a receipt once when its job runs twice", async () => {
    const stay = await paidStay();
    await app.jobs.runDueJobs();
    expect(receiptsTo(stay.email)).toHaveLength(1);
    // The same job again (a retry, a re-enqueue): the key is taken.
    await enqueue(app.db, JOB_VISIT_RECEIPT, { visitId: stay.visitId });
    await app.jobs.runDueJobs();
    expect(receiptsTo(stay.email)).toHaveLength(1);
    expect(await claimOf(stay.visitId)).toMatchObject([
      { status: "sent", attempts: 1, provider: "relay", provider_ref: expect.stringMatching(/^relay-/) },
    ]);
  });

  it("sends nothing more when the worker died after the send and before marking the job done", async () => {
    const stay = await paidStay();
    await app.jobs.runDueJobs();
    expect(receiptsTo(stay.email)).toHaveLength(1);
    // What a worker killed right after the relay accepted leaves: the job still `running` under a
    // dead worker's lease, the claim not yet told the outcome.
    const [job] = await receiptJobs(stay.visitId);
    await app.db
      .updateTable("jobs")
      .set({ status: "running", locked_by: "dead-worker", locked_at: new Date(Date.now() - 3600_000).toISOString() })
      .where("id", "=", job?.id ?? "")
      .execute();
    await app.db
      .updateTable("message_claims")
      .set({ status: "claimed", provider_ref: null })
      .where("message_key", "=", `visit_receipt:${stay.visitId}:email`)
      .execute();

    // Another worker takes the job over after the lease and runs it to the end: no second e-mail.
    expect(await app.jobs.runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(await receiptJobs(stay.visitId)).toMatchObject([{ status: "succeeded" }]);
    expect(receiptsTo(stay.email)).toHaveLength(1);

    // The claim whose outcome nobody recorded becomes `unknown` for the operator, never resent.
    expect(await reportAbandonedClaims(app)).toBe(0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + (ABANDONED_CLAIM_SECONDS + 1) * 1000));
    expect(await reportAbandonedClaims(app)).toBeGreaterThanOrEqual(1);
    expect(await claimOf(stay.visitId)).toMatchObject([{ status: "unknown" }]);
    const metrics = await app.metrics.registry.getSingleMetricAsString("estaciona_messages_unknown");
    expect(metrics).toMatch(/estaciona_messages_unknown [1-9]/);
    await enqueue(app.db, JOB_VISIT_RECEIPT, { visitId: stay.visitId });
    await app.jobs.runDueJobs();
    expect(receiptsTo(stay.email)).toHaveLength(1);
  });

  it("sends one receipt when two workers run the same job at once", async () => {
    const stay = await paidStay();
    // A second copy of the job, as a takeover after a lease would make one, and a slow relay so both runs overlap.
    await enqueue(app.db, JOB_VISIT_RECEIPT, { visitId: stay.visitId });
    relay.set("accept", 150);
    const workers = ["worker-1", "worker-2"].map((workerId) => {
      const worker = createJobRunner({ db: app.db, log: app.log, workerId });
      registerParkingJobs(app, worker);
      return worker;
    });
    const ran = await Promise.all(workers.map((worker) => worker.runDueJobs({ limit: 1 })));
    expect(ran).toEqual([1, 1]);
    expect(receiptsTo(stay.email)).toHaveLength(1);
    expect(await receiptJobs(stay.visitId)).toMatchObject([{ status: "succeeded" }, { status: "succeeded" }]);
    expect(await claimOf(stay.visitId)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("sends again after a refusal, never after a send without an answer", async () => {
    const refused = await paidStay();
    relay.set("refuse");
    await app.jobs.runDueJobs();
    expect(receiptsTo(refused.email)).toHaveLength(0);
    expect(await claimOf(refused.visitId)).toMatchObject([{ status: "failed", last_error: "relay: 450 mailbox busy" }]);
    relay.set("accept");
    await app.db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("status", "=", "queued").execute();
    await app.jobs.runDueJobs();
    expect(receiptsTo(refused.email)).toHaveLength(1);
    expect(await claimOf(refused.visitId)).toMatchObject([{ status: "sent", attempts: 2 }]);

    const unanswered = await paidStay();
    relay.set("time_out");
    await app.jobs.runDueJobs();
    expect(receiptsTo(unanswered.email)).toHaveLength(1);
    expect(await claimOf(unanswered.visitId)).toMatchObject([{ status: "unknown" }]);
    relay.set("accept");
    await app.db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("status", "=", "queued").execute();
    await app.jobs.runDueJobs();
    // The relay may have delivered it: at most once means it is not sent again.
    expect(receiptsTo(unanswered.email)).toHaveLength(1);
  });
});
