import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import {
  createSignedInUser,
  openTestDatabase,
  signIn,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";
import { usersApp } from "../support/users-app.ts";

/** The driver's profile: reading and editing it, the language, deleting the account and exporting its data. */
describe(`profile, e-mail verification and account (${testEngine})`, () => {
  const users = usersApp();
  const { uniqueAddress, call } = users;
  let app: TestApp;
  beforeAll(() => {
    app = users.opened();
  });

  it("answers the signed-in driver with every field of the spec and their vehicles", async () => {
    const driver = await createSignedInUser(app, {
      first_name: "Ana",
      last_name: "López",
      email: uniqueAddress(),
      email_verified_at: new Date().toISOString(),
      payment_methods_mx: 1,
      free_flow_activation: "2026-11-20",
    });
    await call(driver, "POST", "/api/user/vehicle", { plate: "VIEW01", state: "Jalisco" });
    const response = await call(driver, "GET", "/api/user/view");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        uuid: driver.user.id,
        first_name: "Ana",
        last_name: "López",
        email: driver.user.email,
        email_verified: true,
        phone: driver.user.phone,
        student_id: null,
        locale: "es",
        role: "driver",
        vehicles: [
          {
            uuid: expect.any(String),
            plate: "VIEW01",
            state: "Jalisco",
            country: "mx",
            brand: null,
            model: null,
            year: null,
            color: null,
          },
        ],
        payment_methods_mx: true,
        payment_methods_us: false,
        free_flow_activation: "2026-11-20",
      },
    });
  });

  it("refuses a missing, forged or revoked token", async () => {
    expect((await call(null, "GET", "/api/user/view")).json().error).toBe("authentication_error");
    const forged = await app.inject({
      method: "GET",
      url: "/api/user/view",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("edits names and e-mail; a changed e-mail is no longer verified, an unchanged one stays verified", async () => {
    const address = uniqueAddress();
    const driver = await createSignedInUser(app, { email: address, email_verified_at: new Date().toISOString() });
    const same = await call(driver, "PUT", "/api/user/edit", {
      first_name: " Luis ",
      last_name: "Pérez",
      email: address.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({
      first_name: "Luis",
      last_name: "Pérez",
      email: address,
      email_verified: true,
    });

    const other = uniqueAddress();
    const changed = await call(driver, "PUT", "/api/user/edit", {
      first_name: "Luis",
      last_name: "Pérez",
      email: other,
    });
    expect(changed.json().data).toMatchObject({ email: other, email_verified: false });
    const row = await app.db
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", driver.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: other, email_verified_at: null });
  });

  it("edits names and student id (the university shape) without touching the e-mail", async () => {
    const address = uniqueAddress();
    const driver = await createSignedInUser(app, { email: address });
    const response = await call(driver, "PUT", "/api/user/edit", {
      first_name: "Sofía",
      last_name: "Ruiz",
      student_id: "A01234567",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: "Sofía",
      last_name: "Ruiz",
      student_id: "A01234567",
      email: address,
    });
  });

  it("validates the edit: names required, a valid e-mail or a student id", async () => {
    const driver = await createSignedInUser(app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: "A", last_name: "B" }, "missing_parameters"],
      // A malformed address is the spec's own code (docs/product/validation.md and docs/product/calls-and-errors.md), not the generic invalid_data.
      [{ first_name: "A", last_name: "B", email: "not-an-address" }, "invalid_email"],
      [{ first_name: "A", last_name: "B", email: "a@" }, "invalid_email"],
      [{ first_name: "  ", last_name: "B", email: "a@example.com" }, "invalid_data"],
      [{ last_name: "B", student_id: "X1" }, "missing_parameters"],
    ];
    for (const [body, code] of cases) {
      const response = await call(driver, "PUT", "/api/user/edit", body);
      expect({ body, code: response.json().error }).toEqual({ body, code });
    }
    const malformed = await app.inject({
      method: "PUT",
      url: "/api/user/edit",
      headers: { ...driver.headers, "accept-language": "es" },
      payload: { first_name: "A", last_name: "B", email: "ana.example.com" },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      error: "invalid_email",
      error_description: "El correo electrónico no es válido.",
    });
    const row = await app.db
      .selectFrom("users")
      .select("first_name")
      .where("id", "=", driver.user.id)
      .executeTakeFirst();
    expect(row?.first_name).toBeNull();
  });

  it("refuses an e-mail of another active account (email_already_used), and frees it when that account is deleted", async () => {
    const address = uniqueAddress();
    const owner = await createSignedInUser(app, { email: address });
    const other = await createSignedInUser(app);
    const taken = await call(other, "PUT", "/api/user/edit", { first_name: "A", last_name: "B", email: address });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: "email_already_used",
      error_description: "This e-mail address is already in use.",
    });

    expect((await call(owner, "DELETE", "/api/user")).statusCode).toBe(200);
    const free = await call(other, "PUT", "/api/user/edit", { first_name: "A", last_name: "B", email: address });
    expect(free.statusCode).toBe(200);
  });

  it("gives one 200 and one email_already_used when two accounts race for one e-mail", async () => {
    const first = await createSignedInUser(app);
    const second = await createSignedInUser(app);
    const address = uniqueAddress();
    const answers = await Promise.all(
      [first, second].map((driver) =>
        call(driver, "PUT", "/api/user/edit", { first_name: "A", last_name: "B", email: address }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe("email_already_used");
  });

  it("sets the language", async () => {
    const driver = await createSignedInUser(app);
    const response = await call(driver, "PUT", "/api/user/locale", { locale: "en" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.locale).toBe("en");
    const view = await call(driver, "GET", "/api/user/view");
    expect(view.json().data.locale).toBe("en");
    const wrong = await call(driver, "PUT", "/api/user/locale", { locale: "fr" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe("invalid_data");
  });

  it("deletes the account in one go: sessions revoked, vehicles removed, plate, phone and e-mail free again", async () => {
    const address = uniqueAddress();
    const driver = await createSignedInUser(app, { email: address });
    const secondSession = await createSignedInUser(app, { phone: testPhone() });
    await call(driver, "POST", "/api/user/vehicle", { plate: "BYE001", state: "Sonora" });

    const deleted = await call(driver, "DELETE", "/api/user");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: null });

    const afterwards = await call(driver, "GET", "/api/user/view");
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json().error).toBe("authentication_error");
    const sessions = await app.db
      .selectFrom("sessions")
      .select(["revoked_at", "revoked_reason"])
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(sessions).toEqual([{ revoked_at: expect.any(String), revoked_reason: "account_deleted" }]);
    const vehicles = await app.db
      .selectFrom("vehicles")
      .select("deleted_at")
      .where("user_id", "=", driver.user.id)
      .execute();
    expect(vehicles.every((vehicle) => vehicle.deleted_at !== null)).toBe(true);

    // Someone else can take the plate, and the phone can open a new account.
    expect(
      (await call(secondSession, "POST", "/api/user/vehicle", { plate: "BYE001", state: "Sonora" })).statusCode,
    ).toBe(201);
    const newAccount = await createSignedInUser(app, { phone: driver.user.phone, email: address });
    expect((await call(newAccount, "GET", "/api/user/view")).json().data.email).toBe(address);
  });

  it("ends a signed-in session for good when the account is deleted: the refresh token is refused too", async () => {
    const session = await signIn(app);
    expect((await app.inject({ method: "DELETE", url: "/api/user", headers: session.headers })).statusCode).toBe(200);
    const refreshed = await app.inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "refresh_token", client_id: "estaciona-web", refresh_token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe("invalid_grant");
    const view = await app.inject({ method: "GET", url: "/api/user/view", headers: session.headers });
    expect(view.statusCode).toBe(401);
  });

  it("exports the driver's own data, and only theirs", async () => {
    const driver = await createSignedInUser(app, { first_name: "Eva", email: uniqueAddress() });
    const other = await createSignedInUser(app);
    await call(other, "POST", "/api/user/vehicle", { plate: "OTHER1", state: "Yucatán" });
    const kept = (await call(driver, "POST", "/api/user/vehicle", { plate: "EXP001", state: "Yucatán" })).json().data;
    const removed = (await call(driver, "POST", "/api/user/vehicle", { plate: "EXP002", state: "Ohio" })).json().data;
    await call(driver, "DELETE", `/api/user/vehicle/${removed.uuid}`);

    const response = await call(driver, "GET", "/api/user/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("attachment");
    const { data } = response.json();
    expect(data.profile).toMatchObject({
      uuid: driver.user.id,
      phone: driver.user.phone,
      first_name: "Eva",
      email: driver.user.email,
      status: "active",
    });
    // Both vehicles, deleted ones included; two added in the same millisecond may come in either order.
    const byPlate = (plate: string) => data.vehicles.find((vehicle: { plate: string }) => vehicle.plate === plate);
    expect(data.vehicles).toHaveLength(2);
    expect(byPlate("EXP001")).toMatchObject({ uuid: kept.uuid, deleted_at: null });
    expect(byPlate("EXP002").deleted_at).toEqual(expect.any(String));
    expect(data.sessions).toEqual([expect.objectContaining({ uuid: driver.sessionId, revoked_at: null })]);
    expect(JSON.stringify(data)).not.toContain("OTHER1");
    expect(JSON.stringify(data)).not.toContain("code_hmac");
  });
});

describe(`user/view, the hot path (${testEngine})`, () => {
  it("costs two queries: the session-and-user check and the vehicles", async () => {
    // Every statement the database runs is counted, those compiled once (db/compiled-once.ts) too.
    let queries = 0;
    const database = await openTestDatabase({ onStatement: () => queries++ });
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
    });
    await app.ready();
    try {
      const driver = await createSignedInUser(app);
      for (const plate of ["HOT001", "HOT002", "HOT003"])
        await app.inject({
          method: "POST",
          url: "/api/user/vehicle",
          headers: driver.headers,
          payload: { plate, state: "Jalisco" },
        });
      queries = 0;
      const response = await app.inject({ method: "GET", url: "/api/user/view", headers: driver.headers });
      expect(response.json().data.vehicles).toHaveLength(3);
      expect(queries).toBe(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
