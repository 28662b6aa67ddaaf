import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults, RunOptions, Result as Violation } from "axe-core";
import Database from "better-sqlite3";
import { E2E_DATA_DIR, E2E_PORT } from "./playwright.config.ts";

export { expect };

/** The app on one of the seeded hosts (docs/product/hosts-and-themes.md). */
export const hostUrl = (host: "localhost" | "isisa.localhost" | "freeflow.localhost" | "us.localhost", path = "/") =>
  `http://${host}:${E2E_PORT}${path}`;

let phoneSequence = 0;
/**
 * A fresh 10-digit national number per call, unique across runs of the same server (the second,
 * modulo about 2.8 hours, and a sequence). `818` then 2–9 is a real number in both countries —
 * Monterrey's 81 in Mexico, area code 818 in the USA — so it passes the server's phone check
 * (lib/phones.ts) whichever country code the wizard has chosen (docs/decisions/0125).
 */
export const newNationalPhone = (): string =>
  `8182${String(Date.now() % 10_000_000)
    .padStart(7, "0")
    .slice(0, 4)}${String(++phoneSequence % 100).padStart(2, "0")}`;

/**
 * Signs a driver in through the real API (sandbox code) and stores the tokens the way the SPA
 * does, so journeys that are not about the wizard start signed in.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  page: Page,
  options: { host?: Parameters<typeof hostUrl>[0]; dialCode?: "+52" | "+1"; nationalPhone?: string } = {},
) {
  const host = options.host ?? "localhost";
  const phone = `${options.dialCode ?? "+52"}${options.nationalPhone ?? newNationalPhone()}`;
  const domain = host === "freeflow.localhost" ? "freeflow" : "estaciona";
  // Node does not resolve *.localhost as browsers do; tokens are not bound to a host, so the API
  // is called on localhost and only the page runs on the wanted host.
  let registered = await request.post(hostUrl("localhost", "/api/open/user"), {
    data: { phone_number: phone, domain },
  });
  // A seeded phone (an operator's) may have had a code sent by another journey moments ago: wait
  // out the resend cooldown the answer names, as a person would, and ask once more.
  if (registered.status() === 429) {
    await new Promise((resolve) => setTimeout(resolve, Number(registered.headers()["retry-after"] ?? 60) * 1000));
    registered = await request.post(hostUrl("localhost", "/api/open/user"), { data: { phone_number: phone, domain } });
  }
  expect(registered.ok()).toBeTruthy();
  const code = (await registered.json()).data as string;
  const token = await request.post(hostUrl("localhost", "/api/oauth/v2/token"), {
    data: {
      grant_type: "sms",
      client_id: "estaciona-web",
      client_secret: "estaciona-web-public",
      phone_number: phone,
      code,
      domain,
    },
  });
  expect(token.ok()).toBeTruthy();
  const { access_token, refresh_token } = await token.json();
  const tokens = { accessToken: access_token as string, refreshToken: refresh_token as string };
  await storeTokens(page, host, tokens);
  return { phone, ...tokens, headers: { authorization: `Bearer ${access_token}` } };
}

/** Stores a session's tokens on one host the way the SPA does (tokens are not bound to a host). */
export async function storeTokens(
  page: Page,
  host: Parameters<typeof hostUrl>[0],
  tokens: { accessToken: string; refreshToken: string },
) {
  await page.goto(hostUrl(host, "/privacidad"));
  // Only once the app has started: an app still starting would find the tokens and renew them,
  // and the navigation that follows would cut its answer off, leaving a spent refresh token.
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("access_token", access as string);
      localStorage.setItem("refresh_token", refresh as string);
    },
    [tokens.accessToken, tokens.refreshToken],
  );
}

/** axe on the current page: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page) {
  // Contrast is judged on settled pages: a toast fading in is not yet what the driver reads.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
          ),
      null,
      {
        timeout: 3_000,
      },
    )
    .catch(() => undefined);
  let blocking = await blockingViolations(page);
  // A success toast that times out while axe runs is measured half-faded: when every failing node
  // is gone or in a toast on its way out, wait for the toasts to leave and judge the page again.
  if (blocking.length > 0 && (await onlyInLeavingToasts(page, blocking))) {
    await page
      .waitForFunction(() => !document.querySelector("[data-sonner-toast]"), null, { timeout: 8_000 })
      .catch(() => undefined);
    blocking = await blockingViolations(page);
  }
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** axe-core's own build, put into a frame only when the frame does not hold it yet. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG 2.1 A/AA rules; only violations come back (the passes' details are not read). */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

async function blockingViolations(page: Page): Promise<Violation[]> {
  // axe runs in the page itself, every frame holding its own copy (our sandbox card form is an
  // iframe of our origin), and is injected once per document rather than on every check: the
  // Playwright integration's default run opened a blank page per check to finish its results,
  // and both together were ~45 % of a journey's CPU (docs/decisions/0328).
  for (const frame of page.frames()) {
    const holdsAxe = await frame
      .evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function")
      .catch(() => true);
    if (!holdsAxe) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  );
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

/** Whether every failing node is gone, or inside a toast being removed or still fading. */
function onlyInLeavingToasts(page: Page, violations: Violation[]): Promise<boolean> {
  const targets = violations.flatMap((violation) => violation.nodes.map((node) => node.target.map(String)));
  return page.evaluate(
    (selectors) =>
      selectors.every((target) => {
        if (target.length !== 1 || !target[0]) return false;
        const element = document.querySelector(target[0]);
        const toast = element?.closest<HTMLElement>("[data-sonner-toast]");
        if (!element) return true;
        return !!toast && (toast.dataset.removed === "true" || getComputedStyle(toast).opacity !== "1");
      }),
    targets,
  );
}

/**
 * Every journey fails on an error the page did not handle: an uncaught exception (`pageerror`)
 * or an error logged to the console — React logs there what an error boundary caught, which is
 * how a crash hidden behind an error screen shows. A failed request's own console line ("Failed
 * to load resource": a declined card's 422, a 401 that logs out) is the app working, not an error.
 * A journey that provokes an error on purpose lists what it expects with `expectPageErrors`.
 */
export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors = new PageErrors();
      page.on("pageerror", (error) => errors.record(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.record(`console: ${message.text()}`);
      });
      await use(errors);
      errors.check();
    },
    { auto: true },
  ],
});

export class PageErrors {
  private readonly seen: string[] = [];
  private readonly expected: RegExp[] = [];

  record(error: string): void {
    this.seen.push(error);
  }

  /** Errors this journey provokes on purpose; any other still fails it. */
  expect(...patterns: RegExp[]): void {
    this.expected.push(...patterns);
  }

  check(): void {
    const unexpected = this.seen.filter((error) => !this.expected.some((pattern) => pattern.test(error)));
    expect(unexpected, "errors in the page").toEqual([]);
  }
}

/** The sandbox's approving test card. */
export const APPROVED_TEST_CARD = "4242424242424242";

/**
 * A real stay is too long for a test: this moves a visit's entry back in the server's own
 * database file, so the fee engine prices a 70-minute stay. Everything else (pricing, charging,
 * the ledger, the screens) runs as in production.
 */
export function backdateEntry(visitUuid: string, minutes: number): void {
  withServerDatabase((database) => {
    const enteredAt = new Date(Date.now() - minutes * 60_000).toISOString();
    const changed = database
      .prepare("UPDATE visits SET entered_at = ?, created_at = ? WHERE id = ?")
      .run(enteredAt, enteredAt, visitUuid).changes;
    expect(changed).toBe(1);
  });
}

/**
 * The journey's server's own database file, for what a journey cannot wait for in real time (a
 * stay of an hour, a reminder due in twenty minutes) or what the platform does outside the app
 * (granting the operator role). SQLite in WAL mode takes this second writer.
 */
export function withServerDatabase<T>(use: (database: Database.Database) => T): T {
  const database = new Database(path.resolve(E2E_DATA_DIR, "estaciona.sqlite"));
  try {
    return use(database);
  } finally {
    database.close();
  }
}

export const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("access_token"))}`,
});

/** Names and e-mail: what the card screens require before a card (docs/product/money.md, missing_email). */
export async function completeProfileThroughApi(request: APIRequestContext, headers: Record<string, string>) {
  const profile = await request.put(hostUrl("localhost", "/api/user/edit"), {
    headers,
    data: { first_name: "Ana", last_name: "Pérez", email: `ana.${Date.now()}@example.com` },
  });
  expect(profile.ok()).toBeTruthy();
}

/**
 * Saves the sandbox's approving test card through the API, as the card iframe would: the
 * profile, the sandbox token, then `POST user/payment/method`. The freeflow journey is about the
 * gate, not the card screen (the first journey goes through the iframe).
 */
export async function addCardThroughApi(request: APIRequestContext, headers: Record<string, string>) {
  await completeProfileThroughApi(request, headers);
  const token = await request.post(hostUrl("localhost", "/sandbox/v1/tokens"), {
    data: { number: APPROVED_TEST_CARD, exp_month: "12", exp_year: "2030", cvc: "123", name: "Ana Pérez" },
  });
  expect(token.ok()).toBeTruthy();
  const tokenId = ((await token.json()) as { id: string }).id;
  const saved = await request.post(hostUrl("localhost", "/api/user/payment/method"), {
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    data: { token: tokenId },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

export async function signInThroughWizard(page: Page, nationalPhone: string) {
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await page.getByLabel("Número de celular").fill(nationalPhone);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** A journey's steps: axe on each, then a numbered full-page screenshot (390×844) kept with the run's results. */
export function stepChecker(page: Page, testInfo: TestInfo) {
  let count = 0;
  return async (name: string) => {
    await expectAccessible(page);
    count += 1;
    await page.screenshot({
      path: testInfo.outputPath(`${String(count).padStart(2, "0")}-${name}.png`),
      fullPage: true,
    });
  };
}
