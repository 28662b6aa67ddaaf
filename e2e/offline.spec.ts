import type { Page } from "@playwright/test";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";
import playwrightConfig from "./playwright.config.ts";

/**
 * Installable, and useful offline (docs/offline.md): each host's manifest, then a brand-new
 * driver on `/` who pays a meter and an event, loses the connection, reloads and still sees the
 * event's QR pass and the meter's end "as of" the last time the app reached us, in both
 * languages; logging out leaves nothing of theirs on the device.
 */

// The journeys elsewhere block service workers; this one is about them. The meter's zone page
// draws its map with WebGL: SwiftShader stands in for a GPU, as in meters.spec.ts.
const baseLaunch = playwrightConfig.use?.launchOptions ?? {};
test.use({
  serviceWorkers: "allow",
  launchOptions: {
    ...baseLaunch,
    args: [
      ...(baseLaunch.args ?? []).filter((arg) => arg !== "--disable-gpu"),
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
    ],
  },
});

const OFFLINE_KEY = "estaciona.offline.v1";
/** Seeded (apps/api/src/seed/data.ts): Festival Península's first day, sold on the default host. */
const PENINSULA_DAY_1 = "7d1e5a10-0000-4000-8000-000000000311";

const HOSTS = [
  { host: "localhost", name: "Estaciona", lang: "es", theme: "estaciona" },
  { host: "isisa.localhost", name: "ISISA", lang: "es", theme: "isisa" },
  { host: "freeflow.localhost", name: "Freeflow", lang: "es", theme: "freeflow" },
  { host: "us.localhost", name: "Estaciona", lang: "en", theme: "estaciona" },
] as const;

test("each host's manifest names its own app, with its icon and its theme's colour", async ({ page }) => {
  for (const { host, name, lang, theme } of HOSTS) {
    await page.goto(hostUrl(host, "/"));
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const found = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const manifest = await response.json();
      const icons = await Promise.all(
        (manifest.icons as { src: string }[]).map(async (icon) => {
          const answer = await fetch(icon.src);
          return { src: icon.src, ok: answer.ok, type: answer.headers.get("content-type") ?? "" };
        }),
      );
      return {
        contentType: response.headers.get("content-type") ?? "",
        manifest,
        icons,
        brand: getComputedStyle(document.body).getPropertyValue("--brand").trim(),
        meta: document.querySelector('meta[name="theme-color"]')?.getAttribute("content"),
      };
    }, href!);
    expect(found.contentType).toMatch(/^application\/manifest\+json/);
    expect(found.manifest).toMatchObject({
      name,
      short_name: name,
      lang,
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    // The colour the host's pages are painted with is the installed app's.
    expect(found.manifest.theme_color).toBe(found.brand);
    expect(found.meta).toBe(found.brand);
    expect(found.manifest.icons[0]).toMatchObject({ src: `/themes/${theme}/icon.svg`, sizes: "any" });
    for (const icon of found.icons) {
      expect(icon.ok, icon.src).toBe(true);
      expect(icon.type, icon.src).toMatch(/^image\//);
    }
  }
});

async function offlineCopy(page: Page) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), OFFLINE_KEY);
}

test("a new driver pays a meter and an event, loses the connection, and still shows the pass and the meter's end", async ({
  page,
  context,
}) => {
  const driver = await signUpThroughWizard(page, "localhost", "es");
  // The service worker was registered on `/` and controls the page from now on.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 30_000 })
    .toBe(true);

  // A meter: zone 101 by the number on its sign, the proposed half hour.
  await page.getByRole("link", { name: words.es.metersLink }).click();
  await page.getByLabel("Número de zona del letrero").fill("101");
  await page.getByRole("button", { name: "Buscar zona" }).click();
  await expect(page.getByRole("radio", { name: driver.plate })).toBeChecked();
  await page.getByRole("button", { name: /^Pagar \$/ }).click();
  const paid = page.getByText(/^La zona 101 está pagada hasta las /);
  await expect(paid).toBeVisible();
  const paidEnd = /hasta las (.+) para /.exec((await paid.textContent()) ?? "")?.[1] ?? "";
  expect(paidEnd).not.toBe("");

  // An event: parking for tonight with the saved vehicle and card.
  await page.goto(hostUrl("localhost", `/eventos/${PENINSULA_DAY_1}`));
  await expect(page.getByRole("radio", { name: driver.plate })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
  await page.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(/\/visita\/evento\/[0-9a-f-]{36}$/, { timeout: 15_000 });

  // Home: the app keeps what the driver would show, with no connection, on the device.
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect
    .poll(async () => {
      const copy = await offlineCopy(page);
      return copy ? [copy.meters.length, copy.events.length, copy.receipts.length > 0] : null;
    })
    .toEqual([1, 1, true]);

  // No signal: a reload opens the app from the device and shows the pass and the meter's end.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible({ timeout: 15_000 });
  const meter = page.getByRole("region", { name: "Parquímetro" });
  await expect(meter).toContainText(`Zona 101 · ${driver.plate}`);
  await expect(meter.getByText(`Pagado hasta las ${paidEnd}`)).toBeVisible();
  await expect(meter.getByText(/^Actualizado a las \d{1,2}:\d{2}/)).toBeVisible();
  const events = page.getByRole("region", { name: "Estacionamiento para eventos" });
  await expect(events.getByRole("img", { name: /^Pase QR de Festival Península · Día 1/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recibos recientes" })).toContainText("$");
  await expect(
    page.getByText(/Pagar, agregar tiempo, comprar una pensión y dar propina necesitan conexión/),
  ).toBeVisible();
  await expectAccessible(page);

  // The same in English.
  await page.evaluate(() => localStorage.setItem("locale", "en"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "No connection" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Parking meter" }).getByText(/^Paid until /)).toBeVisible();
  await expect(page.getByText(/^As of \d{1,2}:\d{2}/).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR pass for Festival Península · Día 1/ })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem("locale", "es"));

  // Back online, the driver logs out: nothing of theirs stays on the device.
  await context.setOffline(false);
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(async () => {
    await page.getByRole("button", { name: words.es.menu }).click();
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  expect(await offlineCopy(page)).toBeNull();

  // Offline again: the app still opens, on the sign-in screen, with no one's passes.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toHaveCount(0);
  await context.setOffline(false);
});
