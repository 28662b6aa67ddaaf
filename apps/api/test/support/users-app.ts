import { afterAll, beforeAll } from "vitest";
import { isoBefore } from "../../src/lib/time.ts";
import { type createSignedInUser, createTestApp, type TestApp } from "./helpers.ts";

export type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * The app of a users test file and the calls its tests make: the profile's endpoints in a
 * language, the e-mail codes sent and read back from the sandbox outbox. Called in a describe: it
 * opens the app before the file's tests (`opened()` from then on) and closes it after.
 */
export function usersApp() {
  let app: TestApp | undefined;
  let addressCounter = 0;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());
  const opened = () => app as TestApp;

  const uniqueAddress = () => `driver${process.pid}-${++addressCounter}@example.com`;
  const call = (
    driver: SignedIn | null,
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
    language = "en",
  ) =>
    opened().inject({
      method,
      url,
      headers: { ...(driver?.headers ?? {}), "accept-language": language },
      ...(payload === undefined ? {} : { payload }),
    });

  /** The code of the newest e-mail sent to an address, read from the sandbox outbox. */
  async function lastCodeSentTo(address: string) {
    const message = await opened()
      .db.selectFrom("outbox_messages")
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
    await opened()
      .db.updateTable("email_codes")
      .set({ created_at: isoBefore(seconds) })
      .where("phone", "=", phone)
      .execute();
  }

  return { opened, uniqueAddress, call, lastCodeSentTo, sendCode, agePhoneCodes };
}
