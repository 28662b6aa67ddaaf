import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueue } from "../../src/modules/jobs/queue.ts";
import { createJobRunner, JobRetryLater } from "../../src/modules/jobs/worker.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

describe(`job queue (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());
  afterEach(() => vi.useRealTimers());

  const runner = (workerId?: string) => createJobRunner({ db: app.db, log: app.log, workerId, pollIntervalMs: 20 });
  const jobRow = (id: string) => app.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const travel = (seconds: number) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + seconds * 1000));
  };

  it("runs a due job with its payload and marks it succeeded", async () => {
    const worker = runner();
    const seen: unknown[] = [];
    worker.register("test.echo", async (payload) => {
      seen.push(payload);
    });
    const id = await enqueue(app.db, "test.echo", { plate: "ABC123", n: 1 });
    expect(await worker.runDueJobs()).toBe(1);
    expect(seen).toEqual([{ plate: "ABC123", n: 1 }]);
    expect(await jobRow(id ?? "")).toMatchObject({ status: "succeeded", attempts: 1, locked_by: null });
  });

  it("keeps one live job per dedupe key and none from a rolled-back transaction", async () => {
    const first = await enqueue(app.db, "test.dedupe", {}, { dedupeKey: "k1" });
    const second = await enqueue(app.db, "test.dedupe", {}, { dedupeKey: "k1" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await expect(
      app.db.transaction().execute(async (tx) => {
        await enqueue(tx, "test.rolled-back", {});
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const rolledBack = await app.db.selectFrom("jobs").select("id").where("kind", "=", "test.rolled-back").execute();
    expect(rolledBack).toEqual([]);
    // Once the first is done, the key is free again.
    const worker = runner();
    worker.register("test.dedupe", async () => {});
    await worker.runDueJobs();
    expect(await enqueue(app.db, "test.dedupe", {}, { dedupeKey: "k1" })).not.toBeNull();
  });

  it("retries a failing job with backoff, then gives up after max_attempts", async () => {
    const worker = runner();
    let calls = 0;
    worker.register("test.flaky", async () => {
      calls += 1;
      if (calls === 1) throw new Error("first try fails");
    });
    worker.register("test.broken", async () => {
      throw new Error("always fails");
    });
    const flaky = (await enqueue(app.db, "test.flaky", {})) ?? "";
    await worker.runDueJobs();
    const afterFirst = await jobRow(flaky);
    expect(afterFirst).toMatchObject({ status: "queued", attempts: 1, last_error: "first try fails" });
    expect(Date.parse(afterFirst.run_at)).toBeGreaterThan(Date.now() + 4000);
    expect(await worker.runDueJobs()).toBe(0);
    travel(10);
    await worker.runDueJobs();
    expect(await jobRow(flaky)).toMatchObject({ status: "succeeded", attempts: 2 });

    const broken = (await enqueue(app.db, "test.broken", {}, { maxAttempts: 2 })) ?? "";
    await worker.runDueJobs();
    travel(3600 * 2);
    await worker.runDueJobs();
    expect(await jobRow(broken)).toMatchObject({ status: "failed", attempts: 2, last_error: "always fails" });
  });

  it("does not spend an attempt when a handler asks to retry later", async () => {
    const worker = runner();
    let ready = false;
    worker.register("test.later", async () => {
      if (!ready) throw new JobRetryLater(30);
    });
    const id = (await enqueue(app.db, "test.later", {}, { maxAttempts: 1 })) ?? "";
    await worker.runDueJobs();
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 0 });
    ready = true;
    travel(31);
    await worker.runDueJobs();
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("reclaims a job left running by a dead worker once its lease is over", async () => {
    const id = (await enqueue(app.db, "test.orphan", {})) ?? "";
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await app.db
      .updateTable("jobs")
      .set({ status: "running", locked_at: longAgo, locked_by: "dead-worker", attempts: 1 })
      .where("id", "=", id)
      .execute();
    const worker = runner();
    let ran = 0;
    worker.register("test.orphan", async () => {
      ran += 1;
    });
    await worker.runDueJobs();
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("renews the lease of a job in hand, so a long job is never taken over while its worker lives", async () => {
    const id = (await enqueue(app.db, "test.long", {})) ?? "";
    // A lease of 1.5 s renewed every 0.5 s, checked at 2.5 s (past the first lease) in a 4 s job: wide
    // enough that a loaded runner's event-loop pauses do not starve a renewal, still proving it.
    const leaseSeconds = 1.5;
    const slow = createJobRunner({ db: app.db, log: app.log, workerId: "slow", leaseSeconds });
    const other = createJobRunner({ db: app.db, log: app.log, workerId: "other", leaseSeconds });
    let runs = 0;
    const handler = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 4000));
    };
    slow.register("test.long", handler);
    other.register("test.long", handler);
    const inHand = slow.runDueJobs();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await other.runDueJobs()).toBe(0);
    await inHand;
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("lets a worker that lost its lease neither finish nor fail the job another worker took over", async () => {
    const id = (await enqueue(app.db, "test.stalled", {})) ?? "";
    // A frozen process: its next lease renewal (every 10 s of a 30 s lease) never comes in time,
    // while the other worker counts a lease of 1.5 s (wide enough that its first look, right after the
    // claim, comes inside the lease even on a loaded runner).
    const stalled = createJobRunner({ db: app.db, log: app.log, workerId: "stalled", leaseSeconds: 30 });
    const successor = createJobRunner({ db: app.db, log: app.log, workerId: "successor", leaseSeconds: 1.5 });
    const effects: string[] = [];
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    const [stalledWakes, successorEnds] = [gate(), gate()];
    stalled.register("test.stalled", async () => {
      effects.push("stalled");
      await stalledWakes.opened;
      throw new Error("woke up after its lease");
    });
    successor.register("test.stalled", async () => {
      effects.push("successor");
      await successorEnds.opened;
    });
    const stalledRun = stalled.runDueJobs({ limit: 1 });
    while (effects.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await successor.runDueJobs()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const successorRun = successor.runDueJobs({ limit: 1 });
    while (effects.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    // The stalled worker wakes while the successor holds the job: its failure must not requeue it.
    stalledWakes.open();
    await stalledRun;
    expect(await jobRow(id)).toMatchObject({ status: "running", locked_by: "successor", attempts: 2 });
    successorEnds.open();
    expect(await successorRun).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 2, locked_by: null, last_error: null });
    expect(effects).toEqual(["stalled", "successor"]);
  });

  it("never runs one job twice with several workers at once", async () => {
    const runs = new Map<string, number>();
    const workers = Array.from({ length: 5 }, (_, index) => runner(`worker-${index}`));
    for (const worker of workers)
      worker.register("test.count", async (payload) => {
        const { n } = payload as { n: number };
        runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
    for (let n = 0; n < 60; n += 1) await enqueue(app.db, "test.count", { n });
    const counts = await Promise.all(workers.map((worker) => worker.runDueJobs()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    if (testEngine === "postgres") expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1);
    const left = await app.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "test.count")
      .where("status", "!=", "succeeded")
      .execute();
    expect(left).toEqual([]);
  });

  it("polls when started and stops cleanly", async () => {
    const worker = runner();
    let done = false;
    worker.register("test.polled", async () => {
      done = true;
    });
    worker.start();
    await enqueue(app.db, "test.polled", {});
    const deadline = Date.now() + 15_000;
    while (!done && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(done).toBe(true);
  });
});
