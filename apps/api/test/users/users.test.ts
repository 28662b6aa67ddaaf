import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { isoBefore } from "../../src/lib/time.ts";
import {
  createSignedInUser,
  createTestApp,
  openTestDatabase,
  signIn,
  type TestApp,
  testConfig,
  testEngine,
  testPhone,
} from "../support/helpers.ts";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`profile, e-mail verification and account (${testEngine})`, () => {
  let app: TestApp;
  let addressCounter = 0;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const uniqueAddress = () => `driver${process.pid}-${++addressCounter}@example.com`;
  const call = (
    driver: SignedIn | null,
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
    language = "en",
  ) =>
    app.inject({
      method,
      url,
      headers: { ...(driver?.headers ?? {}), "accept-language": language },
      ...(payload === undefined ? {} : { payload }),
    });

  /** The code of the newest e-mail sent to an address, read from the sandbox outbox. */
  async function lastCodeSentTo(address: string) {
    const message = await app.db
      .selectFrom("outbox_messages")
      .select(["subject", "body"])
      .where("recipient", "=", address)
      .where("channel", "=", "email")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    return { message, code };
  }

  async function sendCode(address: string, phone: string, language = "en") {
    return call(
      null,
      "POST",
      "/api/open/send/verification/code/email",
      { email: address, phone_number: phone },
      language,
    );
  }

  /** Lets the resend pause pass without waiting: the newest code for the phone is aged past 60 s. */
  async function agePhoneCodes(phone: string, seconds: number) {
    await app.db
      .updateTable("email_codes")
      .set({ created_at: isoBefore(seconds) })
      .where("phone", "=", phone)
      .execute();
  }

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

  it("verifies an e-mail with the code sent to it, in the request's language, stored only as an HMAC", async () => {
    const driver = await createSignedInUser(app);
    const address = uniqueAddress();
    const sent = await sendCode(address, driver.user.phone, "es");
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: null });
    const { message, code } = await lastCodeSentTo(address);
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.subject).toContain("código de verificación");
    const stored = await app.db.selectFrom("email_codes").selectAll().where("email", "=", address).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hmac).not.toContain(code ?? "");

    const checked = await call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({ email: address, email_verified: true });
    const reused = await call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe("invalid_code");
  });

  it("binds a code to the address and to the signed-in driver's phone", async () => {
    const driver = await createSignedInUser(app);
    const someoneElse = await createSignedInUser(app);
    const address = uniqueAddress();
    await sendCode(address, driver.user.phone);
    const { code } = await lastCodeSentTo(address);
    const otherDriver = await call(someoneElse, "POST", "/api/user/check/verification/code/email", {
      email: address,
      code,
    });
    expect(otherDriver.json().error).toBe("invalid_code");
    const otherAddress = await call(driver, "POST", "/api/user/check/verification/code/email", {
      email: uniqueAddress(),
      code,
    });
    expect(otherAddress.json().error).toBe("invalid_code");
    const unsigned = await call(null, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(unsigned.statusCode).toBe(401);
    const right = await call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(right.statusCode).toBe(200);
  });

  it("ends a code after five wrong tries, even if the right code follows", async () => {
    const driver = await createSignedInUser(app);
    const address = uniqueAddress();
    await sendCode(address, driver.user.phone);
    const { code } = await lastCodeSentTo(address);
    const wrong = code === "000000" ? "111111" : "000000";
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code: wrong }),
      ),
    );
    expect(guesses.map((guess) => guess.json().error)).toEqual(Array(5).fill("invalid_code"));
    const late = await call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: "invalid_code", error_description: "The code is invalid or has expired." });
  });

  it("refuses an expired code, and a code superseded by a resend", async () => {
    const driver = await createSignedInUser(app);
    const address = uniqueAddress();
    await sendCode(address, driver.user.phone);
    const first = (await lastCodeSentTo(address)).code;
    await app.db
      .updateTable("email_codes")
      .set({ expires_at: isoBefore(1) })
      .where("email", "=", address)
      .execute();
    const expired = await call(driver, "POST", "/api/user/check/verification/code/email", {
      email: address,
      code: first,
    });
    expect(expired.json().error).toBe("invalid_code");

    await agePhoneCodes(driver.user.phone, 61);
    expect((await sendCode(address, driver.user.phone)).statusCode).toBe(200);
    const second = (await lastCodeSentTo(address)).code;
    if (first !== second) {
      const superseded = await call(driver, "POST", "/api/user/check/verification/code/email", {
        email: address,
        code: first,
      });
      expect(superseded.json().error).toBe("invalid_code");
    }
    const fresh = await call(driver, "POST", "/api/user/check/verification/code/email", {
      email: address,
      code: second,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses a verified address another account took meanwhile: email_already_used", async () => {
    const driver = await createSignedInUser(app);
    const address = uniqueAddress();
    await sendCode(address, driver.user.phone);
    const { code } = await lastCodeSentTo(address);
    await createSignedInUser(app, { email: address });
    const response = await call(driver, "POST", "/api/user/check/verification/code/email", { email: address, code });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("email_already_used");
  });

  it("pauses 60 s between sends and allows five sends per 10 minutes per phone", async () => {
    const driver = await createSignedInUser(app);
    const address = uniqueAddress();
    expect((await sendCode(address, driver.user.phone)).statusCode).toBe(200);
    const tooSoon = await sendCode(address, driver.user.phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe("action_not_available");
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(55);

    for (let send = 2; send <= 5; send++) {
      await agePhoneCodes(driver.user.phone, 61);
      expect((await sendCode(uniqueAddress(), driver.user.phone)).statusCode).toBe(200);
    }
    await agePhoneCodes(driver.user.phone, 61);
    const sixth = await sendCode(uniqueAddress(), driver.user.phone);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(500);
  });

  it("caps the codes sent to one address even across phones", async () => {
    const address = uniqueAddress();
    for (let send = 1; send <= 5; send++) expect((await sendCode(address, testPhone())).statusCode).toBe(200);
    const sixth = await sendCode(address, testPhone());
    expect(sixth.statusCode).toBe(429);
  });

  it("answers alike for a phone without an account, but e-mails nobody", async () => {
    const address = uniqueAddress();
    const unknownPhone = testPhone();
    const response = await sendCode(address, unknownPhone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await lastCodeSentTo(address)).message).toBeUndefined();
    expect((await sendCode(address, unknownPhone)).statusCode).toBe(429);
  });

  it("validates the send: an e-mail and a +52/+1 phone", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "x@example.com" }, "missing_parameters"],
      [{ email: "nope", phone_number: "+528112345678" }, "invalid_email"],
      [{ email: "x@example.com", phone_number: "+448112345678" }, "invalid_data"],
    ];
    for (const [body, code] of cases) {
      const response = await call(null, "POST", "/api/open/send/verification/code/email", body);
      expect({ body, code: response.json().error }).toEqual({ body, code });
    }
    const driver = await createSignedInUser(app);
    const check = await call(driver, "POST", "/api/user/check/verification/code/email", {
      email: "nope",
      code: "123456",
    });
    expect(check.json().error).toBe("invalid_email");
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
