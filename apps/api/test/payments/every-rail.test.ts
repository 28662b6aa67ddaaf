import { PAYMENT_RAILS, type PaymentRail } from "@estaciona/contracts/payment-rails";
import { REFERENCE_RAILS, type ReferenceRail } from "@estaciona/contracts/schemas/references";
import type { WalletKind } from "@estaciona/contracts/wallets";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import {
  createDriverWithVehicle,
  idempotencyKey,
  saveSandboxCard,
  startParkedVisit,
} from "../support/parking-fixtures.ts";
import { referenceCalls } from "../support/reference-calls.ts";
import { createLocation, createOrganisation } from "../support/world.ts";

/**
 * Every rail's money everywhere money shows (issue 27, docs/decisions/0323): for each rail of the
 * contracts' PAYMENT_RAILS, a charge paid by it shows in the console's list, under its rail's
 * filter, on its detail and in the CSV in words in both languages; its receipt names it; the data
 * export carries it; revenue counts spends by rail and never a balance top-up; and the account's
 * deletion waits while the rail left money in a balance or a reference unpaid. `HOW_TO_PAY` is a
 * Record over the rails: a new rail does not compile until it says how it pays here.
 */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const organisation = await createOrganisation(app, { name: "Rieles Prueba" });
const lot = await createLocation(app, { organisation_id: organisation.id });
const operator = await createOperator(app, { organisationId: organisation.id });
const references = referenceCalls(app);

type Driver = Awaited<ReturnType<typeof createDriverWithVehicle>>;
/** What a rail paid: the charge, and whether it is a sale (a spend) or money held (a balance top-up). */
type Paid = { paymentId: string; sale: boolean };

const call = (driver: Driver, url: string, payload: object) =>
  app.inject({ method: "POST", url, headers: { ...driver.headers, "idempotency-key": idempotencyKey() }, payload });

async function payStay(driver: Driver, method?: string): Promise<Paid> {
  const visitId = await startParkedVisit(app, driver, 50, lot.id);
  const paid = await call(driver, `/api/user/visit/${visitId}/pay`, method ? { payment_method_uuid: method } : {});
  expect(paid.statusCode, paid.body).toBe(200);
  return { paymentId: paid.json().data.payment.uuid, sale: true };
}

async function payByWallet(driver: Driver, wallet: WalletKind): Promise<Paid> {
  const minted = await app.inject({
    method: "POST",
    url: "/sandbox/v1/wallet-tokens",
    payload: { wallet, number: "4242424242424242" },
  });
  const registered = await app.inject({
    method: "POST",
    url: "/api/user/payment/wallet",
    headers: driver.headers,
    payload: { country: "mx", wallet, token: minted.json().id, brand: "visa", last4: "4242" },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return payStay(driver, registered.json().data.uuid);
}

async function topUpByReference(driver: Driver, rail: ReferenceRail, settle: boolean): Promise<Paid> {
  const issued = await call(driver, "/api/user/balance/top-up/reference", {
    location_uuid: lot.id,
    amount: 15_000,
    rail,
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const reference = issued.json().data.reference;
  if (settle) {
    expect((await references.pay(reference.sandbox_url)).statusCode).toBeLessThan(300);
    await references.drainJobs();
    expect((await references.chargeOf(reference.payment_uuid)).status).toBe("succeeded");
  }
  return { paymentId: reference.payment_uuid, sale: false };
}

const HOW_TO_PAY: Record<PaymentRail, (driver: Driver) => Promise<Paid>> = {
  card: async (driver) => {
    await saveSandboxCard(app, driver.user.id);
    return payStay(driver);
  },
  apple_pay: (driver) => payByWallet(driver, "apple_pay"),
  google_pay: (driver) => payByWallet(driver, "google_pay"),
  balance: async (driver) => {
    await saveSandboxCard(app, driver.user.id);
    const topUp = await call(driver, "/api/user/balance/top-up", { location_uuid: lot.id, amount: 50_000 });
    expect(topUp.statusCode, topUp.body).toBe(200);
    return payStay(driver, "balance");
  },
  oxxo: (driver) => topUpByReference(driver, "oxxo", true),
  spei: (driver) => topUpByReference(driver, "spei", true),
};

/** The words each rail is written in, the console's and the CSV's, in both languages. */
const WORDS: Record<PaymentRail, { es: string; en: string }> = {
  card: { es: "Visa •••• 4242", en: "Visa •••• 4242" },
  apple_pay: { es: "Apple Pay · Visa •••• 4242", en: "Apple Pay · Visa •••• 4242" },
  google_pay: { es: "Google Pay · Visa •••• 4242", en: "Google Pay · Visa •••• 4242" },
  balance: { es: "Saldo", en: "Balance" },
  oxxo: { es: "Efectivo OXXO", en: "Cash at OXXO" },
  spei: { es: "Transferencia SPEI", en: "SPEI transfer" },
};

const asOperator = (url: string, language = "en") =>
  app.inject({ method: "GET", url, headers: { ...operator.headers, "accept-language": language } });

/** The rail a receipt names: a reference's rail, a card's wallet, a card, or none (the balance). */
const railOnReceipt = (receipt: { rail: ReferenceRail | null; card: { wallet: WalletKind | null } | null }) =>
  receipt.rail ?? (receipt.card ? (receipt.card.wallet ?? "card") : "balance");

async function csvLine(paymentId: string, language: "es" | "en") {
  const today = new Date().toISOString().slice(0, 10);
  const csv = await asOperator(`/api/admin/payments/export?from=${today}&to=${today}`, language);
  expect(csv.statusCode, csv.body).toBe(200);
  const [header = "", ...lines] = csv.body.trim().split("\r\n");
  const line = lines.find((text) => text.startsWith(paymentId)) ?? "";
  return { method: header.split(",").indexOf("payment_method"), line };
}

describe(`every rail's money everywhere money shows (${testEngine})`, () => {
  const sales = new Map<PaymentRail, number>();

  it.each(PAYMENT_RAILS)("%s: the console's list, filter, detail and CSV, the receipt and the export", async (rail) => {
    const driver = await createDriverWithVehicle(app);
    const { paymentId, sale } = await HOW_TO_PAY[rail](driver);
    const charge = await references.chargeOf(paymentId);
    expect(charge.status).toBe("succeeded");
    if (sale) sales.set(rail, (sales.get(rail) ?? 0) + charge.amount);

    const filtered = await asOperator(`/api/admin/payments?rail=${rail}&phone=${driver.user.phone}`);
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.items.map((item: { uuid: string }) => item.uuid)).toContain(paymentId);
    for (const other of PAYMENT_RAILS.filter((one) => one !== rail)) {
      const elsewhere = await asOperator(`/api/admin/payments?rail=${other}&phone=${driver.user.phone}`);
      expect(elsewhere.json().data.items.map((item: { uuid: string }) => item.uuid)).not.toContain(paymentId);
    }
    const detail = await asOperator(`/api/admin/payment/${paymentId}`);
    expect(detail.json().data.rail).toBe(rail);

    for (const language of ["es", "en"] as const) {
      const { method, line } = await csvLine(paymentId, language);
      expect(method).toBeGreaterThan(0);
      expect(line, `${rail} in the ${language} CSV`).toContain(WORDS[rail][language]);
    }

    const receipt = await app.inject({ method: "GET", url: `/api/user/receipt/${paymentId}`, headers: driver.headers });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(railOnReceipt(receipt.json().data)).toBe(rail);
    // A balance spend is not invoiced again: its top-up is (docs/decisions/0213).
    expect(receipt.json().data.invoiceable).toBe(rail !== "balance");

    const exported = await app.inject({ method: "GET", url: "/api/user/export", headers: driver.headers });
    expect(exported.statusCode, exported.body).toBe(200);
    const line = exported.json().data.payments.find((payment: { uuid: string }) => payment.uuid === paymentId);
    expect(line?.rail).toBe(rail);

    // Money left in a balance keeps the account until it is paid out (docs/decisions/0212).
    const deletion = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
    const holdsBalance = rail === "balance" || rail === "oxxo" || rail === "spei";
    if (holdsBalance) expect(deletion.statusCode, deletion.body).toBe(409);
    else expect(deletion.statusCode, deletion.body).toBeLessThan(300);
  });

  it("revenue by rail counts every rail's sales and no balance top-up", async () => {
    const today = await asOperator("/api/admin/today?days=2");
    expect(today.statusCode, today.body).toBe(200);
    const byRail = Object.fromEntries(
      (today.json().data.revenue_by_rail as { rail: PaymentRail; amount: number }[]).map((line) => [
        line.rail,
        line.amount,
      ]),
    );
    expect(byRail).toEqual(Object.fromEntries(sales));
    const perProduct = (today.json().data.revenue as { product: string; amount: number }[]).reduce(
      (sum, line) => sum + line.amount,
      0,
    );
    expect(perProduct).toBe([...sales.values()].reduce((sum, amount) => sum + amount, 0));
  });

  it.each(REFERENCE_RAILS)("%s: a reference still unpaid keeps the account", async (rail) => {
    const driver = await createDriverWithVehicle(app);
    const { paymentId } = await topUpByReference(driver, rail, false);
    const listed = await asOperator(`/api/admin/payments?rail=${rail}&phone=${driver.user.phone}`);
    expect(listed.json().data.items).toEqual([expect.objectContaining({ uuid: paymentId, status: "requires_action" })]);
    const deletion = await app.inject({ method: "DELETE", url: "/api/user", headers: driver.headers });
    expect(deletion.statusCode, deletion.body).toBe(409);
  });
});
