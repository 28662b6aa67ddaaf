import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverReminder } from "../../src/modules/reminders/index.ts";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { priceOf } from "../support/meter-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, outboxFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { type PushEndpoint, startPushEndpoint, type TestDevice, vapidClaims } from "../support/push-endpoint.ts";
import { createMeterZone } from "../support/world.ts";

type Driver = Awaited<ReturnType<typeof createSignedInUser>>;

/** Web Push as a reminder channel (docs/decisions/0290), against a push service on loopback. */
describe(`web push reminders (${testEngine})`, () => {
  let app: TestApp;
  let service: PushEndpoint;
  let zone101: string;
  beforeAll(async () => {
    service = await startPushEndpoint();
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: "127.0.0.1" } });
    zone101 = (await createMeterZone(app, { meter: { zone_code: "101" } })).location.id;
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  const subscribe = (driver: Driver, payload: object) =>
    app.inject({ method: "POST", url: "/api/user/push-subscriptions", headers: driver.headers, payload });
  const devicesOf = (userId: string) =>
    app.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();
  const choosePush = (driver: Driver) =>
    app.inject({
      method: "PUT",
      url: "/api/user/reminder-preferences",
      headers: driver.headers,
      payload: { channel: "push", lead_minutes: 10, quiet_hours: null },
    });
  const pushesTo = (device: TestDevice) =>
    service.received.filter((push) => `${service.origin}${push.path}` === device.endpoint);
  const subscribed = async (driver: Driver) => {
    const device = service.device();
    expect((await subscribe(driver, device)).statusCode).toBe(200);
    return device;
  };

  it("gives the VAPID public key browsers subscribe with", async () => {
    const driver = await createSignedInUser(app);
    const answer = await app.inject({
      method: "GET",
      url: "/api/user/push-subscriptions/key",
      headers: driver.headers,
    });
    expect(answer.json().data).toEqual({ public_key: app.config.push.vapid?.publicKey });
    expect(answer.json().data.public_key).toMatch(/^[\w-]{87}$/);
  });

  it("keeps one row per device, replaced by the same endpoint, and refuses what is not a push service", async () => {
    const driver = await createSignedInUser(app);
    const device = service.device();
    const first = await subscribe(driver, { ...device, expirationTime: null });
    expect(first.statusCode, first.body).toBe(200);
    const again = await subscribe(driver, { ...device, keys: service.device().keys });
    expect(again.json().data.uuid).toBe(first.json().data.uuid);
    expect(await devicesOf(driver.user.id)).toHaveLength(1);

    const refused = [
      { endpoint: "http://10.0.0.8/push/x", keys: device.keys },
      { endpoint: "https://push.example.com/x", keys: device.keys },
      { endpoint: "ftp://127.0.0.1/x", keys: device.keys },
      { endpoint: device.endpoint.replace("https:", "http:"), keys: device.keys },
      { endpoint: device.endpoint, keys: { p256dh: "not base64url!", auth: device.keys.auth } },
    ];
    for (const payload of refused) {
      const answer = await subscribe(driver, payload);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error).toBe("invalid_data");
    }
    const missing = await subscribe(driver, { endpoint: device.endpoint });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("missing_parameters");
    const anonymous = await app.inject({ method: "POST", url: "/api/user/push-subscriptions", payload: device });
    expect(anonymous.statusCode).toBe(401);

    const removed = await app.inject({
      method: "DELETE",
      url: `/api/user/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`,
      headers: driver.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await devicesOf(driver.user.id)).toHaveLength(0);
  });

  it("sends the meter reminder encrypted to each device with our VAPID signature; the link only in the payload", async () => {
    const driver = await createDriverWithVehicle(app, { emailVerified: false });
    await saveSandboxCard(app, driver.user.id);
    const phone = await subscribed(driver);
    const tablet = await subscribed(driver);
    expect((await choosePush(driver)).statusCode).toBe(200);
    const now = Date.now();
    const bought = await app.inject({
      method: "POST",
      url: "/api/user/meter-session",
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: {
        zone_uuid: zone101,
        vehicle_uuid: driver.vehicle.id,
        minutes: 30,
        expected_total: priceOf(now, now, 30),
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const session = bought.json().data.session as { uuid: string };
    await app.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where("dedupe_key", "like", `meter-reminder:${session.uuid}:%`)
      .execute();
    await app.jobs.runDueJobs();

    for (const device of [phone, tablet]) {
      const [push, ...more] = pushesTo(device);
      expect(more).toHaveLength(0);
      if (!push) throw new Error("no push");
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.headers.urgency).toBe("high");
      const claims = vapidClaims(push, app.config.push.vapid?.publicKey ?? "", service.origin);
      expect(claims.sub).toMatch(/^(mailto:|https:)/);
      // The push service sees only ciphertext: the token is in no header and not in the clear body.
      const notice = device.read(push) as { title: string; body: string; path: string; tag: string };
      expect(notice.path).toMatch(/^\/extender\/[\w-]{43}$/);
      expect(push.body.includes(Buffer.from(notice.path))).toBe(false);
      expect(notice.body).not.toMatch(/https?:|extender/);
      expect(notice.body).toContain("101");
      expect(notice.tag).toBe(`meter:${session.uuid}`);
    }
    // One channel: no SMS as well.
    expect((await outboxFor(app, driver.user.phone)).filter((sms) => sms.body.includes("101"))).toHaveLength(0);
  });

  it("drops a subscription the push service answers 410 or 404 to, and falls back to SMS with no device left", async () => {
    const driver = await createDriverWithVehicle(app, { emailVerified: false });
    const revoked = await subscribed(driver);
    const expired = await subscribed(driver);
    service.answer(new URL(revoked.endpoint).pathname, 410);
    service.answer(new URL(expired.endpoint).pathname, 404);
    await choosePush(driver);
    const sent = await deliverReminder(app, driver.user.id, `test-gone:${driver.user.id}`, () => ({
      text: "Estaciona: a reminder by text",
      subject: "A reminder",
      body: "A reminder",
      push: { title: "A reminder", body: "By push", path: "/pagos", tag: "test" },
    }));
    expect(sent).toBe(true);
    expect(pushesTo(revoked)).toHaveLength(1);
    expect(pushesTo(expired)).toHaveLength(1);
    expect(await devicesOf(driver.user.id)).toHaveLength(0);
    expect((await outboxFor(app, driver.user.phone)).map((sms) => sms.body)).toContain("Estaciona: a reminder by text");
  });

  it("sends once when two workers deliver the same reminder at once", async () => {
    const driver = await createDriverWithVehicle(app);
    const device = await subscribed(driver);
    await choosePush(driver);
    service.slow(150);
    const content = () => ({
      text: "text",
      subject: "subject",
      body: "body",
      push: { title: "Once", body: "Only once", path: "/pagos", tag: "once" },
    });
    const key = `test-once:${driver.user.id}`;
    const sent = await Promise.all([
      deliverReminder(app, driver.user.id, key, content),
      deliverReminder(app, driver.user.id, key, content),
    ]);
    service.slow(0);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(pushesTo(device)).toHaveLength(1);
    expect(await outboxFor(app, driver.user.phone)).toHaveLength(0);
  });

  it("removes the device on log-out and every device on account deletion, and lists them in the export", async () => {
    const driver = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    await subscribed(driver);
    const exported = await app.inject({ method: "GET", url: "/api/user/export", headers: driver.headers });
    expect(exported.json().data.push_devices).toEqual([
      { push_service: new URL(service.origin).host, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(exported.json().data)).not.toContain("p256dh");
    const out = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/revoke",
      payload: { token: driver.accessToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await devicesOf(driver.user.id)).toHaveLength(0);

    await subscribed(other);
    const gone = await app.inject({ method: "DELETE", url: "/api/user", headers: other.headers });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await devicesOf(other.user.id)).toHaveLength(0);
  });
});
