import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { idempotencyKey } from "../support/parking-fixtures.ts";
import { faultyGateway } from "../support/payments-helpers.ts";
import { createLocation } from "../support/world.ts";

/**
 * Issue 21 item 2: a console refund makes its own refund or is refused, on both engines — never
 * another request's refund, one audit entry per refund made (docs/decisions/0115).
 */
const provider = faultyGateway();
const app = await createTestApp({
  env: { API_IP_MAX_PER_MINUTE: "1000000" },
  providers: { payments: { mx: provider.gateway, us: provider.gateway, netpay: provider.gateway } },
});
provider.attach(app);
const operator = await createOperator(app);
const lot = await createLocation(app);
afterAll(async () => app.close());
afterEach(() => provider.reset());

const refund = (paymentId: string, payload: object, key?: string) =>
  refundCall(app, operator.headers, paymentId, payload, key);

/** The charge's refunds that were not refused by the gateway, and its audit entries. */
async function refundsAndAudit(paymentId: string) {
  const refunds = await app.db
    .selectFrom("payments")
    .selectAll()
    .where("parent_payment_id", "=", paymentId)
    .where("status", "!=", "failed")
    .execute();
  const audit = await app.db
    .selectFrom("audit_log")
    .select("after")
    .where("subject_id", "=", paymentId)
    .where("action", "=", "payment.refund")
    .execute();
  const audited = audit.map((entry) => (JSON.parse(entry.after ?? "{}") as { refund_uuid: string }).refund_uuid);
  return { refunds, audited };
}

describe(`console refunds exactly once (${testEngine})`, () => {
  it("three rounds of ten parallel mixed refunds: each 200 is a refund of its own with one audit entry", async () => {
    for (let round = 0; round < 3; round++) {
      const stay = await paidStay(app, lot.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          refund(stay.paymentId, index % 2 === 0 ? { amount: 500, reason: `Parte ${index}` } : { reason: "El resto" }),
        ),
      );
      const made = answers.filter((answer) => answer.statusCode === 200);
      for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
        if (refused.statusCode === 409) {
          expect(refused.json().error).toBe("action_not_available");
          expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        } else {
          expect(refused.statusCode, refused.body).toBe(422);
          expect(refused.json().error).toBe("invalid_refund");
        }
      }
      const { refunds, audited } = await refundsAndAudit(stay.paymentId);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(refunds).toHaveLength(made.length);
      expect(audited.sort()).toEqual(refunds.map((row) => row.id).sort());
      expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBeLessThanOrEqual(stay.amount);
      const atProvider = await app.db
        .selectFrom("sandbox_refunds")
        .select("reference")
        .where(
          "reference",
          "in",
          refunds.map((row) => row.id),
        )
        .execute();
      expect(atProvider).toHaveLength(refunds.length);
    }
  });

  it("answers invalid_refund for amounts above what is left, zero, negative, fractional or huge", async () => {
    const stay = await paidStay(app, lot.id);
    for (const amount of [stay.amount + 1, 0, -100, 12.5, 1e15, Number.MAX_SAFE_INTEGER + 2, "100"]) {
      const answer = await refund(stay.paymentId, { amount, reason: "Mal" });
      expect(answer.statusCode, `${amount}: ${answer.body}`).toBe(422);
      expect(answer.json().error).toBe("invalid_refund");
    }
    expect((await refundsAndAudit(stay.paymentId)).refunds).toEqual([]);
  });

  it("a charge still waiting for its gateway answers a coded 409 with Retry-After", async () => {
    const stay = await paidStay(app, lot.id);
    await app.db.updateTable("payments").set({ status: "pending" }).where("id", "=", stay.paymentId).execute();
    const answer = await refund(stay.paymentId, { reason: "Pronto" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe("action_not_available");
    expect(answer.headers["retry-after"]).toBeDefined();
    expect(answer.json().error_description).toMatch(/(still being confirmed|todavía se está confirmando)/);
    expect(await refundsAndAudit(stay.paymentId)).toEqual({ refunds: [], audited: [] });
  });

  it("while a refund is in flight another request is refused with Retry-After, and its key stays usable", async () => {
    const stay = await paidStay(app, lot.id);
    provider.faults.beforeRefund = true;
    const first = await refund(stay.paymentId, { amount: 500, reason: "Sin respuesta" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.lines.map((line: { status: string }) => line.status)).toEqual(["succeeded", "pending"]);
    provider.faults.beforeRefund = false;

    const key = idempotencyKey();
    const refused = await refund(stay.paymentId, { amount: 700, reason: "Otro" }, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json().error_description).toMatch(/^(Another refund of this payment|Otro reembolso de este pago)/);
    // Not kept as the key's answer: the same request later is answered afresh, not replayed.
    const again = await refund(stay.paymentId, { amount: 700, reason: "Otro" }, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    const { refunds, audited } = await refundsAndAudit(stay.paymentId);
    expect(refunds.map((row) => [row.amount, row.status])).toEqual([[500, "pending"]]);
    expect(audited).toEqual([refunds[0]?.id]);
  });

  it("the same Idempotency-Key replays its own answer only, with one audit entry", async () => {
    const stay = await paidStay(app, lot.id);
    const key = idempotencyKey();
    const first = await refund(stay.paymentId, { amount: 500, reason: "Uno" }, key);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => refund(stay.paymentId, { amount: 500, reason: "Uno" }, key)),
    );
    const second = await refund(stay.paymentId, { amount: 500, reason: "Dos" });
    expect(first.statusCode).toBe(200);
    for (const replay of replays) expect([200, 409]).toContain(replay.statusCode);
    const replayed = await refund(stay.paymentId, { amount: 500, reason: "Uno" }, key);
    expect(replayed.json()).toEqual(first.json());
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(second.json().data.refunded).toBe(1000);
    const { refunds, audited } = await refundsAndAudit(stay.paymentId);
    expect(refunds).toHaveLength(2);
    expect(audited.sort()).toEqual(refunds.map((row) => row.id).sort());
  });
});
