import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import {
  type ChargeRequest,
  GatewayUnavailableError,
  type PaymentGateway,
} from "../../src/modules/payments/gateway.ts";
import { createSandboxGateway } from "../../src/modules/payments/sandbox/gateway.ts";
import { createSignedInUser, type TestApp, testEngine } from "./helpers.ts";

/** A driver whose profile allows adding cards (first name, last name, e-mail). */
export async function createDriverWithProfile(app: TestApp) {
  const suffix = randomUUID().slice(0, 8);
  return createSignedInUser(app, {
    first_name: "Ana",
    last_name: "López",
    email: `ana.${suffix}@example.com`,
  });
}

/** Tokenises a card through the sandbox's hosted form endpoint, as the iframe does. */
export async function sandboxToken(
  app: TestApp,
  number: string,
  options: { expMonth?: string; expYear?: string; cvc?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/sandbox/v1/tokens",
    payload: {
      number,
      exp_month: options.expMonth ?? "12",
      exp_year: options.expYear ?? String((new Date().getUTCFullYear() + 3) % 100),
      cvc: options.cvc ?? (number.startsWith("3") ? "1234" : "123"),
      name: "Ana López",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

export async function addMexicanCard(
  app: TestApp,
  headers: Record<string, string>,
  number: string,
  options: {
    key?: string;
    remoteAddress?: string;
    expYear?: string;
    token?: string;
    freeFlow?: boolean;
    /** The Host the driver's browser sends (default: inject's `localhost:80`). */
    host?: string;
  } = {},
) {
  const token = options.token ?? (await sandboxToken(app, number, { expYear: options.expYear }));
  return app.inject({
    method: "POST",
    url: "/api/user/payment/method",
    headers: {
      ...headers,
      "idempotency-key": options.key ?? randomUUID(),
      "accept-language": "en",
      ...(options.host ? { host: options.host } : {}),
    },
    payload: { token, ...(options.freeFlow ? { free_flow: true } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** A driver's ledger rows, charges before refunds. */
export const ledgerRowsOf = (app: Pick<TestApp, "db">, userId: string) =>
  app.db.selectFrom("payments").selectAll().where("user_id", "=", userId).orderBy("kind").execute();

/** A run of 13–19 digits, plain or in groups of four separated by spaces (how card numbers are typed). */
export const looksLikeCardNumber = (value: string): boolean =>
  /(?<!\d)\d{13,19}(?!\d)/.test(value) || /(?<![\d-])(\d{4} ){3}\d{1,7}(?![\d-])/.test(value);

/** Every text value in every table: nothing may look like a card number (PCI-6). */
export async function findCardLikeValues(app: TestApp): Promise<string[]> {
  // The PostgreSQL test database is shared (one schema per test file, other runs' included):
  // only this app's schema, the one its connections work in, is scanned.
  const ownSchema =
    testEngine === "postgres"
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(app.db)).rows[0]?.name
      : undefined;
  const tables = (await app.db.introspection.getTables()).filter(
    (table) => ownSchema === undefined || table.schema === ownSchema,
  );
  expect(tables.map((table) => table.name)).toContain("payment_methods");
  const found: string[] = [];
  for (const table of tables) {
    if (table.name.startsWith("kysely_")) continue;
    const rows = await app.db
      .selectFrom(table.name as never)
      .selectAll()
      .execute();
    for (const row of rows as Record<string, unknown>[])
      for (const [column, value] of Object.entries(row))
        if (typeof value === "string" && looksLikeCardNumber(value)) found.push(`${table.name}.${column}=${value}`);
  }
  return found;
}

/**
 * The real sandbox gateway behind a switchboard that can make the provider fail the way real ones
 * do: answer 5xx before doing anything, or do it and then lose the connection. `attach` puts the
 * sandbox over the app's database once the app exists; give `gateway` to every slot of the app.
 */
export function faultyGateway() {
  const faults = { beforeCharge: false, afterCharge: false, saveCard: false, beforeRefund: false, afterRefund: false };
  /** Every charge request the ledger sent, in order (what a real gateway would have been told). */
  const charges: ChargeRequest[] = [];
  let sandbox: PaymentGateway | undefined;
  const real = (): PaymentGateway => {
    if (!sandbox) throw new Error("faultyGateway: attach(app) first");
    return sandbox;
  };
  const gateway: PaymentGateway = {
    name: "sandbox",
    cardFormConfig: () => ({ provider: "sandbox", publicKey: null, scriptUrl: null, frameUrl: "/sandbox/card-form" }),
    createCheckoutRequest: () => real().createCheckoutRequest?.() ?? Promise.resolve(""),
    async saveCard(input) {
      if (faults.saveCard) throw new GatewayUnavailableError("sandbox", "HTTP 502 from provider");
      return real().saveCard(input);
    },
    deleteCard: (input) => real().deleteCard(input),
    async charge(request) {
      charges.push(request);
      if (faults.beforeCharge) throw new GatewayUnavailableError("sandbox", "HTTP 503 from provider");
      const outcome = await real().charge(request);
      if (faults.afterCharge) throw new GatewayUnavailableError("sandbox", "connection reset after the charge");
      return outcome;
    },
    async refund(request) {
      if (faults.beforeRefund) throw new GatewayUnavailableError("sandbox", "HTTP 503 from provider");
      const outcome = await real().refund(request);
      if (faults.afterRefund) throw new GatewayUnavailableError("sandbox", "connection reset after the refund");
      return outcome;
    },
    findCharge: (reference, providerRef, since) => real().findCharge(reference, providerRef, since),
    findRefund: (lookup) => real().findRefund(lookup),
  };
  const reset = () =>
    Object.assign(faults, {
      beforeCharge: false,
      afterCharge: false,
      saveCard: false,
      beforeRefund: false,
      afterRefund: false,
    });
  return {
    gateway,
    faults,
    charges,
    reset,
    attach: (app: Pick<TestApp, "db">) => {
      sandbox = createSandboxGateway({ db: app.db, shape: "conekta" });
    },
  };
}
