import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { PROVIDER_CAPS } from "../../src/config.ts";
import { createTestApp, testEngine, testPhone } from "../support/helpers.ts";
import { createDriverWithProfile, sandboxToken } from "../support/payments-helpers.ts";

/**
 * The abuse caps hold under parallel floods on both engines (docs/decisions/0013): each check and
 * the write it guards run under one lock per IP, user or phone, so the number accepted is the cap
 * exactly, never the cap plus the requests in flight. The caps are the production defaults (PROVIDER_CAPS).
 */

const SIGN_IN_IP_CAP = PROVIDER_CAPS.signInPerIpPerHour;
const CARDS_PER_USER_PER_DAY = PROVIDER_CAPS.cardAddPerUserPerDay;
const CARDS_PER_IP_PER_HOUR = PROVIDER_CAPS.cardAddPerIpPerHour;

// The sandboxes this suite runs on are uncapped by default (decision 0080): the production caps are set.
const app = await createTestApp({
  env: {
    SIGN_IN_IP_MAX_PER_HOUR: String(SIGN_IN_IP_CAP),
    CARD_ADD_MAX_PER_USER_PER_DAY: String(CARDS_PER_USER_PER_DAY),
    CARD_ADD_MAX_PER_IP_PER_HOUR: String(CARDS_PER_IP_PER_HOUR),
  },
});
afterAll(async () => app.close());

/** How many answers had each status: `{ 200: 30, 429: 30 }`. */
function countBy(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const sendCode = (phone: string, remoteAddress: string) =>
  app.inject({ method: "POST", url: "/api/open/user", payload: { phone_number: phone }, remoteAddress });

const addCard = (headers: Record<string, string>, token: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/user/payment/method",
    headers: { ...headers, "idempotency-key": randomUUID() },
    payload: { token },
    remoteAddress,
  });

describe(`caps under parallel floods (${testEngine})`, () => {
  it(`60 parallel sign-in sends from one IP: exactly ${SIGN_IN_IP_CAP} accepted`, async () => {
    const ip = "198.51.100.60";
    const answers = await Promise.all(Array.from({ length: 60 }, () => sendCode(testPhone(), ip)));
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({
      200: SIGN_IN_IP_CAP,
      429: 60 - SIGN_IN_IP_CAP,
    });
    const codes = await app.db.selectFrom("login_codes").select("id").where("ip", "=", ip).execute();
    expect(codes).toHaveLength(SIGN_IN_IP_CAP);
  });

  it("20 parallel sign-in sends for one phone from 20 IPs: exactly one code", async () => {
    const phone = testPhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => sendCode(phone, `198.51.101.${index + 1}`)),
    );
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({ 200: 1, 429: 19 });
    const codes = await app.db.selectFrom("login_codes").select("id").where("phone", "=", phone).execute();
    expect(codes).toHaveLength(1);
  });

  it(`20 parallel add-card attempts by one driver: exactly ${CARDS_PER_USER_PER_DAY} accepted`, async () => {
    const driver = await createDriverWithProfile(app);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => sandboxToken(app, "4242424242424242")));
    const answers = await Promise.all(
      tokens.map((token, index) => addCard(driver.headers, token, `198.51.102.${index + 1}`)),
    );
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({
      201: CARDS_PER_USER_PER_DAY,
      429: 20 - CARDS_PER_USER_PER_DAY,
    });
    const cards = await app.db
      .selectFrom("payment_methods")
      .select("id")
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(cards).toHaveLength(CARDS_PER_USER_PER_DAY);
  });

  it(`20 parallel add-card attempts by 20 drivers from one IP: exactly ${CARDS_PER_IP_PER_HOUR} accepted`, async () => {
    const ip = "198.51.103.1";
    const drivers = await Promise.all(Array.from({ length: 20 }, () => createDriverWithProfile(app)));
    const tokens = await Promise.all(drivers.map(() => sandboxToken(app, "5555555555554444")));
    const answers = await Promise.all(drivers.map((driver, index) => addCard(driver.headers, tokens[index] ?? "", ip)));
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({
      201: CARDS_PER_IP_PER_HOUR,
      429: 20 - CARDS_PER_IP_PER_HOUR,
    });
    const attempts = await app.db.selectFrom("card_attempts").select("id").where("ip", "=", ip).execute();
    expect(attempts).toHaveLength(CARDS_PER_IP_PER_HOUR);
  });
});
