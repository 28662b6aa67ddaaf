import { randomUUID } from "node:crypto";
import { feeBreakdown } from "@estaciona/contracts";
import { meterPurchaseSubtotal } from "@estaciona/contracts/meters";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { addMexicanCard, createDriverWithProfile } from "../support/payments-helpers.ts";
import { createEvent, createMeterZone, createVenue, fixedPrice } from "../support/world.ts";

/**
 * Issue 21 item 3, the paths docs/decisions/0185 put in the lock order: a meter purchase takes
 * the driver's row first (level 0), an event visit's settlement locks its event and visit before
 * the payment, a card verification's settlement locks the driver's row and the card before the
 * payment. 50-way races with distinct Idempotency-Keys: no 5xx, each payable charged once.
 */
const WAYS = 50;
const MX_RATES = { taxRateBp: 1600, convenienceRateBp: 0, convenienceFixed: 500, cardRateBp: 290, cardFixed: 0 };
const MX_RULES = { ratePerHour: 1200, minMinutes: 15, maxMinutes: 120, timeZone: "America/Monterrey" };
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));
const MINUTE = 60_000;

const app = await createTestApp({
  env: {
    API_IP_MAX_PER_MINUTE: "1000000",
    CARD_ADD_MAX_PER_USER_PER_DAY: "1000",
    CARD_ADD_MAX_PER_IP_PER_HOUR: "1000",
  },
});
afterAll(async () => app.close());
/** Charged around the clock at $12.00 an hour, 15–120 minutes (MX_RULES). */
const zone = await createMeterZone(app);
/** An $80 event, its price fixed: the purchase names no amount. */
const event = await createEvent(app, (await createVenue(app)).id, fixedPrice(8000));

type Answer = Awaited<ReturnType<typeof app.inject>>;
const noServerErrors = (answers: Answer[]) =>
  expect(
    answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body),
    "no 5xx",
  ).toEqual([]);
/** Every refusal is coded (an error of the catalogue), never a bare failure. */
const codedRefusals = (answers: Answer[], ok: number[]) => {
  for (const answer of answers.filter((a) => !ok.includes(a.statusCode))) {
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.json().error, answer.body).toMatch(/^[a-z_]+$/);
  }
};

describe(`the lock order under ${WAYS}-way races, distinct keys (${testEngine})`, () => {
  it("meter time bought 50 times at once for one plate: one session, each paid purchase charged once", async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const now = Date.now();
    const total = feeBreakdown(meterPurchaseSubtotal({ ...MX_RULES, hours: ALWAYS }, now, now, 30), MX_RATES).total;
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        app.inject({
          method: "POST",
          url: "/api/user/meter-session",
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { zone_uuid: zone.location.id, vehicle_uuid: driver.vehicle.id, minutes: 30, expected_total: total },
        }),
      ),
    );
    noServerErrors(answers);
    // A later buy for the running session extends it (its price then differs: 409 price changed), or
    // is refused while another is paid (409), or past the zone's maximum stay (422).
    codedRefusals(answers, [201]);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    const sessions = await app.db
      .selectFrom("meter_sessions")
      .selectAll()
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    const paid = await app.db
      .selectFrom("meter_purchases")
      .selectAll()
      .where("user_id", "=", driver.user.id)
      .where("status", "=", "paid")
      .execute();
    const charges = await app.db
      .selectFrom("payments")
      .select(["payable_id", "status"])
      .where("user_id", "=", driver.user.id)
      .where("payable_type", "=", "meter_purchase")
      .where("status", "!=", "failed")
      .execute();
    expect(charges.map((charge) => charge.status).every((status) => status === "succeeded")).toBe(true);
    expect(charges.map((charge) => charge.payable_id).sort()).toEqual(paid.map((purchase) => purchase.id).sort());
    const minutes = paid.reduce((sum, purchase) => sum + purchase.minutes, 0);
    const session = sessions[0];
    expect(Date.parse(session?.ends_at ?? "") - Date.parse(session?.started_at ?? "")).toBe(minutes * MINUTE);
  }, 60_000);

  it("an event pass bought 50 times at once for one car: one pass, one charge", async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        app.inject({
          method: "POST",
          url: `/api/user/event/${event.id}/purchase`,
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { vehicle_uuid: driver.vehicle.id },
        }),
      ),
    );
    noServerErrors(answers);
    const won = answers.filter((answer) => answer.statusCode < 300);
    expect(won, answers.map((a) => a.body).join("\n")).toHaveLength(1);
    codedRefusals(answers, [won[0]?.statusCode ?? 0]);
    const visits = await app.db
      .selectFrom("event_visits")
      .select(["id", "status"])
      .where("user_id", "=", driver.user.id)
      .where("status", "!=", "pending_payment")
      .execute();
    expect(visits.map((visit) => visit.status)).toEqual(["inactive"]);
    const charges = await app.db
      .selectFrom("payments")
      .select("status")
      .where("user_id", "=", driver.user.id)
      .where("kind", "=", "charge")
      .where("payable_type", "=", "event_visit")
      .where("status", "!=", "failed")
      .execute();
    expect(charges).toEqual([{ status: "succeeded" }]);
  }, 60_000);

  it("20 cards saved at once by one driver: each verified once, one default", async () => {
    const driver = await createDriverWithProfile(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        addMexicanCard(app, driver.headers, "4242424242424242", {
          key: randomUUID(),
          remoteAddress: `10.9.${index}.1`,
        }),
      ),
    );
    noServerErrors(answers);
    codedRefusals(answers, [200, 201]);
    const cards = await app.db
      .selectFrom("payment_methods")
      .select(["id", "is_default", "verified_at"])
      .where("user_id", "=", driver.user.id)
      .where("deleted_at", "is", null)
      .execute();
    const verified = cards.filter((card) => card.verified_at !== null);
    expect(verified.length).toBe(answers.filter((answer) => answer.statusCode < 300).length);
    expect(cards.filter((card) => card.is_default === 1)).toHaveLength(1);
    const verifications = await app.db
      .selectFrom("payments")
      .select(["payable_id"])
      .where("user_id", "=", driver.user.id)
      .where("purpose", "=", "card_verification")
      .where("kind", "=", "charge")
      .where("status", "in", ["succeeded", "refunded"])
      .execute();
    expect(verifications.map((charge) => charge.payable_id).sort()).toEqual(verified.map((card) => card.id).sort());
  }, 60_000);
});
