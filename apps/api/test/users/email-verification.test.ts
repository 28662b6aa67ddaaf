import { beforeAll, describe, expect, it } from "vitest";
import { isoBefore } from "../../src/lib/time.ts";
import { createSignedInUser, type TestApp, testEngine, testPhone } from "../support/helpers.ts";
import { usersApp } from "../support/users-app.ts";

/** Verifying an e-mail with a code: bound to the address and phone, tries, expiry, pauses and caps. */
describe(`profile, e-mail verification and account (${testEngine})`, () => {
  const users = usersApp();
  const { uniqueAddress, call, lastCodeSentTo, sendCode, agePhoneCodes } = users;
  let app: TestApp;
  beforeAll(() => {
    app = users.opened();
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
});
