import { afterAll, beforeAll } from "vitest";
import { createSignedInUser, createTestApp, type TestApp } from "./helpers.ts";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * The app of a subscriptions test file, with an admin to create plans and codes. Called in a
 * describe: it opens both before the file's tests (`opened()` from then on) and closes the app after.
 */
export function subscriptionsApp() {
  let app: TestApp | undefined;
  let admin: SignedIn | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createSignedInUser(app, { role: "admin" });
  });
  afterAll(async () => app?.close());
  const opened = () => ({ app: app as TestApp, admin: admin as SignedIn });

  const get = (url: string, headers: Record<string, string> = {}) =>
    opened().app.inject({ method: "GET", url, headers });
  const cancel = (headers: Record<string, string>, uuid: string) =>
    opened().app.inject({ method: "POST", url: `/api/user/subscription/${uuid}/cancel`, headers });
  return { opened, get, cancel };
}
