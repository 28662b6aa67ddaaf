import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiresBeforeRenewal, remindExpiringCards } from "../../src/modules/subscriptions/card-expiry.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createDriverWithVehicle, idempotencyKey, outboxFor, saveSandboxCard } from "../support/parking-fixtures.ts";
import { type PushEndpoint, startPushEndpoint } from "../support/push-endpoint.ts";
import { buyPass } from "../support/subscriptions-fixtures.ts";
import { createPlan } from "../support/world.ts";
import { createParkLot } from "../support/worlds/parking.ts";

const MONTERREY = "America/Monterrey";

/** The card-expiry reminder through the one reminder schedule (docs/decisions/0291). */
describe(`card-expiry reminders (${testEngine})`, () => {
  let app: TestApp;
  let service: PushEndpoint;
  let monthlyPass: string;
  beforeAll(async () => {
    service = await startPushEndpoint();
    app = await createTestApp({ env: { PUSH_SERVICE_HOSTS: "127.0.0.1" } });
    monthlyPass = (await createPlan(app, (await createParkLot(app)).id)).id;
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  /** A driver with an active monthly pass at Fundidora (Monterrey) charged to their default card. */
  const driverWithPass = async (locale: "es" | "en" = "es") => {
    const driver = await createDriverWithVehicle(app, { emailVerified: false });
    await app.db.updateTable("users").set({ locale }).where("id", "=", driver.user.id).execute();
    const card = await saveSandboxCard(app, driver.user.id, { last4: "4242" });
    const bought = await buyPass(app, driver.headers, idempotencyKey(), {
      plan_uuid: monthlyPass,
      vehicle_uuid: driver.vehicle.id,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.subscription.status).toBe("active");
    return { ...driver, card, pass: bought.json().data.subscription as { uuid: string } };
  };
  /** Moves a card's expiry to this month on Monterrey's clock, or a given one. */
  const expire = async (cardId: string, at: { year: number; month: number } = thisMonthInMonterrey()) => {
    await app.db
      .updateTable("payment_methods")
      .set({ exp_year: at.year, exp_month: at.month })
      .where("id", "=", cardId)
      .execute();
  };
  const thisMonthInMonterrey = () => {
    const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: MONTERREY, year: "numeric", month: "2-digit" })
      .format(new Date())
      .split("-")
      .map(Number) as [number, number];
    return { year, month };
  };
  const cardNotices = async (phone: string) =>
    (await outboxFor(app, phone)).filter((sms) => /4242/.test(sms.body) && /\/pagos/.test(sms.body));

  it("tells the driver once, in their language, with a link to their cards, when the renewal's card expires this month", async () => {
    const driver = await driverWithPass("en");
    expect(await remindExpiringCards(app)).toBe(0);
    await expire(driver.card.id);
    await remindExpiringCards(app);
    await remindExpiringCards(app);
    const notices = await cardNotices(driver.user.phone);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toMatch(
      /^Estaciona: your Visa card ending 4242 expires \d\d\/\d\d, before your subscription/,
    );
  });

  it("tells nobody about a removed card, or a card that is not the default while a valid one is", async () => {
    const removed = await driverWithPass();
    await expire(removed.card.id);
    await app.db
      .updateTable("payment_methods")
      .set({ deleted_at: new Date().toISOString(), is_default: 0 })
      .where("id", "=", removed.card.id)
      .execute();
    const replaced = await driverWithPass();
    await expire(replaced.card.id);
    await app.db.updateTable("payment_methods").set({ is_default: 0 }).where("id", "=", replaced.card.id).execute();
    await saveSandboxCard(app, replaced.user.id, { last4: "1881" });
    await remindExpiringCards(app);
    expect(await cardNotices(removed.user.phone)).toHaveLength(0);
    expect(await cardNotices(replaced.user.phone)).toHaveLength(0);
  });

  it("tells a card expiring before a renewal months away, and not one valid past it", async () => {
    const driver = await driverWithPass();
    const inThreeMonths = new Date(Date.now() + 95 * 86_400_000);
    await app.db
      .updateTable("subscription_periods")
      .set({ ends_at: inThreeMonths.toISOString() })
      .where("subscription_id", "=", driver.pass.uuid)
      .execute();
    await expire(driver.card.id, { year: inThreeMonths.getUTCFullYear() + 1, month: 1 });
    await remindExpiringCards(app);
    expect(await cardNotices(driver.user.phone)).toHaveLength(0);
    const twoMonthsOn = new Date(Date.now() + 62 * 86_400_000);
    await expire(driver.card.id, { year: twoMonthsOn.getUTCFullYear(), month: twoMonthsOn.getUTCMonth() + 1 });
    await remindExpiringCards(app);
    expect(await cardNotices(driver.user.phone)).toHaveLength(1);
  });

  it("tells once when two workers sweep at once, by push on the driver's device", async () => {
    const driver = await driverWithPass();
    const device = service.device();
    const subscribed = await app.inject({
      method: "POST",
      url: "/api/user/push-subscriptions",
      headers: driver.headers,
      payload: device,
    });
    expect(subscribed.statusCode).toBe(200);
    await app.inject({
      method: "PUT",
      url: "/api/user/reminder-preferences",
      headers: driver.headers,
      payload: { channel: "push", lead_minutes: 10, quiet_hours: null },
    });
    await expire(driver.card.id);
    service.slow(150);
    await Promise.all([remindExpiringCards(app), remindExpiringCards(app)]);
    service.slow(0);
    const pushes = service.received.filter((push) => device.endpoint.endsWith(push.path));
    expect(pushes).toHaveLength(1);
    const notice = device.read(pushes[0] as (typeof pushes)[number]) as { body: string; path: string };
    expect(notice).toMatchObject({ path: "/pagos" });
    expect(notice.body).toContain("4242");
    expect(await cardNotices(driver.user.phone)).toHaveLength(0);
  });

  it("decides on the lot's clock at a month's end", () => {
    const november = { exp_year: 2026, exp_month: 11 };
    // 23:00 on 30 November in Monterrey (05:00 UTC on 1 December): the card still pays that renewal.
    const renewsLateOnThe30th = Date.parse("2026-12-01T05:00:00Z");
    const october = Date.parse("2026-10-20T12:00:00Z");
    expect(expiresBeforeRenewal(november, renewsLateOnThe30th, MONTERREY, october)).toBe(false);
    expect(expiresBeforeRenewal(november, renewsLateOnThe30th, "UTC", october)).toBe(true);
    // 21:00 on 30 November in Monterrey is still November there: the card expires at the end of this month.
    const lateOnThe30th = Date.parse("2026-12-01T03:00:00Z");
    // 23:00 on 31 December there: a December card still pays it.
    const renewsLateOnThe31st = Date.parse("2027-01-01T05:00:00Z");
    const december = { exp_year: 2026, exp_month: 12 };
    expect(expiresBeforeRenewal(november, renewsLateOnThe31st, MONTERREY, lateOnThe30th)).toBe(true);
    expect(expiresBeforeRenewal(december, renewsLateOnThe31st, MONTERREY, lateOnThe30th)).toBe(false);
    expect(expiresBeforeRenewal(december, renewsLateOnThe31st, "UTC", lateOnThe30th)).toBe(true);
  });
});
