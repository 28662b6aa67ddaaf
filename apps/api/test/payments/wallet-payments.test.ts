import type { WalletKind } from "@estaciona/contracts/wallets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentGateway } from "../../src/modules/payments/gateway.ts";
import { createSandboxGateway } from "../../src/modules/payments/sandbox/gateway.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  saveSandboxCard,
  startParkedVisit,
  visitCharges,
} from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/**
 * Wallet payments (docs/decisions/0284, 0285): the sandbox's wallet sheet gives a single-use token,
 * `POST user/payment/wallet` makes it a one-off method, the pay call charges it through the ledger
 * like a card — and never twice.
 */

const APPROVES = "4242424242424242";
const DECLINES = "4000000000000002";

describe(`wallet payments (${testEngine})`, () => {
  let app: TestApp;
  let lot: string;
  beforeAll(async () => {
    app = await createTestApp();
    lot = (await createLocation(app)).id;
  });
  afterAll(async () => app.close());

  type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;

  /** What the sandbox's sheet does when the driver taps Pay: a wallet token of one of its cards. */
  async function walletToken(wallet: WalletKind, number: string): Promise<{ id: string; card: { last4: string } }> {
    const minted = await app.inject({ method: "POST", url: "/sandbox/v1/wallet-tokens", payload: { wallet, number } });
    expect(minted.statusCode).toBe(201);
    return minted.json();
  }
  const register = (driver: Driver, token: string, wallet: WalletKind = "google_pay") =>
    app.inject({
      method: "POST",
      url: "/api/user/payment/wallet",
      headers: { ...driver.headers, "accept-language": "en" },
      payload: { country: "mx", wallet, token, brand: "visa", last4: "4242" },
    });
  async function walletMethod(driver: Driver, number = APPROVES, wallet: WalletKind = "google_pay") {
    const token = await walletToken(wallet, number);
    const registered = await register(driver, token.id, wallet);
    expect(registered.statusCode).toBe(201);
    return registered.json().data.uuid as string;
  }
  const pay = (driver: Driver, visitId: string, method: string, key = idempotencyKey()) =>
    app.inject({
      method: "POST",
      url: `/api/user/visit/${visitId}/pay`,
      headers: { ...driver.headers, "idempotency-key": key, "accept-language": "en" },
      payload: { payment_method_uuid: method },
    });
  const sandboxChargesOf = async (visitId: string) => {
    const ids = (await visitCharges(app, visitId)).map((charge) => charge.id);
    if (ids.length === 0) return [];
    return app.db.selectFrom("sandbox_charges").selectAll().where("reference", "in", ids).execute();
  };

  it("the card form's config names the wallets the sandbox takes", async () => {
    const driver = await createDriverWithVehicle(app);
    const config = await app.inject({
      method: "GET",
      url: "/api/user/payment/config?country=us",
      headers: driver.headers,
    });
    expect(config.json().data.wallets).toEqual(["apple_pay", "google_pay"]);
  });

  it("approved: one charge in the ledger, method and brand on the receipt, no saved card", async () => {
    const driver = await createDriverWithVehicle(app);
    const visitId = await startParkedVisit(app, driver, 50, lot);
    const method = await walletMethod(driver);
    const paid = await pay(driver, visitId, method);
    expect(paid.statusCode).toBe(200);
    const [charge] = await visitCharges(app, visitId);
    expect(charge).toMatchObject({ status: "succeeded", payment_method_id: method, gateway: "sandbox" });
    expect(await sandboxChargesOf(visitId)).toHaveLength(1);

    const receipt = await app.inject({
      method: "GET",
      url: `/api/user/receipt/${charge?.id}`,
      headers: driver.headers,
    });
    expect(receipt.json().data.card).toEqual({ brand: "visa", last4: "4242", wallet: "google_pay" });
    const cards = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers: driver.headers });
    expect(cards.json().data).toEqual([]);
  });

  it("declined by the wallet's card: a coded 402, the stay still to pay, a new token pays it", async () => {
    const driver = await createDriverWithVehicle(app);
    const visitId = await startParkedVisit(app, driver, 50, lot);
    const declined = await pay(driver, visitId, await walletMethod(driver, DECLINES, "apple_pay"));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe("invalid_payment");
    expect((await visitCharges(app, visitId)).map((charge) => charge.status)).toEqual(["failed"]);

    const paid = await pay(driver, visitId, await walletMethod(driver, APPROVES, "apple_pay"));
    expect(paid.statusCode).toBe(200);
  });

  it("a cancelled sheet gives no token: nothing is charged and the stay is still to pay", async () => {
    const driver = await createDriverWithVehicle(app);
    const visitId = await startParkedVisit(app, driver, 50, lot);
    // The driver closed the sheet: the SPA registers nothing and calls no pay.
    expect(await visitCharges(app, visitId)).toEqual([]);
    const visit = await app.inject({ method: "GET", url: `/api/user/visit/${visitId}`, headers: driver.headers });
    expect(visit.json().data.status).not.toBe("paid");
  });

  it("a replayed token is refused with invalid_payment_method, before any gateway is asked", async () => {
    const driver = await createDriverWithVehicle(app);
    const token = await walletToken("google_pay", APPROVES);
    expect((await register(driver, token.id)).statusCode).toBe(201);
    const replayed = await register(driver, token.id);
    expect(replayed.statusCode).toBe(402);
    expect(replayed.json()).toMatchObject({ error: "invalid_payment_method" });
    expect(replayed.json().error_description).toMatch(/already used/);
  });

  it("a one-off method pays one stay: a second stay named with it is refused", async () => {
    const driver = await createDriverWithVehicle(app);
    const method = await walletMethod(driver);
    const first = await startParkedVisit(app, driver, 50, lot);
    expect((await pay(driver, first, method)).statusCode).toBe(200);
    const sameDriverOtherCar = await createDriverWithVehicle(app);
    await app.db
      .updateTable("vehicles")
      .set({ user_id: driver.user.id })
      .where("id", "=", sameDriverOtherCar.vehicle.id)
      .execute();
    const second = await startParkedVisit(app, { ...driver, vehicle: sameDriverOtherCar.vehicle }, 50, lot);
    const again = await pay(driver, second, method);
    expect(again.statusCode).toBe(402);
    expect(again.json().error).toBe("invalid_payment_method");
    expect(await visitCharges(app, second)).toEqual([]);

    // Another driver cannot name it at all.
    const other = await createDriverWithVehicle(app);
    const stranger = await startParkedVisit(app, other, 50, lot);
    const foreign = await pay(other, stranger, method);
    expect(foreign.statusCode).toBe(422);
    expect(await visitCharges(app, stranger)).toEqual([]);
  });

  it("20 parallel pays of one stay with distinct keys and one wallet token: one charge", async () => {
    const driver = await createDriverWithVehicle(app);
    const visitId = await startParkedVisit(app, driver, 50, lot);
    const method = await walletMethod(driver);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(driver, visitId, method)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200))
      expect([402, 409]).toContain(answer.statusCode);
    const charges = await visitCharges(app, visitId);
    expect(charges.filter((charge) => charge.status === "succeeded")).toHaveLength(1);
    expect(await sandboxChargesOf(visitId)).toHaveLength(1);
  });

  it("a card saved earlier stays the default; the wallet's method is never listed or chosen", async () => {
    const driver = await createDriverWithVehicle(app);
    const card = await saveSandboxCard(app, driver.user.id, { behaviour: "approve" });
    await walletMethod(driver);
    const cards = await app.inject({ method: "GET", url: "/api/user/payment/methods", headers: driver.headers });
    expect(cards.json().data.map((listed: { uuid: string }) => listed.uuid)).toEqual([card.id]);
  });
});

describe(`a gateway without wallets (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    const sandbox = createSandboxGateway({ db: app.db, shape: "conekta" });
    // Conekta documents wallets only in its hosted checkout (docs/decisions/0284): no wallet capability.
    const noWallets: PaymentGateway = { ...sandbox, wallets: [] };
    app.providers.payments.mx = noWallets;
  });
  afterAll(async () => app.close());

  it("offers none and refuses a wallet token with no_payment_method", async () => {
    const driver = await createDriverWithVehicle(app);
    const config = await app.inject({
      method: "GET",
      url: "/api/user/payment/config?country=mx",
      headers: driver.headers,
    });
    expect(config.json().data.wallets).toEqual([]);
    const refused = await app.inject({
      method: "POST",
      url: "/api/user/payment/wallet",
      headers: driver.headers,
      payload: { country: "mx", wallet: "google_pay", token: "wtok_abcdefghijklmnop", last4: "4242" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe("no_payment_method");
  });
});
