import { expect } from "vitest";
import type { TestApp } from "./helpers.ts";

export const CLIENT = { client_id: "estaciona-web", client_secret: "estaciona-web-public" } as const;

/** A code that is not the right one: the right one with its last digit changed. */
export const wrongCodeOf = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

let addressCounter = 0;
/** A fresh client address per call, so the per-IP cap only bites where a test means it to. */
export const freshAddress = () => `192.0.2.${++addressCounter % 250}`;

/** The sign-in calls the auth tests make, on the app `appOf()` answers (created in a beforeAll). */
export function signInCalls(appOf: () => TestApp) {
  const register = (phone: string, remoteAddress = freshAddress(), headers: Record<string, string> = {}) =>
    appOf().inject({
      method: "POST",
      url: "/api/open/user",
      payload: { phone_number: phone, domain: "estaciona" },
      remoteAddress,
      headers,
    });

  const codeFor = async (phone: string): Promise<string> => {
    const response = await register(phone);
    expect(response.statusCode).toBe(200);
    const code: unknown = response.json().data;
    if (typeof code !== "string") throw new Error(`no code in ${response.body}`);
    return code;
  };

  const smsGrant = (phone: string, code: string) =>
    appOf().inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "sms", ...CLIENT, phone_number: phone, code, domain: "estaciona" },
    });

  const refreshGrant = (refreshToken: string) =>
    appOf().inject({
      method: "POST",
      url: "/api/oauth/v2/token",
      payload: { grant_type: "refresh_token", ...CLIENT, refresh_token: refreshToken },
    });

  const wrongCode = wrongCodeOf;

  /** `GET user/view` with the token: the user's id, or the error code the API refused it with. */
  const authenticateWith = async (accessToken: string): Promise<string> => {
    const response = await appOf().inject({
      method: "GET",
      url: "/api/user/view",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return response.statusCode === 200 ? response.json().data.uuid : response.json().error;
  };

  const userByPhone = (phone: string) =>
    appOf()
      .db.selectFrom("users")
      .selectAll()
      .where("phone", "=", phone)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();

  return { register, codeFor, smsGrant, refreshGrant, wrongCode, authenticateWith, userByPhone };
}
