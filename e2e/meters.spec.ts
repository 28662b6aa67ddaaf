import path from "node:path";
import type { Page } from "@playwright/test";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, test } from "./fixtures.ts";
import playwrightConfig from "./playwright.config.ts";
import { reminderDueNow } from "./reminders.ts";

/**
 * Parking meters (docs/product/parking.md), as a brand-new driver meets them: signed up through the wizard on
 * `/`, then a zone found by the number on its sign, on the map (dragged under the pin) or in the
 * list; time paid with the number input, the end time on the zone's clock, a live countdown on
 * home, and more time added from the reminder's link. The map runs on WebGL: SwiftShader stands in
 * for a GPU. Nothing may be fetched from beyond this machine: the map works with no internet.
 */

const SCREENSHOTS = process.env.METER_SHOTS_DIR;
const baseLaunch = playwrightConfig.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...baseLaunch,
    args: [
      ...(baseLaunch.args ?? []).filter((arg) => arg !== "--disable-gpu"),
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
    ],
  },
});

/** Seeded zone 101 (apps/api/src/seed/data.ts): charged around the clock, $12.00 MXN an hour. */
const ZONE_101 = { uuid: "7d1e5a10-0000-4000-8000-000000000301", lat: 25.6623, lng: -100.32215 };

/** Every request the page makes must stay on this machine. */
function offlineOnly(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (protocol === "data:" || protocol === "blob:") return;
    if (hostname !== "localhost" && !hostname.endsWith(".localhost")) outside.push(request.url());
  });
  return outside;
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The zones list once the map has settled: drawn, and the zones for what it shows in. Until then
 * rows may still change, and the list says so with `aria-busy` (a person waits for it to stop
 * changing before tapping a row). SwiftShader draws the first map slowly on a busy machine.
 */
async function settledList(page: Page, name: string) {
  const list = page.getByRole("region", { name });
  await expect(list).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  return list;
}

/**
 * A finger held still before it lifts, so the map does not fling on. The map draws a move in its
 * next frame and flings with the movement of the last 160 ms (MapLibre's gesture memory), so the
 * finger rests from the second frame after the last move, however late a busy machine draws it.
 * The pause is part of the gesture, measured on the page's clock, not a wait for the app.
 */
async function restFinger(page: Page) {
  await page.evaluate(
    () => new Promise((rested) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(rested, 250)))),
  );
}

/** Minutes from one clock time read on the page ("4:29 p.m.") to another, within the same half day or the next. */
function minutesApart(from: string, to: string): number {
  const minutesOf = (time: string) => {
    const [, hours, minutes] = /(\d{1,2}):(\d{2})/.exec(time) ?? [];
    return (Number(hours) % 12) * 60 + Number(minutes);
  };
  return (minutesOf(to) - minutesOf(from) + 720) % 720;
}

test.describe("Spanish, Monterrey", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a new driver types the zone's number, pays 30 minutes, sees the end, and adds time from the reminder", async ({
    page,
    request,
    browser,
  }) => {
    const outside = offlineOnly(page);
    const driver = await signUpThroughWizard(page, "localhost", "es");
    await page.getByRole("link", { name: words.es.metersLink }).click();
    await expect(page).toHaveURL(hostUrl("localhost", "/parquimetros"));

    // The number on the sign, typed: no map needed.
    await page.getByLabel("Número de zona del letrero").fill("101");
    await page.getByRole("button", { name: "Buscar zona" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", `/parquimetros/${ZONE_101.uuid}`));
    await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
    await expect(page.getByText("$12.00 MXN por hora, más comisiones e impuestos")).toBeVisible();
    await expect(page.getByRole("radio", { name: driver.plate })).toBeChecked();

    // Half an hour to start (a curb errand); presets up to the zone's 2 h; the stepper moves in the
    // zone's own step (its 15-minute minimum); what is typed is clamped.
    const minutes = page.getByRole("spinbutton", { name: "Minutos" });
    await expect(minutes).toHaveValue("30");
    await expect(page.getByRole("group", { name: "¿Cuánto tiempo?" }).getByRole("button")).toHaveText([
      "15 min",
      "30 min",
      "1 h",
      "2 h",
    ]);
    await page.getByRole("button", { name: "1 h" }).click();
    await expect(minutes).toHaveValue("60");
    await page.getByRole("button", { name: "Aumentar" }).click();
    await expect(minutes).toHaveValue("75");
    // The total and Pay are on screen without scrolling at 390×844.
    await expect(page.getByRole("button", { name: /^Pagar \$/ })).toBeInViewport();
    await minutes.fill("500");
    await minutes.press("Enter");
    await expect(minutes).toHaveValue("120");
    await minutes.fill("30");
    await minutes.press("Enter");
    await expect(minutes).toHaveValue("30");
    // 30 minutes: $6.00 + $5.00 convenience + 2.9 % card + 16 % IVA.
    await expect(page.getByRole("row", { name: /Total/ })).toContainText("$13.13 MXN");
    await expect(page.getByText(/^Termina a las \d{1,2}:\d{2}/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, "01-zone-101");
    // The end follows the clock; what the driver read as they paid is what counts.
    const shownEnd = (await page.getByText(/^Termina a las/).textContent())?.replace("Termina a las ", "") ?? "";
    await page.getByRole("button", { name: "Pagar $13.13 MXN" }).click();
    await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();
    const paid = page.getByText(/^La zona 101 está pagada hasta las /);
    await expect(paid).toContainText(` para ${driver.plate}.`);
    // Paid from when the server charged: the end shown, or a minute on if the clock turned meanwhile.
    const paidEnd = /hasta las (.+) para /.exec((await paid.textContent()) ?? "")?.[1] ?? "";
    expect(minutesApart(shownEnd, paidEnd)).toBeGreaterThanOrEqual(0);
    expect(minutesApart(shownEnd, paidEnd)).toBeLessThanOrEqual(1);
    await expect(page.getByRole("timer")).toHaveText(/^Quedan (29|30):\d{2}$/);
    await expectAccessible(page);
    await shot(page, "02-paid");

    // Home: the session with its live countdown.
    await page.goto(hostUrl("localhost", "/dashboard"));
    const card = page.getByRole("region", { name: /Zona 101/ });
    await expect(card.getByText(`Pagado hasta las ${paidEnd}`)).toBeVisible();
    const before = await card.getByRole("timer").textContent();
    await expect(card.getByRole("timer")).not.toHaveText(before ?? "");
    await expectAccessible(page);
    await shot(page, "03-home-countdown");

    // The reminder goes out on the driver's channel (SMS until they choose another) with a one-tap
    // extend link (docs/product/reminders.md): opened on another device with no session, it shows
    // the extend screen, charges nothing until the confirm, and takes its token out of the address bar.
    reminderDueNow();
    let link = "";
    await expect(async () => {
      const outbox = await request.get(
        hostUrl("localhost", `/api/sandbox/outbox?recipient=${encodeURIComponent(driver.phone)}`),
      );
      const sms = ((await outbox.json()).data as { body: string }[]).find((message) =>
        message.body.includes("Agrega tiempo"),
      );
      link = /https?:\/\/\S+/.exec(sms?.body ?? "")?.[0] ?? "";
      expect(link).toMatch(/\/extender\/[\w-]{43}$/);
    }).toPass({ timeout: 30_000 });
    const elsewhere = await browser.newContext({ locale: "es-MX", timezoneId: "America/Monterrey" });
    const phone = await elsewhere.newPage();
    const opened = await phone.goto(link.replace(/^https?:\/\/[^/]+/, hostUrl("localhost", "")));
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(phone.getByRole("heading", { name: "Agregar tiempo", level: 1 })).toBeVisible();
    await expect(phone).toHaveURL(hostUrl("localhost", "/extender"));
    await expect(phone.getByRole("heading", { name: /^Zona 101 · / })).toBeVisible();
    await expect(phone.getByText(`Pagado hasta las`)).toContainText(paidEnd);
    await expect(phone.getByText("No se cobra nada hasta que confirmes.")).toBeVisible();
    // 15 more minutes cost $3.00 + fees and IVA, on the saved card.
    await phone.getByRole("radio", { name: "15 min" }).check();
    await expect(phone.getByText("Total: $9.55 MXN")).toBeVisible();
    await expectAccessible(phone);
    await phone.getByRole("button", { name: "Agregar 15 min por $9.55 MXN" }).click();
    await expect(phone.getByRole("status")).toContainText("Listo: tu estacionamiento ahora termina");
    await elsewhere.close();
    // The driver's own screen shows the new end: 15 minutes on from the old one.
    await page.goto(hostUrl("localhost", "/dashboard"));
    const card2 = page.getByRole("region", { name: /Zona 101/ });
    await expect(card2.getByText(/^Pagado hasta las /)).toBeVisible();
    const extended =
      /hasta las (.+)$/.exec((await card2.getByText(/^Pagado hasta las /).textContent()) ?? "")?.[1] ?? "";
    expect(minutesApart(paidEnd, extended)).toBe(15);
    await shot(page, "04-extended");

    // The meters screen lists it as running.
    await page.goto(hostUrl("localhost", "/parquimetros"));
    await expect(page.getByRole("region", { name: /Zona 101/ })).toBeVisible();
    expect(outside).toEqual([]);
  });

  test("a new driver drags the map until zone 101 is under the pin and pays 45 minutes with no internet", async ({
    page,
    context,
  }) => {
    const outside = offlineOnly(page);
    await signUpThroughWizard(page, "localhost", "es");
    // The driver stands about 150 m west of zone 101.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: ZONE_101.lat, longitude: ZONE_101.lng - 0.0015 });
    await page.goto(hostUrl("localhost", "/parquimetros"));
    const map = page.getByRole("region", { name: "Mapa" });
    // No street map can be reached here: the plain map says so (decision 0220).
    await expect(page.getByText(/^El mapa de calles no cargó/)).toBeVisible({ timeout: 15_000 });
    await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
    // The accessible list beside the map, nearest the map's centre first.
    const list = await settledList(page, "Zonas en el mapa");
    await expect(list.getByRole("link").first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, "05-map-clusters");

    await page.getByRole("button", { name: "Centrar en mi ubicación" }).click();
    await expect(map.locator(".meter-map-me")).toBeVisible();
    // The map has jumped to the driver and shows the zones around them: nothing under the pin yet.
    await settledList(page, "Zonas en el mapa");
    await expect(page.getByText("Arrastra el mapa hasta que tu zona quede bajo el marcador.")).toBeVisible();
    // 0.0015° of longitude at zoom 17 is 280 px: drag the map that far left, slowly (no fling).
    const canvas = map.locator("canvas.maplibregl-canvas");
    const box = await canvas.boundingBox();
    if (!box) throw new Error("the map has no size");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 300, y, { steps: 30 });
    await restFinger(page);
    await page.mouse.up();
    await settledList(page, "Zonas en el mapa");
    await expect(page.getByText(/^Bajo el marcador: zona 101,/)).toBeVisible();
    await expect(map.getByText("Zona 101 · $12.00 MXN/h")).toBeVisible();
    await shot(page, "06-map-pinned");
    await page.getByRole("link", { name: "Pagar en la zona 101" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", `/parquimetros/${ZONE_101.uuid}`));

    // 45 minutes with the stepper's buttons: one press of the zone's 15-minute step past 30.
    const minutes = page.getByRole("spinbutton", { name: "Minutos" });
    await minutes.fill("30");
    await minutes.press("Enter");
    await page.getByRole("button", { name: "Aumentar" }).click();
    await expect(minutes).toHaveValue("45");
    await page.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();
    await page.goto(hostUrl("localhost", "/dashboard"));
    await expect(page.getByRole("region", { name: /Zona 101/ }).getByRole("timer")).toHaveText(
      /^Quedan (44|45):\d{2}$/,
    );
    expect(outside).toEqual([]);
  });
});

test("a meter's QR landing leads to its zone, through sign-in with checkout=1", async ({ page }) => {
  await page.goto(hostUrl("localhost", `/loc/${ZONE_101.uuid}`));
  const zonePath = `/parquimetros/${ZONE_101.uuid}`;
  await expect(page).toHaveURL(hostUrl("localhost", `/?authRedirect=${encodeURIComponent(zonePath)}&checkout=1`));
  await page.getByLabel(words.es.phone).fill(newNationalPhone());
  await page.getByRole("button", { name: words.es.continue }).click();
  await expect(page.getByLabel(words.es.code)).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: words.es.signIn }).click();
  // A checkout goes straight to where it was going; this driver has no car yet.
  await expect(page).toHaveURL(hostUrl("localhost", zonePath));
  await expect(page.getByText("Agrega un vehículo para pagar el estacionamiento.")).toBeVisible();
  await expectAccessible(page);
});

test.describe("English, Austin", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });

  test("a new driver on the US host picks a zone from the list and pays 30 minutes in dollars", async ({ page }) => {
    const outside = offlineOnly(page);
    await signUpThroughWizard(page, "us.localhost", "en");
    await page.getByRole("link", { name: words.en.metersLink }).click();
    const list = await settledList(page, "Zones in view");
    await list.getByRole("link", { name: /7001/ }).click();
    await expect(page.getByRole("heading", { name: /Meter 7001/ })).toBeVisible();
    await expect(page.getByText("$2.00 USD per hour, plus fees and tax")).toBeVisible();
    const minutes = page.getByRole("spinbutton", { name: "Minutes" });
    await minutes.fill("30");
    await minutes.press("Enter");
    // $1.00 + $0.35 convenience + 2.9 % and $0.30 card + 8.25 % sales tax.
    await expect(page.getByRole("row", { name: /Total/ })).toContainText("$1.83 USD");
    await expect(page.getByText(/^Ends at \d{1,2}:\d{2} [AP]M/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, "07-us-zone");
    await page.getByRole("button", { name: "Pay $1.83 USD" }).click();
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^(29|30):\d{2} left$/);
    await expectAccessible(page);
    await shot(page, "08-us-paid");
    expect(outside).toEqual([]);
  });
});
