import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

test("the server answers with the host's theme on the first paint", async ({ page }) => {
  await page.goto(hostUrl("isisa.localhost", "/"));
  await expect(page.locator("body")).toHaveClass("isisa");
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.locator("body")).toHaveClass("estaciona");
  await expectAccessible(page);
});

/**
 * The first download of / (docs/decisions/0010, 0095): the JavaScript a visitor without a
 * session fetches before signing in, gzip as `npm run bench:web` counts it. The limit is the
 * measured figure, so the first download cannot grow back unnoticed; the bench lists what it
 * is made of.
 */
// 103.1 KB measured (es-MX) once the sign-in catalogue came in the driver's language only
// (decision 0247; 105.2 before); 103.9 KB after the same day's sign-in features (the undelivered
// code's fallback, the 3-D Secure refusal back in the wizard, the student id rule): the sign-in
// words and wizard they add; 104.3 KB on 2026-11-28 (+0.4 KB, measured against a build of the day's
// first commit): the shell's entry names its stylesheets in the order the styles now load (+0.12),
// the host's configuration became a chunk of its own when more lazy screens began to read it
// (+0.24), and log-out forgets the device's push subscription (+0.04). 104.35 with the sign scanner
// (decision 0311): none of its code is in it, but its lazy chunk made the bundler give the
// contracts' index a 49-byte chunk of its own (`src-*.js`, imported by the session's), +0.04; a
// build without that one dynamic import has no such chunk. Issue 25 asks for 90: 0247 says how.
const FIRST_DOWNLOAD_JS_LIMIT_KB = 87.16;

test("the first download of / stays within its budget and leaves the router to the signed-in app", async ({ page }) => {
  const scripts: Promise<{ path: string; gzipBytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .body()
        .then((body) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(body).byteLength })),
    );
  });
  await page.goto(hostUrl("localhost", "/"), { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();

  const loaded = await Promise.all(scripts);
  const totalKb = loaded.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  expect(totalKb, loaded.map((file) => `${file.path} ${file.gzipBytes}`).join("\n")).toBeLessThanOrEqual(
    FIRST_DOWNLOAD_JS_LIMIT_KB,
  );
  expect(loaded.filter((file) => file.path.includes("/react-router-"))).toEqual([]);
});

/** Where the first screen's parts stand: the same before any script and once React has replaced it. */
const firstScreenBoxes = async (page: Page, heading: string, button: string) => ({
  heading: await page.getByRole("heading", { name: heading }).boundingBox(),
  button: await page.getByRole("button", { name: button }).boundingBox(),
  notice: await page.locator(".notice").boundingBox(),
});

for (const { locale, heading, phone, button } of [
  { locale: "es-MX", heading: "Inicia sesión o crea tu cuenta", phone: "Número de celular", button: "Continuar" },
  { locale: "en-US", heading: "Sign in or create your account", phone: "Mobile phone number", button: "Continue" },
]) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale });

    test("sees the sign-in screen before any script runs, and the app takes its place without a shift (decision 0247)", async ({
      page,
    }) => {
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto(hostUrl("localhost", "/"));
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      // Nothing typed before the app runs could survive it: the copy's controls wait disabled.
      await expect(page.getByLabel(phone)).toBeDisabled();
      await expect(page.getByLabel(phone)).toHaveAttribute("placeholder", "(000) 000-0000");
      await expect(page.getByRole("img", { name: /Estaciona/ })).toBeVisible();
      const painted = await firstScreenBoxes(page, heading, button);

      await page.unroute(/\.js$/);
      await page.reload();
      await expect(page.getByLabel(phone)).toBeEnabled();
      await expect(page.locator("#first-screen")).toHaveCount(0);
      expect(await firstScreenBoxes(page, heading, button)).toEqual(painted);
      await expectAccessible(page);
    });
  });
}

test("the app's scripts are asked for once the copy is painted, and nothing moves when the app takes over (decision 0345)", async ({
  page,
}) => {
  // Every layout shift from the very start, as Lighthouse's CLS counts them.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByLabel("Número de celular")).toBeEnabled();
  await expect(page.locator("#first-screen")).toHaveCount(0);
  const { painted, scripts, shifts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    shifts: (window as unknown as { layoutShifts: number[] }).layoutShifts,
  }));
  expect(painted).not.toBeNull();
  expect(scripts.some((script) => /^\/assets\/index-/.test(script.path))).toBe(true);
  expect(scripts.filter((script) => script.start < (painted ?? 0))).toEqual([]);
  expect(shifts).toEqual([]);
});

test("only the driver's language is downloaded first; switching brings the other in before a word changes", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // Every text the page ever shows, caught as it is added: a raw key (`phone_step.heading`) would be.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenTexts: seen });
    // biome-ignore lint/performance/useDomNodeTextContent: the words as drawn, not the text of hidden nodes.
    new MutationObserver(() => seen.push(document.body?.innerText ?? "")).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await expect(page.getByLabel("Número de celular")).toBeEnabled();
  expect(scripts.filter((path) => /\/assets\/es-/.test(path))).toHaveLength(1);
  expect(scripts.filter((path) => /\/assets\/en-/.test(path))).toEqual([]);

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
  await expect(page.getByLabel("Country code")).toHaveValue("us");
  expect(scripts.filter((path) => /\/assets\/en-/.test(path))).toHaveLength(1);
  const texts = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => /\b[a-z]+_[a-z_]+\.[a-z_]+\b|language\.(es|en|label)/.test(text))).toEqual([]);
});

test("the accessibility check every journey makes finds violations in the page and in its frames", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.evaluate(() => {
    const faint = document.createElement("p");
    faint.textContent = "Texto que casi no se lee";
    faint.style.cssText = "color: #eeeeee; background: #ffffff";
    document.body.append(faint);
    const frame = document.createElement("iframe");
    frame.title = "Marco de prueba";
    frame.srcdoc = '<html lang="es"><body><img src="/favicon.svg"></body></html>';
    document.body.append(frame);
  });
  await expect(page.frameLocator("iframe[title='Marco de prueba']").locator("img")).toBeAttached();
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast[\s\S]*image-alt|image-alt[\s\S]*color-contrast/);
});
