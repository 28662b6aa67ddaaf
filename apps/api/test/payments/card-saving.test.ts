import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_CAPS } from "../../src/config.ts";
import { todayIn } from "../../src/lib/time.ts";
import { cardCallsApp } from "../support/card-calls-app.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  addMexicanCard,
  createDriverWithProfile,
  findCardLikeValues,
  looksLikeCardNumber,
  sandboxToken,
} from "../support/payments-helpers.ts";

/** Saving a card: the verification charge, 3-D Secure, the default card, removal rules, replays and caps. */
describe(`card calls (${testEngine})`, () => {
  const cards = cardCallsApp();
  const { paymentsOf, verificationsCounted } = cards;
  let app: TestApp;
  beforeAll(() => {
    app = cards.opened();
  });

  it("refuses a card before the profile has names and an e-mail", async () => {
    const { headers } = await createSignedInUser(app, { first_name: "Ana", last_name: null, email: null });
    const response = await addMexicanCard(app, headers, "4242424242424242");
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe("missing_email");
  });

  it("saves an approved card: default, flag set, 10 MXN verification charged then refunded by the worker", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const countedBefore = await verificationsCounted("succeeded");
    const response = await addMexicanCard(app, headers, "4242424242424242");
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.verification.status).toBe("succeeded");
    expect(await verificationsCounted("succeeded")).toBe(countedBefore + 1);
    expect(data.payment_method).toMatchObject({
      card_number: "•••• 4242",
      brand: "visa",
      is_default: true,
      country: "mx",
      free_flow: false,
    });
    expect(data.payment_method.expiration).toMatch(/^12\/\d{2}$/);
    const profile = await app.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.payment_methods_mx).toBe(1);

    const [charge] = await paymentsOf(user.id);
    expect(charge).toMatchObject({ purpose: "card_verification", amount: 1000, currency: "mxn", status: "succeeded" });

    await app.jobs.runDueJobs();
    const after = await paymentsOf(user.id);
    expect(after.map((row) => [row.kind, row.status, row.amount])).toEqual([
      ["charge", "refunded", 1000],
      ["refund", "succeeded", 1000],
    ]);
    const sandboxRefunds = await app.db
      .selectFrom("sandbox_refunds")
      .selectAll()
      .where("charge_id", "=", charge?.provider_ref ?? "")
      .execute();
    expect(sandboxRefunds).toHaveLength(1);
  });

  it("activates freeflow the day the driver's first freeflow card is saved (Mexico City date), once", async () => {
    const today = todayIn("America/Mexico_City");
    const activationOf = async (userId: string) =>
      (
        await app.db
          .selectFrom("users")
          .select("free_flow_activation")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow()
      ).free_flow_activation;

    const plain = await createDriverWithProfile(app);
    expect((await addMexicanCard(app, plain.headers, "4242424242424242")).statusCode).toBe(201);
    expect(await activationOf(plain.user.id)).toBeNull();

    const declined = await createDriverWithProfile(app);
    const refused = await addMexicanCard(app, declined.headers, "4000000000000002", { freeFlow: true });
    expect(refused.statusCode).toBe(402);
    expect(await activationOf(declined.user.id)).toBeNull();

    const driver = await createDriverWithProfile(app);
    const saved = await addMexicanCard(app, driver.headers, "4242424242424242", { freeFlow: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.payment_method.free_flow).toBe(true);
    expect(await activationOf(driver.user.id)).toBe(today);
    const view = await app.inject({ method: "GET", url: "/api/user/view", headers: driver.headers });
    expect(view.json().data.free_flow_activation).toBe(today);

    // The first activation stays: a later freeflow card does not move it.
    await app.db
      .updateTable("users")
      .set({ free_flow_activation: "2026-01-15" })
      .where("id", "=", driver.user.id)
      .execute();
    const another = await addMexicanCard(app, driver.headers, "5555555555554444", { freeFlow: true });
    expect(another.statusCode).toBe(201);
    expect(await activationOf(driver.user.id)).toBe("2026-01-15");
  });

  it.each([
    ["4000000000000002", "invalid_verification_payment"],
    ["4000000000000069", "card_expired"],
    ["4000000000000127", "cvc_invalid"],
  ])("maps the sandbox card %s to %s and keeps nothing usable", async (number, code) => {
    const { headers, user } = await createDriverWithProfile(app);
    const countedBefore = await verificationsCounted("failed");
    const response = await addMexicanCard(app, headers, number);
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().error).toBe(code);
    expect(await verificationsCounted("failed")).toBe(countedBefore + 1);
    const list = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers });
    expect(list.json().data).toEqual([]);
    const [charge] = await paymentsOf(user.id);
    expect(charge).toMatchObject({ status: "failed", failure_code: code });
    const profile = await app.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.payment_methods_mx).toBe(0);
  });

  it("treats any past expiry as an expired card", async () => {
    const { headers } = await createDriverWithProfile(app);
    const response = await addMexicanCard(app, headers, "4242424242424242", { expYear: "20" });
    expect(response.json().error).toBe("card_expired");
  });

  it("refuses a used token as invalid_payment_method", async () => {
    const { headers } = await createDriverWithProfile(app);
    const token = await sandboxToken(app, "5555555555554444");
    expect((await addMexicanCard(app, headers, "", { token })).statusCode).toBe(201);
    const again = await addMexicanCard(app, headers, "", { token });
    expect(again.statusCode).toBe(402);
    expect(again.json().error).toBe("invalid_payment_method");
  });

  it("runs a 3-D Secure challenge: redirect, approve, return to /3ds, complete", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const response = await addMexicanCard(app, headers, "4000000000003220");
    expect(response.statusCode, response.body).toBe(201);
    const { verification, payment_method } = response.json().data;
    expect(payment_method).toBeNull();
    expect(verification.status).toBe("requires_action");
    expect(verification.redirect_url).toMatch(/^\/sandbox\/3ds\/ch_/);

    const page = await app.inject({ method: "GET", url: `${verification.redirect_url}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Approve");
    expect(page.body).toContain("10.00 MXN");

    const approve = await app.inject({ method: "POST", url: `${verification.redirect_url}/approve` });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`http://localhost:8080/3ds?payment=${verification.payment}&status=succeeded`);

    const complete = await app.inject({
      method: "POST",
      url: "/api/user/payment/3ds/complete",
      headers,
      payload: { payment: verification.payment },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().data).toMatchObject({ status: "succeeded", purpose: "card_verification" });
    const list = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers });
    expect(list.json().data).toHaveLength(1);
    const profile = await app.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.payment_methods_mx).toBe(1);
  });

  it("sends the driver back from the bank to the host they came from, never to an unknown one", async () => {
    const approvedReturn = async (host: string) => {
      const { headers } = await createDriverWithProfile(app);
      const { verification } = (await addMexicanCard(app, headers, "4000000000003220", { host })).json().data;
      const approve = await app.inject({ method: "POST", url: `${verification.redirect_url}/approve` });
      return { location: approve.headers.location, payment: verification.payment as string };
    };
    const isisa = await approvedReturn("isisa.localhost:8080");
    expect(isisa.location).toBe(`http://isisa.localhost:8080/3ds?payment=${isisa.payment}&status=succeeded`);
    const us = await approvedReturn("US.localhost");
    expect(us.location).toBe(`http://us.localhost/3ds?payment=${us.payment}&status=succeeded`);
    // A Host that is none of ours (sent by anyone) does not choose where the bank sends a driver.
    const stranger = await approvedReturn("bank-login.example:8080");
    expect(stranger.location).toBe(`http://localhost:8080/3ds?payment=${stranger.payment}&status=succeeded`);
  });

  it("a failed 3-D Secure challenge ends in invalid_verification_payment", async () => {
    const { headers } = await createDriverWithProfile(app);
    const response = await addMexicanCard(app, headers, "4000000000003220");
    const { verification } = response.json().data;
    await app.inject({ method: "POST", url: `${verification.redirect_url}/fail` });
    const complete = await app.inject({
      method: "POST",
      url: "/api/user/payment/3ds/complete",
      headers,
      payload: { payment: verification.payment },
    });
    expect(complete.statusCode).toBe(402);
    expect(complete.json().error).toBe("invalid_verification_payment");
    const list = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers });
    expect(list.json().data).toEqual([]);
  });

  it("saves a US card through the NMI-shaped call with a 1 USD verification", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const token = await sandboxToken(app, "378282246310005");
    const response = await app.inject({
      method: "POST",
      url: "/api/user/nmi/payment/method",
      headers: { ...headers, "idempotency-key": randomUUID() },
      payload: {
        payment_token: token,
        first_name: "Ann",
        last_name: "Lee",
        zip_code: "78701",
        brand: "amex",
        lastFourDigits: "0005",
        type: "credit",
        expMonth: "12",
        expYear: "30",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.payment_method).toMatchObject({ brand: "amex", country: "us", is_default: true });
    const [charge] = await paymentsOf(user.id);
    expect(charge).toMatchObject({ amount: 100, currency: "usd" });
    const profile = await app.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect([profile.payment_methods_us, profile.payment_methods_mx]).toEqual([1, 0]);
  });

  it("lists, switches the default and applies the removal rules", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const first = (await addMexicanCard(app, headers, "4242424242424242")).json().data.payment_method;
    const second = (await addMexicanCard(app, headers, "5555555555554444")).json().data.payment_method;
    expect([first.is_default, second.is_default]).toEqual([true, false]);

    const refused = await app.inject({ method: "DELETE", url: `/api/user/payment/method/${first.uuid}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("card_default_delete");

    const switched = await app.inject({
      method: "PUT",
      url: `/api/user/payment/method/${second.uuid}/default`,
      headers,
    });
    expect(switched.statusCode).toBe(200);
    const list = (await app.inject({ method: "GET", url: "/api/user/payment/methods", headers })).json().data;
    expect(list.map((card: { uuid: string; is_default: boolean }) => [card.uuid, card.is_default])).toEqual([
      [first.uuid, false],
      [second.uuid, true],
    ]);

    const removed = await app.inject({ method: "DELETE", url: `/api/user/payment/method/${first.uuid}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.map((card: { uuid: string }) => card.uuid)).toEqual([second.uuid]);

    // The last card goes when nothing needs it (an open or unpaid stay keeps it: parking/visits.test.ts).
    const last = await app.inject({ method: "DELETE", url: `/api/user/payment/method/${second.uuid}`, headers });
    expect(last.statusCode).toBe(200);
    const profile = await app.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.payment_methods_mx).toBe(0);

    const other = await createDriverWithProfile(app);
    const foreign = await app.inject({
      method: "DELETE",
      url: `/api/user/payment/method/${second.uuid}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("replays the first answer for a repeated Idempotency-Key and refuses a different body", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const key = randomUUID();
    const token = await sandboxToken(app, "4111111111111111");
    const first = await addMexicanCard(app, headers, "", { key, token });
    const again = await addMexicanCard(app, headers, "", { key, token });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const other = await addMexicanCard(app, headers, "4111111111111111", { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe("invalid_data");
    expect(await paymentsOf(user.id)).toHaveLength(1);

    // Without a key the token is the key (the spec's call, docs/decisions/0060): a request other
    // than the keyed one, and the provider refuses a token used once; still one charge.
    const keyless = await app.inject({ method: "POST", url: "/api/user/payment/method", headers, payload: { token } });
    expect(keyless.statusCode).toBe(402);
    expect(keyless.json().error).toBe("invalid_payment_method");
    expect(await paymentsOf(user.id)).toHaveLength(1);
    const tooLong = await addMexicanCard(app, headers, "", { key: "k".repeat(256), token });
    expect(tooLong.statusCode).toBe(422);
  });

  it("answers parallel requests with one key once: one card, the rest replay or wait (409)", async () => {
    const { headers, user } = await createDriverWithProfile(app);
    const key = randomUUID();
    const token = await sandboxToken(app, "4242424242424242");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => addMexicanCard(app, headers, "", { key, token })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().error).toBe("action_not_available");
    const methods = await app.db.selectFrom("payment_methods").selectAll().where("user_id", "=", user.id).execute();
    expect(methods).toHaveLength(1);
  });

  it("caps add-card attempts per user per day (429)", async () => {
    const { headers } = await createDriverWithProfile(app);
    for (let attempt = 0; attempt < PROVIDER_CAPS.cardAddPerUserPerDay; attempt += 1)
      expect((await addMexicanCard(app, headers, "", { token: `tok_bogus${attempt}` })).statusCode).toBe(402);
    const capped = await addMexicanCard(app, headers, "4242424242424242");
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toBe("action_not_available");
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(23 * 3600);
  });

  it("caps add-card attempts per IP per hour (429)", async () => {
    const capped = await createTestApp({ env: { CARD_ADD_MAX_PER_IP_PER_HOUR: "4" } });
    try {
      const remoteAddress = "203.0.113.7";
      const statuses: number[] = [];
      for (let driver = 0; driver < 3; driver += 1) {
        const { headers } = await createDriverWithProfile(capped);
        for (let attempt = 0; attempt < 2; attempt += 1)
          statuses.push((await addMexicanCard(capped, headers, "", { token: "tok_bogus", remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([402, 402, 402, 402, 429, 429]);
      const { headers } = await createDriverWithProfile(capped);
      const elsewhere = await addMexicanCard(capped, headers, "4242424242424242", { remoteAddress: "203.0.113.8" });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await capped.close();
    }
  });

  it("never stores a card number: no 13–19-digit run in any table", async () => {
    expect(["4242424242424242", "x 4000 0000 0000 3220 y", "378282246310005"].every(looksLikeCardNumber)).toBe(true);
    expect(looksLikeCardNumber("4f6c1d2e-0000-4000-8000-000000000001")).toBe(false);
    expect(await findCardLikeValues(app)).toEqual([]);
  });
});
