import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  registerDeviceAt,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createLocation, createPlan, createValetStand } from "../support/world.ts";

/**
 * Issue 21 item 3: 50-way pays of one stay, one valet ticket and one pass purchase, each request
 * with its own Idempotency-Key. Exactly one charge is made; every other answer is a coded 409
 * (the lock order of ARCHITECTURE.md, `inTransaction` behind it), never a 5xx. The meters' own
 * race (10 rounds of 50 same-key buys and 20 extensions) is meter-races.test.ts.
 */
const WAYS = 50;
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());

type Answer = Awaited<ReturnType<typeof app.inject>>;

const driverWithCard = async () => {
  const driver = await createDriverWithVehicle(app);
  await saveSandboxCard(app, driver.user.id);
  return driver;
};

/** Charges of one payable that took or may still take money. */
const liveCharges = (payableId: string) =>
  app.db
    .selectFrom("payments")
    .select(["id", "status"])
    .where("payable_id", "=", payableId)
    .where("kind", "=", "charge")
    .where("status", "!=", "failed")
    .execute();

/** One success, the rest coded 409s: the codes a payment in progress or a paid payable answers. */
function expectOneWinner(answers: Answer[], success: number, refusals: string[]) {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(
    statuses.filter((status) => status >= 500),
    answers.map((a) => a.body).join("\n"),
  ).toEqual([]);
  expect(statuses.filter((status) => status === success)).toHaveLength(1);
  for (const refused of answers.filter((answer) => answer.statusCode !== success)) {
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refusals, refused.body).toContain(refused.json().error);
  }
}

describe(`${WAYS}-way pays of one payable, distinct keys (${testEngine})`, () => {
  let stand: string;
  let lot: string;
  let monthlyPass: string;
  beforeAll(async () => {
    const admin = await createSignedInUser(app, { role: "admin" });
    stand = await registerDeviceAt(app, admin.headers, (await createValetStand(app)).id, "valet");
    lot = (await createLocation(app)).id;
    monthlyPass = (await createPlan(app, lot)).id;
  });

  it("a stay: one charge, the rest refused while it is paid or after", async () => {
    const driver = await driverWithCard();
    const visitId = await startParkedVisit(app, driver, 90, lot);
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        app.inject({
          method: "POST",
          url: `/api/user/visit/${visitId}/pay`,
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: {},
        }),
      ),
    );
    expectOneWinner(answers, 200, ["invalid_payment", "visit_already_paid", "action_not_available"]);
    expect(await liveCharges(visitId)).toHaveLength(1);
  }, 60_000);

  it("a valet ticket: one charge, the rest refused while it is paid or after", async () => {
    const opened = await app.inject({
      method: "POST",
      url: "/api/device/valet/ticket",
      headers: { "x-device-key": stand },
      payload: {},
    });
    const ticket = opened.json().data as { uuid: string; claim_token: string };
    const driver = await driverWithCard();
    const claimed = await app.inject({
      method: "POST",
      url: "/api/user/valet/claim",
      headers: driver.headers,
      payload: { token: ticket.claim_token },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        app.inject({
          method: "POST",
          url: `/api/user/valet/${ticket.uuid}/pay`,
          headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
          payload: { tip: 1000 },
        }),
      ),
    );
    expectOneWinner(answers, 200, ["invalid_payment", "visit_already_paid", "action_not_available"]);
    expect(await liveCharges(ticket.uuid)).toHaveLength(1);
  }, 60_000);

  it("a pass purchase: one pass, one charge — no pass charged and then refunded", async () => {
    const driver = await driverWithCard();
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        buyPass(app, driver.headers, idempotencyKey(), {
          plan_uuid: monthlyPass,
          vehicle_uuid: driver.vehicle.id,
        }),
      ),
    );
    expectOneWinner(answers, 201, ["subscription_already_active", "action_not_available", "invalid_payment"]);
    const charges = await app.db
      .selectFrom("payments")
      .select(["id", "status"])
      .where("user_id", "=", driver.user.id)
      .where("payable_type", "=", "subscription_period")
      .where("kind", "=", "charge")
      .execute();
    expect(charges.map((charge) => charge.status)).toEqual(["succeeded"]);
    const live = await app.db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", driver.user.id)
      .where("status", "not in", ["expired", "canceled"])
      .execute();
    expect(live).toEqual([{ status: "active" }]);
  }, 60_000);
});
