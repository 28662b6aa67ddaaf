import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskUrl } from "../../src/plugins/log-redaction.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { priceOf } from "../support/meter-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, outboxFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { createMeterZone } from "../support/world.ts";

const MINUTE = 60_000;
const LINK = /\/extender\/([\w-]{43})/;

/** Reminders the driver controls and the extend links they carry (docs/product/reminders.md, issue 26 item 2). */
describe(`reminders and extend links (${testEngine})`, () => {
  let app: TestApp;
  /** Charged around the clock at $12.00 an hour, as priceOf prices it. */
  let zoneId: string;
  beforeAll(async () => {
    app = await createTestApp();
    zoneId = (await createMeterZone(app)).location.id;
  });
  afterAll(async () => app.close());

  const driverWithCard = async (options: { emailVerified?: boolean } = {}) => {
    const driver = await createDriverWithVehicle(app, options);
    const card = await saveSandboxCard(app, driver.user.id);
    return { ...driver, card };
  };
  const setPreferences = (driver: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
    app.inject({ method: "PUT", url: "/api/user/reminder-preferences", headers: driver.headers, payload });
  const paidSession = async (driver: Awaited<ReturnType<typeof driverWithCard>>, minutes = 30) => {
    const now = Date.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/user/meter-session",
      headers: { ...driver.headers, "idempotency-key": idempotencyKey() },
      payload: {
        zone_uuid: zoneId,
        vehicle_uuid: driver.vehicle.id,
        minutes,
        expected_total: priceOf(now, now, minutes),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.session as { uuid: string; started_at: string; ends_at: string };
  };
  const reminderJob = (sessionId: string) =>
    app.db
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "like", `meter-reminder:${sessionId}:%`)
      .executeTakeFirst();
  /** Runs the session's reminder now and answers the token its text carries. */
  const remind = async (driver: { user: { phone: string } }, sessionId: string): Promise<string> => {
    await app.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where("dedupe_key", "like", `meter-reminder:${sessionId}:%`)
      .execute();
    await app.jobs.runDueJobs();
    const sms = (await outboxFor(app, driver.user.phone)).find((message) => LINK.test(message.body));
    const token = sms ? LINK.exec(sms.body)?.[1] : undefined;
    if (!token) throw new Error("no extend link was sent");
    return token;
  };
  const view = (token: string) => app.inject({ method: "GET", url: `/api/open/meter-extend/${token}` });
  const confirm = (token: string, session: { started_at: string; ends_at: string }, key = randomUUID(), minutes = 30) =>
    app.inject({
      method: "POST",
      url: `/api/open/meter-extend/${token}`,
      payload: {
        minutes,
        expected_total: priceOf(Date.parse(session.started_at), Date.parse(session.ends_at), minutes),
        idempotency_key: key,
      },
    });
  const chargesOf = async (userId: string) =>
    (
      await app.db
        .selectFrom("payments")
        .select("id")
        .where("user_id", "=", userId)
        .where("payable_type", "=", "meter_purchase")
        .execute()
    ).length;

  describe("preferences", () => {
    it("answers the defaults, keeps the driver's choice and refuses a lead time off the list", async () => {
      const driver = await driverWithCard();
      const initial = await app.inject({
        method: "GET",
        url: "/api/user/reminder-preferences",
        headers: driver.headers,
      });
      expect(initial.statusCode).toBe(200);
      expect(initial.json().data).toEqual({ channel: "sms", lead_minutes: 10, quiet_hours: null });
      expect((await setPreferences(driver, { channel: "sms", lead_minutes: 20, quiet_hours: null })).statusCode).toBe(
        422,
      );
      const chosen = { channel: "email", lead_minutes: 15, quiet_hours: { start: 22 * 60, end: 7 * 60 } };
      expect((await setPreferences(driver, chosen)).statusCode).toBe(200);
      const read = await app.inject({ method: "GET", url: "/api/user/reminder-preferences", headers: driver.headers });
      expect(read.json().data).toEqual(chosen);
      const anonymous = await app.inject({ method: "GET", url: "/api/user/reminder-preferences" });
      expect(anonymous.statusCode).toBe(401);
    });

    it("schedules the meter reminder at the driver's lead time, and before quiet hours rather than inside them", async () => {
      const driver = await driverWithCard();
      await setPreferences(driver, { channel: "sms", lead_minutes: 5, quiet_hours: null });
      const session = await paidSession(driver, 60);
      const job = await reminderJob(session.uuid);
      expect(Date.parse(job?.run_at ?? "")).toBe(Date.parse(session.ends_at) - 5 * MINUTE);

      // Quiet hours that begin 20 minutes from now on the zone's clock (Monterrey, UTC-6, no DST).
      const other = await driverWithCard();
      const local = new Date(Date.now() - 6 * 60 * MINUTE);
      const startMinute = (local.getUTCHours() * 60 + local.getUTCMinutes() + 20) % 1440;
      await setPreferences(other, {
        channel: "sms",
        lead_minutes: 10,
        quiet_hours: { start: startMinute, end: (startMinute + 120) % 1440 },
      });
      const quietSession = await paidSession(other, 60);
      const quietJob = await reminderJob(quietSession.uuid);
      const runAt = Date.parse(quietJob?.run_at ?? "");
      expect(runAt).toBeLessThan(Date.now() + 20 * MINUTE);
      expect(runAt).toBeGreaterThan(Date.now() + 17 * MINUTE);
    });

    it("sends on the chosen channel: e-mail to a verified address, else by text", async () => {
      const verified = await driverWithCard();
      await setPreferences(verified, { channel: "email", lead_minutes: 10, quiet_hours: null });
      const session = await paidSession(verified);
      await app.db
        .updateTable("jobs")
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where("dedupe_key", "like", `meter-reminder:${session.uuid}:%`)
        .execute();
      await app.jobs.runDueJobs();
      expect(await outboxFor(app, verified.user.phone)).toHaveLength(0);
      const mail = await outboxFor(app, verified.user.email ?? "");
      expect(mail).toHaveLength(1);
      expect(mail[0]?.body).toMatch(LINK);

      const unverified = await driverWithCard({ emailVerified: false });
      await setPreferences(unverified, { channel: "email", lead_minutes: 10, quiet_hours: null });
      const other = await paidSession(unverified);
      await remind(unverified, other.uuid);
      expect(await outboxFor(app, unverified.user.email ?? "")).toHaveLength(0);
    });
  });

  describe("extend links", () => {
    it("opens without charging, extends once with the saved card, replays the same key and refuses reuse", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const token = await remind(driver, session.uuid);
      const stored = await app.db
        .selectFrom("extend_links")
        .selectAll()
        .where("session_id", "=", session.uuid)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toBe(token);
      expect(stored[0]?.payment_method_id).toBe(driver.card.id);

      const opened = await view(token);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.headers["referrer-policy"]).toBe("no-referrer");
      expect(opened.headers["set-cookie"]).toBeUndefined();
      expect(opened.json().data.session.uuid).toBe(session.uuid);
      expect(opened.json().data.card.last4).toBe("4242");
      await view(token);
      expect(await chargesOf(driver.user.id)).toBe(1);

      const key = randomUUID();
      const extended = await confirm(token, session, key);
      expect(extended.statusCode, extended.body).toBe(200);
      const after = extended.json().data as { session: { ends_at: string }; payment: { uuid: string } };
      expect(Date.parse(after.session.ends_at)).toBe(Date.parse(session.ends_at) + 30 * MINUTE);
      expect(await chargesOf(driver.user.id)).toBe(2);

      const replayed = await confirm(token, session, key);
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json().data.payment.uuid).toBe(after.payment.uuid);
      const reused = await confirm(token, session);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe("invalid_code");
      expect((await view(token)).json().error).toBe("invalid_code");
      expect(await chargesOf(driver.user.id)).toBe(2);
    });

    it("makes one extension of two confirms at once", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const token = await remind(driver, session.uuid);
      const answers = await Promise.all([confirm(token, session), confirm(token, session)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect(codes[1]).toBeGreaterThanOrEqual(400);
      expect(await chargesOf(driver.user.id)).toBe(2);
      const row = await app.db
        .selectFrom("meter_sessions")
        .select("ends_at")
        .where("id", "=", session.uuid)
        .executeTakeFirst();
      expect(Date.parse(row?.ends_at ?? "")).toBe(Date.parse(session.ends_at) + 30 * MINUTE);
    });

    it("refuses forged, expired and other-driver links with a code, charging nothing", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const token = await remind(driver, session.uuid);

      const forged = await confirm("A".repeat(43), session);
      expect(forged.statusCode).toBe(404);
      expect(forged.json().error).toBe("object_not_found");
      expect((await view(`${token.slice(0, -2)}zz`)).statusCode).toBe(404);

      // Another driver's session under this link's binding: nothing of theirs is reached.
      const other = await driverWithCard();
      const otherSession = await paidSession(other);
      await app.db
        .updateTable("extend_links")
        .set({ session_id: otherSession.uuid })
        .where("session_id", "=", session.uuid)
        .execute();
      const foreign = await confirm(token, otherSession);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error).toBe("forbidden_access");
      expect((await view(token)).statusCode).toBe(403);

      await app.db
        .updateTable("extend_links")
        .set({ session_id: session.uuid, expires_at: new Date(Date.now() - MINUTE).toISOString() })
        .where("session_id", "=", otherSession.uuid)
        .execute();
      const expired = await confirm(token, session);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe("invalid_code");
      expect(await chargesOf(driver.user.id)).toBe(1);
      expect(await chargesOf(other.user.id)).toBe(1);
    });

    it("is revoked by the card's removal and by signing out", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver);
      const token = await remind(driver, session.uuid);
      await saveSandboxCard(app, driver.user.id, { isDefault: false, last4: "1111" });
      await app.db.updateTable("payment_methods").set({ is_default: 0 }).where("id", "=", driver.card.id).execute();
      const removed = await app.inject({
        method: "DELETE",
        url: `/api/user/payment/method/${driver.card.id}`,
        headers: driver.headers,
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect((await view(token)).json().error).toBe("invalid_code");

      const second = await driverWithCard();
      const secondSession = await paidSession(second);
      const secondToken = await remind(second, secondSession.uuid);
      const out = await app.inject({
        method: "POST",
        url: "/api/oauth/v2/revoke",
        payload: { token: second.accessToken, client_id: "estaciona-web" },
      });
      expect(out.statusCode).toBe(200);
      const refused = await confirm(secondToken, secondSession);
      expect(refused.json().error).toBe("invalid_code");
      expect(await chargesOf(second.user.id)).toBe(1);
    });

    it("says the car must move at the zone's maximum stay, with no link", async () => {
      const driver = await driverWithCard();
      const session = await paidSession(driver, 120);
      await remind(driver, session.uuid).catch(() => undefined);
      const sms = await outboxFor(app, driver.user.phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.body).toMatch(/mover el auto/);
      expect(sms[0]?.body).not.toMatch(LINK);
    });

    it("keeps the token out of the logs", () => {
      expect(maskUrl(`/api/open/meter-extend/${"a".repeat(43)}`)).toBe("/api/open/meter-extend/[redacted]");
      expect(maskUrl(`/extender/${"b".repeat(43)}`)).toBe("/extender/[redacted]");
      expect(maskUrl(`/extend/${"c".repeat(43)}?x=1`)).toBe("/extend/[redacted]?x=[redacted]");
    });
  });
});
