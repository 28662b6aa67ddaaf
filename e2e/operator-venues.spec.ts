import type { Browser, Page } from "@playwright/test";
import { expectNoSidewaysScroll, openConsole, section, signIn, VIEWPORTS } from "./console.ts";
import { newOperatorPhone } from "./devices.ts";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * Events and meter zones from the console (issue 15, docs/decisions/0049, 0050), as they happen:
 * an operator of the demo organisation (a throwaway one: the demo operator's code is sent once a
 * minute) signs in on `/`, opens a venue and publishes an event; a brand-new driver scans the
 * venue's QR landing and buys parking; the operator cancels and the driver sees the refund the
 * worker made. Then a meter zone: created with its price preview, found by a new driver by the
 * code on its sign, and paid at the price the console showed.
 */
const SHOTS = process.env.VENUES_SHOTS_DIR ?? "/tmp/console-venues-shots";

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A throwaway operator of the demo organisation, signed in on `/` and in the console. */
async function operatorInConsole(page: Page) {
  await signIn(page, newOperatorPhone().replace(/^\+52/, ""));
  await openConsole(page);
}

/** Opens a location of `kind` from the console; answers its id, read from the link to its editor. */
async function openLocation(page: Page, name: string, kind: string): Promise<string> {
  await section(page, "Ubicaciones");
  await page.getByRole("link", { name: "Abrir una ubicación" }).click();
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel("Dirección").fill("Av. Fundidora 501, Obrera, Monterrey");
  await page.getByLabel("Tipo").selectOption({ label: kind });
  await page.getByRole("button", { name: "Guardar ubicación" }).click();
  await expect(page.getByText(`${name} guardada`)).toBeVisible();
  const href = (await page.getByRole("link", { name }).getAttribute("href")) ?? "";
  return href.split("/").at(-1) ?? "";
}

/** A brand-new driver in a browser of their own, through the whole wizard on `/`. */
async function newDriverContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" });
  const page = await context.newPage();
  const driver = await signUpThroughWizard(page, "localhost", "es");
  return { context, page, driver };
}

test("an operator publishes an event, a new driver buys its parking, and cancelling refunds the driver", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await operatorInConsole(page);
  const stamp = Date.now();
  const venueName = `Recinto E2E ${stamp}`;
  const venue = await openLocation(page, venueName, "Recinto de eventos");

  // The event: on sale now, $100.00 a car, 20 places; times typed on the venue's clock.
  const eventName = `Concierto E2E ${stamp}`;
  await section(page, "Eventos");
  await expect(page.getByRole("heading", { name: "Series" })).toBeVisible();
  await page.getByRole("link", { name: "Publicar un evento" }).click();
  await page.getByLabel("Recinto").selectOption({ label: venueName });
  await page.getByLabel("Nombre del evento").fill(eventName);
  await page.getByLabel("Lugares a la venta").fill("20");
  await page.getByLabel("Precio por auto (MXN)").fill("100");
  const allIn = page.getByTestId("event-all-in");
  await expect(allIn).toContainText("$100.00 MXN de estacionamiento");
  const priceShown = /pagan (\$[\d,.]+ MXN)/.exec((await allIn.textContent()) ?? "")?.[1] ?? "";
  expect(priceShown).toMatch(/^\$\d/);
  await expectAccessible(page);
  await shot(page, "phone-event-form");
  await page.getByRole("button", { name: "Guardar evento" }).click();
  await expect(page.getByText(`${eventName} guardado`)).toBeVisible();
  const card = page.getByTestId("operator-events").getByRole("listitem").filter({ hasText: eventName });
  await expect(card).toContainText("Vendidos: 0 · quedan 20 de 20");
  await expect(card).toContainText("A la venta");

  // A new driver scans the venue's QR, finds the event and pays the price the console showed.
  const { context, page: driverPage } = await newDriverContext(browser);
  await driverPage.goto(hostUrl("localhost", `/loc/${venue}`));
  await expect(driverPage.getByRole("heading", { name: venueName, level: 1 })).toBeVisible();
  await driverPage.getByRole("link", { name: `Estacionamiento para ${eventName}` }).click();
  await expect(driverPage.getByRole("heading", { name: eventName, level: 1 })).toBeVisible();
  await expect(driverPage.getByRole("row", { name: /Total/ })).toContainText(priceShown);
  await driverPage.getByRole("button", { name: `Pagar ${priceShown}` }).click();
  await expect(driverPage).toHaveURL(/\/visita\/evento\/[0-9a-f-]{36}$/);
  await expect(driverPage.getByText("Pagado · sin entrar")).toBeVisible();

  // The console counts the place sold, at both widths.
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(card).toContainText("Vendidos: 1 · quedan 19 de 20");
    await expectAccessible(page);
    await shot(page, `${label}-events`);
  }
  await page.setViewportSize(VIEWPORTS[0][1]);

  // Cancelled from the console: the confirmation says every paid driver is refunded.
  await card.getByRole("link", { name: eventName }).click();
  await expect(page.getByText("1 de 20 lugares vendidos, quedan 19.")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar el evento" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("a cada conductor que pagó se le reembolsa todo a su tarjeta");
  await expect(confirm).toContainText("1 conductor hasta ahora");
  await expectAccessible(page);
  await shot(page, "phone-event-cancel");
  await confirm.getByRole("button", { name: "Cancelar el evento" }).click();
  await expect(page.getByText(`${eventName} cancelado: se está reembolsando`)).toBeVisible();
  await expect(page.getByText(/^Cancelado .*A cada conductor que pagó se le reembolsa todo\.$/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "phone-event-cancelled");

  // The worker refunds the visit; the driver sees it on the visit's page.
  await expect(async () => {
    await driverPage.reload();
    await expect(driverPage.getByText("El evento se canceló y tu pago fue reembolsado.")).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(driverPage);
  await driverPage.screenshot({ path: `${SHOTS}/driver-event-refunded.png`, fullPage: true });
  await context.close();

  // Past events are listed apart; this one is still upcoming, now marked cancelled.
  await section(page, "Eventos");
  await expect(card).toContainText("Cancelado");
  await page.getByLabel("Pasados").check();
  await expect(page.getByTestId("operator-events").getByText(eventName)).toHaveCount(0);
});

test("an operator opens a meter zone with its price preview; a new driver finds it by sign code and pays that price", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await operatorInConsole(page);
  const stamp = String(Date.now()).slice(-6);
  const locationName = `Parquímetros E2E ${stamp}`;
  await openLocation(page, locationName, "Parquímetros");

  const code = `E2E-${stamp}`;
  await section(page, "Parquímetros");
  await page.getByRole("link", { name: "Abrir una zona" }).click();
  await page.getByLabel("Ubicación de parquímetros").selectOption({ label: locationName });
  await page.getByLabel("Código del letrero").fill(code.toLowerCase());
  await page.getByLabel("Id del parquímetro").fill(`PQ-${stamp}`);
  await page.getByLabel("Tarifa por hora (MXN)").fill("15");
  // Charged around the clock every day, so the driver's hour is priced as the preview's.
  for (const day of ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]) {
    await page.getByLabel(`Cobra el ${day}`).check();
    await page.getByLabel(`${day} abre`).fill("00:00");
    await page.getByLabel(`${day} cierra`).fill("00:00");
  }
  const preview = page.getByTestId("meter-price-preview");
  const hour = preview.locator('tr[data-minutes="60"] td');
  await expect(hour.first()).toHaveText("$15.00 MXN");
  const previewTotal = (await hour.last().textContent()) ?? "";
  expect(previewTotal).toMatch(/^\$\d+\.\d\d MXN$/);
  await expectAccessible(page);
  await shot(page, "phone-meter-zone-form");
  await page.getByRole("button", { name: "Guardar zona" }).click();
  await expect(page.getByText(`Zona ${code} guardada`)).toBeVisible();
  // The form's own "Código del letrero" stays until the list replaces it: wait for the list.
  await expect(page.getByRole("link", { name: "Abrir una zona" })).toBeVisible();

  // Found by its sign code in the console, at both widths.
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.getByLabel("Código del letrero").fill(code.slice(0, 6).toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByTestId("meter-zones").locator(`tr[data-code="${code}"]`);
    await expect(row).toContainText("$15.00 MXN por hora");
    // A phone shows each zone as a card of labelled values, never a table scrolled sideways.
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, `${label}-meter-zones`);
  }
  await page.setViewportSize(VIEWPORTS[0][1]);

  // A new driver types the code on the sign and pays one hour: the console's price.
  const { context, page: driverPage } = await newDriverContext(browser);
  await driverPage.getByRole("link", { name: words.es.metersLink }).click();
  await driverPage.getByLabel("Número de zona del letrero").fill(code);
  await driverPage.getByRole("button", { name: "Buscar zona" }).click();
  await expect(driverPage.getByRole("heading", { name: new RegExp(locationName) })).toBeVisible();
  const minutes = driverPage.getByRole("spinbutton", { name: "Minutos" });
  await minutes.fill("60");
  await minutes.press("Enter");
  await expect(driverPage.getByRole("row", { name: /Total/ })).toContainText(previewTotal);
  await driverPage.getByRole("button", { name: `Pagar ${previewTotal}` }).click();
  await expect(driverPage.getByRole("heading", { name: "Pagado" })).toBeVisible();
  await expectAccessible(driverPage);
  await driverPage.screenshot({ path: `${SHOTS}/driver-meter-paid.png`, fullPage: true });
  await context.close();

  // The editor opens the zone as saved; a change is audited and the list follows it.
  await page.getByTestId("meter-zones").getByRole("link", { name: code }).click();
  await expect(page.getByLabel("Código del letrero")).toHaveValue(code);
  await page.getByLabel("Tarifa por hora (MXN)").fill("18");
  await expect(hour.first()).toHaveText("$18.00 MXN");
  await page.setViewportSize(VIEWPORTS[1][1]);
  await expectAccessible(page);
  await shot(page, "desktop-meter-zone-form");
  await page.getByRole("button", { name: "Guardar zona" }).click();
  await expect(page.getByText(`Zona ${code} guardada`)).toBeVisible();
  await section(page, "Equipo y bitácora");
  await expect(page.getByTestId("audit-log").getByText("Cambió una zona de parquímetros").first()).toBeVisible();

  // The same screens in English.
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  const sections = page.getByRole("navigation", { name: "Console sections" });
  await sections.getByRole("link", { name: "Meter zones" }).click();
  await page.getByLabel("Sign code").fill(code);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("meter-zones").locator(`tr[data-code="${code}"]`)).toContainText("$18.00 MXN an hour");
  await expectAccessible(page);
  await shot(page, "desktop-meter-zones-en");
  await sections.getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("radio", { name: "Upcoming" })).toBeChecked();
  await expect(page.getByRole("heading", { name: "Series" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "desktop-events-en");
});
