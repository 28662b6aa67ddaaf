import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { isoBefore, nowIso } from "../../src/lib/time.ts";
import { createJobRunner } from "../../src/modules/jobs/worker.ts";
import type { PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/**
 * What an operations team watches (issue 25 item 3, docs/operations.md#alerts): provider calls
 * measured once at the boundary, unsettled money by age, retrying and dead jobs, the worker's
 * heartbeat, and alert rules that name only metrics the processes export and each have a runbook.
 */
const root = path.resolve(import.meta.dirname, "../../../..");
const rules = parse(readFileSync(path.join(root, "deploy/prometheus/alerts.yml"), "utf8")) as {
  groups: { rules: { alert: string; expr: string; annotations: { runbook: string } }[] }[];
};
const alerts = rules.groups.flatMap((group) => group.rules);
const operations = readFileSync(path.join(root, "docs/operations.md"), "utf8");

describe(`metrics and alerts (${testEngine})`, () => {
  let app: TestApp;
  let declines = false;
  beforeAll(async () => {
    // A gateway that declines or does not answer: two of the three outcomes (the SMS sandbox gives the third).
    const unused = async (): Promise<never> => {
      throw new Error("not used here");
    };
    const gateway: PaymentGateway = {
      name: "conekta",
      cardFormConfig: () => ({ provider: "conekta", publicKey: null, scriptUrl: null, frameUrl: null }),
      saveCard: unused,
      deleteCard: unused,
      refund: unused,
      findCharge: unused,
      findRefund: unused,
      charge: async (request) => {
        if (declines) return { status: "declined", providerRef: null, reason: "card_declined" };
        throw new Error(`no answer for ${request.reference}`);
      },
    };
    app = await createTestApp({ providers: { payments: { mx: gateway, us: gateway, netpay: gateway } } });
  });
  afterAll(async () => app.close());

  const scrape = () => app.metrics.registry.metrics();

  it("times every provider call by kind, provider, operation and outcome", async () => {
    const charge = {
      reference: "r",
      amount: 100,
      currency: "mxn" as const,
      customerRef: "c",
      cardRef: "k",
      description: "d",
    };
    await expect(app.providers.payments.mx.charge(charge)).rejects.toThrow("no answer");
    declines = true;
    await expect(app.providers.payments.mx.charge(charge)).resolves.toMatchObject({ status: "declined" });
    await app.providers.sms.send({ to: "+525512345678", body: "hola", channel: "sms" });
    const text = await scrape();
    const count = (labels: string) =>
      Number(new RegExp(`estaciona_provider_call_duration_seconds_count\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
    expect(count('kind="payments",provider="conekta",operation="charge",outcome="error"')).toBe(1);
    expect(count('kind="payments",provider="conekta",operation="charge",outcome="refused"')).toBe(1);
    expect(count('kind="sms",provider="sandbox",operation="send",outcome="ok"')).toBe(1);
    // Plain properties pass through untouched.
    expect(app.providers.payments.mx.name).toBe("conekta");
    expect(app.providers.payments.mx.cardFormConfig().provider).toBe("conekta");
  });

  it("counts unsettled charges and refunds by age, and retrying and dead jobs by kind", async () => {
    const { user } = await createSignedInUser(app);
    const payment = (id: string, kind: "charge" | "refund", ageSeconds: number) => ({
      id,
      user_id: user.id,
      purpose: "visit",
      payable_type: "visit" as const,
      payable_id: id,
      location_id: null,
      organisation_id: null,
      vehicle_id: null,
      kind,
      parent_payment_id: null,
      gateway: "sandbox",
      payment_method_id: null,
      rail: "card" as const,
      currency: "mxn" as const,
      subtotal: 100,
      convenience_fee: 0,
      processing_fee: 0,
      tax: 0,
      amount: 100,
      status: "pending" as const,
      provider_ref: null,
      action_url: null,
      failure_code: null,
      idempotency_key: null,
      description: "test",
      created_at: isoBefore(ageSeconds),
      updated_at: nowIso(),
    });
    await app.db
      .insertInto("payments")
      .values([
        payment("00000000-0000-4000-8000-0000000000a1", "charge", 30),
        payment("00000000-0000-4000-8000-0000000000a2", "charge", 600),
        payment("00000000-0000-4000-8000-0000000000a3", "charge", 90_000),
      ])
      .execute();
    const job = (id: string, status: "queued" | "failed", lastError: string | null) => ({
      id,
      kind: "test.metrics",
      payload: "{}",
      run_at: nowIso(),
      status,
      attempts: 3,
      max_attempts: 10,
      last_error: lastError,
      locked_at: null,
      locked_by: null,
      dedupe_key: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await app.db
      .insertInto("jobs")
      .values([
        job("00000000-0000-4000-8000-0000000000b1", "queued", "boom"),
        job("00000000-0000-4000-8000-0000000000b2", "failed", "boom"),
        job("00000000-0000-4000-8000-0000000000b3", "failed", "boom"),
      ])
      .execute();
    const text = await scrape();
    const value = (line: string) => Number(new RegExp(`^${line.replace(/[{}]/g, "\\$&")} (\\d+)`, "m").exec(text)?.[1]);
    expect(value('estaciona_payments_unsettled{kind="charge",status="pending",age="under_5m"}')).toBe(1);
    expect(value('estaciona_payments_unsettled{kind="charge",status="pending",age="5m_to_1h"}')).toBe(1);
    expect(value('estaciona_payments_unsettled{kind="charge",status="pending",age="over_24h"}')).toBe(1);
    expect(value('estaciona_payments_unsettled{kind="refund",status="pending",age="1h_to_24h"}')).toBe(0);
    expect(value('estaciona_jobs_retrying{kind="test.metrics"}')).toBe(1);
    expect(value('estaciona_jobs_dead{kind="test.metrics"}')).toBe(2);
    // An API process runs no job loop: it reports no heartbeat, so the rules see only workers'.
    expect(text).not.toMatch(/^estaciona_worker_heartbeat_age_seconds /m);
  });

  it("beats the worker loop's heartbeat while it runs, and not once it stopped", async () => {
    const runner = createJobRunner({ db: app.db, log: app.log, pollIntervalMs: 20 });
    expect(runner.heartbeatAgeSeconds()).toBeNull();
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runner.heartbeatAgeSeconds()).toBeLessThan(1);
    await runner.stop();
    expect(runner.heartbeatAgeSeconds()).toBeNull();
  });

  it("ships alert rules on exported metrics, each with a runbook entry", async () => {
    const text = await scrape();
    const exported = new Set([...text.matchAll(/^# TYPE (\w+) (\w+)/gm)].map(([, name]) => name));
    exported.add("estaciona_worker_heartbeat_age_seconds");
    expect(alerts.length).toBeGreaterThan(5);
    for (const alert of alerts) {
      expect(alert.annotations.runbook).toBe(`docs/operations.md#${alert.alert.toLowerCase()}`);
      expect(operations, `a runbook entry for ${alert.alert}`).toMatch(new RegExp(`^#### ${alert.alert}$`, "m"));
      for (const [metric] of alert.expr.matchAll(/estaciona_\w+/g)) {
        const base = metric.replace(/_(bucket|count|sum)$/, "");
        expect(exported, `${alert.alert} reads ${metric}`).toContain(base);
      }
    }
  });

  // Debian's `prometheus` package brings promtool; without it the rules' own tests cannot run here.
  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  it.runIf(promtool)("passes the rules' own tests (promtool test rules)", () => {
    const output = execFileSync("promtool", ["test", "rules", "deploy/prometheus/alerts.test.yml"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(output).toContain("SUCCESS");
  });
});
