import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
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
