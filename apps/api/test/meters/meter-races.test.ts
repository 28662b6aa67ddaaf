import { feeBreakdown } from "@estaciona/contracts";
import { meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { createMeterZone } from "../support/world.ts";

/**
 * Issue 21 item 3: the meter race that met a PostgreSQL deadlock in the purchase's settlement
 * (50 same-key buys, then 20 parallel 5-minute extensions of the session), ten times over: every
 * answer is a success or a coded refusal, never a 5xx, and the session is paid for exactly what
 * its paid purchases bought (the lock order of ARCHITECTURE.md, `inTransaction` behind it).
 */
const MX_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };
const MX_RULES = { ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, timeZone: "America/Monterrey" };
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));
const MINUTE = 60_000;
const ROUNDS = 10;
const priceOf = (startedAt: number, paidUntil: number, minutes: number) =>
  feeBreakdown(meterPurchaseSubtotal({ ...MX_RULES, hours: ALWAYS }, startedAt, paidUntil, minutes), MX_RATES).total;

const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
/** A Monterrey zone charged around the clock at $12.00 an hour, 15–120 minutes (MX_RULES). */
const zone = await createMeterZone(app);
afterAll(async () => app.close());

describe(`meter purchases under races (${testEngine})`, () => {
  it(`${ROUNDS} rounds of 50 same-key buys and 20 parallel extensions: no 5xx, paid time = paid purchases`, async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const driver = await createDriverWithVehicle(app);
      await saveSandboxCard(app, driver.user.id);
      const key = idempotencyKey();
      const now = Date.now();
      const buys = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({
            method: "POST",
            url: "/api/user/meter-session",
            headers: { ...driver.headers, "idempotency-key": key },
            payload: {
              zone_uuid: zone.location.id,
              vehicle_uuid: driver.vehicle.id,
              minutes: 30,
              expected_total: priceOf(now, now, 30),
            },
          }),
        ),
      );
      statuses.push(...buys.map((answer) => answer.statusCode));
      const bought = buys.find((answer) => answer.statusCode === 201);
      expect(bought, buys.map((answer) => answer.body).join("\n")).toBeDefined();
      const session = bought?.json().data.session as { uuid: string; started_at: string; ends_at: string };
      const started = Date.parse(session.started_at);
      const extensions = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({
            method: "POST",
            url: `/api/user/meter-session/${session.uuid}/extend`,
            headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
            payload: { minutes: 5, expected_total: priceOf(started, Date.parse(session.ends_at), 5) },
          }),
        ),
      );
      statuses.push(...extensions.map((answer) => answer.statusCode));
      // Extended, refused while another extension is paid (409), or past the zone's maximum stay (422).
      for (const answer of extensions) expect([200, 409, 422], answer.body).toContain(answer.statusCode);

      const charges = await app.db
        .selectFrom("payments")
        .selectAll()
        .where("user_id", "=", driver.user.id)
        .where("payable_type", "=", "meter_purchase")
        .where("status", "=", "succeeded")
        .execute();
      const paid = await app.db
        .selectFrom("meter_purchases")
        .selectAll()
        .where("session_id", "=", session.uuid)
        .where("status", "=", "paid")
        .execute();
      const sessions = await app.db
        .selectFrom("meter_sessions")
        .selectAll()
        .where("user_id", "=", driver.user.id)
        .execute();
      expect(sessions).toHaveLength(1);
      expect(charges).toHaveLength(paid.length);
      const minutes = paid.reduce((sum, purchase) => sum + purchase.minutes, 0);
      expect(Date.parse(sessions[0]?.ends_at ?? "") - started).toBe(minutes * MINUTE);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 120_000); // 700 requests: 18–31 s on PostgreSQL on a loaded machine, past vitest's default 30 s
});
