import { randomUUID } from "node:crypto";
import { signHmacWebhook } from "../../src/modules/payments/sandbox/webhooks.ts";
import type { TestApp } from "./helpers.ts";
import { idempotencyKey } from "./parking-fixtures.ts";

/**
 * The calls of a payment by reference (OXXO, SPEI; docs/decisions/0280, 0314) as a test drives them:
 * the sandbox's "simulate the payment" action, its signed webhook, the jobs run to the end, and a
 * day's wait to the reference's expiry.
 */
export function referenceCalls(app: TestApp) {
  const drainJobs = async () => {
    while ((await app.jobs.runDueJobs()) > 0);
  };
  return {
    drainJobs,
    /** The sandbox's payment of a reference (body: `amount` for a wrong one, `late` for a transfer landing after the expiry). */
    pay: (sandboxUrl: string, body: Record<string, unknown> = {}) =>
      app.inject({ method: "POST", url: `${sandboxUrl}/pay?lang=en`, payload: body }),
    /** The driver's balance (the first one) and its movements. */
    async balanceOf(userId: string) {
      const balance = await app.db.selectFrom("balances").selectAll().where("user_id", "=", userId).executeTakeFirst();
      const movements = balance
        ? await app.db.selectFrom("balance_movements").selectAll().where("balance_id", "=", balance.id).execute()
        : [];
      return { amount: balance?.amount ?? 0, movements };
    },
    /** An event place asked for by reference (decision 0314): the purchase's answer. */
    buyEventPlace: (
      driver: { headers: Record<string, string>; vehicle: { id: string } },
      eventId: string,
      rail: "oxxo" | "spei",
    ) =>
      app.inject({
        method: "POST",
        url: `/api/user/event/${eventId}/purchase`,
        headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
        payload: { vehicle_uuid: driver.vehicle.id, reference_rail: rail },
      }),
    /** The stored rows of one webhook event (its body as posted): what the job made of it. */
    storedEvents: (body: string) =>
      app.db
        .selectFrom("provider_events")
        .select(["outcome", "payment_id"])
        .where("event_id", "=", JSON.parse(body).id)
        .execute(),
    chargeOf: (paymentId: string) =>
      app.db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow(),
    sandboxEvent: (reference: string, chargeId: string, id = `evt_${randomUUID()}`) =>
      JSON.stringify({
        id,
        type: "charge.succeeded",
        created_at: new Date().toISOString(),
        data: { charge_id: chargeId, reference },
      }),
    postWebhook: (body: string) =>
      app.inject({
        method: "POST",
        url: "/api/open/webhooks/sandbox",
        headers: {
          "content-type": "application/json",
          "webhook-signature": signHmacWebhook(app.config.payments.webhooks.sandboxSecret, body),
        },
        payload: body,
      }),
    /** The reference's charge made older and its expiry passed, as a day's wait would; its lookup due now. */
    async letExpire(paymentId: string) {
      const past = new Date(Date.now() - 60_000).toISOString();
      await app.db
        .updateTable("sandbox_references")
        .set({ expires_at: past })
        .where("reference", "=", paymentId)
        .execute();
      await app.db
        .updateTable("payments")
        .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where("id", "=", paymentId)
        .execute();
      await app.db
        .updateTable("jobs")
        .set({ run_at: past })
        .where("dedupe_key", "=", `reconcile:${paymentId}`)
        .execute();
      await drainJobs();
    },
  };
}
