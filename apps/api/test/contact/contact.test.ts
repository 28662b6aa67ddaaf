import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { driverWithPaidStay } from "../support/invoicing-fixtures.ts";
import { createDriverWithVehicle, outboxFor } from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/** The platform organisation's address (apps/api/src/seed/reference.ts), which every seeded host reaches. */
const OPERATOR_EMAIL = "ayuda@estaciona.localhost";

describe(`contact form (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { CONTACT_MAX_PER_USER_PER_DAY: "2", CONTACT_MAX_PER_IP_PER_HOUR: "3" } });
  });
  afterAll(async () => app.close());

  let address = 0;
  const send = (headers: Record<string, string>, payload: object, remoteAddress = `10.88.0.${++address}`) =>
    app.inject({ method: "POST", url: "/api/user/contact", headers, payload, remoteAddress });

  it("stores the message, answers a reference and e-mails the host's operator with the driver and the stay", async () => {
    const driver = await driverWithPaidStay(app, (await createLocation(app)).id);
    const visit = await app.db
      .selectFrom("visits")
      .select("id")
      .where("user_id", "=", driver.user.id)
      .executeTakeFirstOrThrow();
    const response = await send(driver.headers, {
      topic: "payment",
      message: "Me cobraron dos veces\nla misma estancia.",
      visit_uuid: visit.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { reference } = response.json().data;
    expect(reference).toMatch(/^C-[2-9A-HJKMNP-Z]{8}$/);

    await app.jobs.runDueJobs();
    const mail = (await outboxFor(app, OPERATOR_EMAIL)).filter((message) => message.subject?.includes(reference));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`[${reference}] Un pago o un cargo · Estaciona`);
    expect(mail[0]?.body).toContain("Me cobraron dos veces\nla misma estancia.");
    expect(mail[0]?.body).toContain(driver.user.phone);
    expect(mail[0]?.body).toContain(visit.id);
    const stored = await app.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: driver.user.id, topic: "payment", sent_to: OPERATOR_EMAIL });
  });

  it("refuses a stay of another driver, an unknown topic and an empty message", async () => {
    const driver = await createDriverWithVehicle(app);
    const other = await send(driver.headers, { topic: "visit", message: "Hola", visit_uuid: randomUUID() });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe("object_not_found");
    expect((await send(driver.headers, { topic: "spam", message: "Hola" })).json().error).toBe("invalid_data");
    expect((await send(driver.headers, { topic: "other", message: "   " })).json().error).toBe("invalid_data");
    expect((await app.inject({ method: "POST", url: "/api/user/contact", payload: {} })).statusCode).toBe(401);
  });

  it("caps messages per driver per day and per address per hour, with Retry-After", async () => {
    const driver = await createDriverWithVehicle(app);
    expect((await send(driver.headers, { topic: "other", message: "1" })).statusCode).toBe(201);
    expect((await send(driver.headers, { topic: "other", message: "2" })).statusCode).toBe(201);
    const third = await send(driver.headers, { topic: "other", message: "3" });
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe("action_not_available");
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(80_000);

    const sharedAddress = "10.89.0.1";
    for (let i = 0; i < 3; i += 1) {
      const someone = await createDriverWithVehicle(app);
      expect((await send(someone.headers, { topic: "other", message: "hola" }, sharedAddress)).statusCode).toBe(201);
    }
    const fourth = await createDriverWithVehicle(app);
    const capped = await send(fourth.headers, { topic: "other", message: "hola" }, sharedAddress);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers["retry-after"])).toBeLessThanOrEqual(3600);
  });

  it("lets parallel sends pass a cap no further than it allows", async () => {
    const driver = await createDriverWithVehicle(app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(driver.headers, { topic: "other", message: "a la vez" })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(3);
  });
});
