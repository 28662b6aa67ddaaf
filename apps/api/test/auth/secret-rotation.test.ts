import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Environment } from "../../src/config.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { passKeys, signPass, verifyPass } from "../../src/modules/events/pass.ts";
import {
  createSignedInUser,
  openTestDatabase,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";
import { registerDeviceAt } from "../support/parking-fixtures.ts";
import { createValetStand } from "../support/world.ts";

/**
 * Rotating APP_SECRET (docs/operations.md "Rotating APP_SECRET"): what the old secret signed or
 * keyed keeps working while the previous secret is accepted, and stops when its window ends —
 * except device keys, which moved to the new secret the first time they were used.
 */
const OLD = "the-old-app-secret-the-old-app-secret-0001";
const NEW = "the-new-app-secret-the-new-app-secret-0002";

describe(`APP_SECRET rotation (${testEngine})`, () => {
  let database: DatabaseHandle;
  const apps: TestApp[] = [];
  /** One more API process on the same database, as a rolling deploy starts them. */
  const start = async (env: Partial<Environment>): Promise<TestApp> => {
    const app = await buildApp({ config: testConfig(env), database, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  };
  const rotating = (until: Date) =>
    start({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD, APP_SECRET_PREVIOUS_UNTIL: until.toISOString() });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it("accepts the old secret's tokens, codes, device keys and claim links in the window, then only what moved", async () => {
    const before = await start({ APP_SECRET: OLD });
    const driver = await createSignedInUser(before);
    const admin = await createSignedInUser(before, { role: "admin" });
    const standKey = await registerDeviceAt(before, admin.headers, (await createValetStand(before)).id, "valet");
    const ticket = await before.inject({
      method: "POST",
      url: "/api/device/valet/ticket",
      headers: { "x-device-key": standKey },
      payload: {},
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const phone = testPhone();
    const sent = await before.inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      remoteAddress: "10.91.0.1",
    });
    const code = sent.json().data as string;

    const during = await rotating(new Date(Date.now() + 3600_000));
    const view = (app: TestApp) => app.inject({ method: "GET", url: "/api/user/view", headers: driver.headers });
    expect((await view(during)).statusCode).toBe(200);
    const claimed = await during.inject({
      method: "POST",
      url: "/api/user/valet/claim",
      headers: driver.headers,
      payload: { token: ticket.json().data.claim_token },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const signedIn = await during.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: {
        grant_type: "sms",
        client_id: "estaciona-web",
        client_secret: "estaciona-web-public",
        phone_number: phone,
        code,
        domain: "estaciona",
      },
      remoteAddress: "10.91.0.1",
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const stand = (app: TestApp) =>
      app.inject({ method: "GET", url: "/api/device/event/pass-key", headers: { "x-device-key": standKey } });
    const keyHashBefore = await database.db
      .selectFrom("devices")
      .select("key_hash")
      .where("device_id", "like", "valet-%")
      .executeTakeFirstOrThrow();
    const gateKeys = await stand(during);
    expect(gateKeys.statusCode).toBe(200);
    expect(gateKeys.json().data.keys).toHaveLength(2);
    const keyHashAfter = await database.db
      .selectFrom("devices")
      .select("key_hash")
      .where("device_id", "like", "valet-%")
      .executeTakeFirstOrThrow();
    expect(keyHashAfter.key_hash).not.toBe(keyHashBefore.key_hash);

    const after = await rotating(new Date(Date.now() - 1000));
    expect((await view(after)).statusCode).toBe(401);
    const moved = await stand(after);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.keys).toHaveLength(1);
    expect((await view(during)).statusCode).toBe(200);
  });

  it("verifies an event pass signed before the rotation until the window ends, and gates get both keys", async () => {
    const until = new Date(Date.now() + 60_000);
    const pass = await signPass(
      passKeys({ secret: OLD }),
      { visitId: "visit-1", eventId: "event-1", plate: "ABC123" },
      new Date(Date.now() + 86400_000).toISOString(),
    );
    const duringKeys = passKeys({ secret: NEW, previousSecret: { secret: OLD, until } });
    expect(await verifyPass(duringKeys, pass)).toEqual({ visitId: "visit-1", eventId: "event-1", plate: "ABC123" });
    const afterKeys = passKeys({ secret: NEW, previousSecret: { secret: OLD, until: new Date(Date.now() - 1) } });
    expect(await verifyPass(afterKeys, pass)).toBeNull();
    const fresh = await signPass(
      duringKeys,
      { visitId: "visit-2", eventId: "event-1", plate: "ABC123" },
      until.toISOString(),
    );
    expect(await verifyPass(afterKeys, fresh)).toMatchObject({ visitId: "visit-2" });
  });

  it("refuses a previous secret without the end of its window", () => {
    expect(() => testConfig({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD })).toThrow(/APP_SECRET_PREVIOUS_UNTIL/);
  });
});
