import type { Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, signInThroughApi, test } from "./fixtures.ts";

/**
 * The home that finds parking (docs/decisions/0170): below the visits, the sections each host offers
 * in its order, nothing of another tenant, one tap into each flow, and the events list.
 */

const sectionTitles = async (page: Page, name: RegExp) => {
  const offers = page.getByRole("region", { name });
  await expect(offers.getByRole("heading", { level: 2 }).first()).toBeVisible();
  return (await offers.getByRole("heading", { level: 2 }).allInnerTexts()).map((title) => title.trim());
};

test.describe("in Spanish", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("the default host lists lots, meters, events, passes, valet and help; near me reorders; events have a list", async ({
    page,
    request,
    context,
  }) => {
    await signInThroughApi(request, page);
    await page.goto(hostUrl("localhost", "/dashboard"));
    expect(await sectionTitles(page, /Estacionamiento cerca de ti/)).toEqual([
      "Estacionamientos",
      "Parquímetros",
      "Próximos eventos",
      "Pensiones a la venta",
      "Valet parking",
      "Tu saldo",
      "Ayuda",
    ]);
    // The visits stay on top: the recent visits come before the offers.
    const recentTop = await page.getByRole("heading", { name: "Visitas recientes" }).boundingBox();
    const lotsTop = await page.getByRole("heading", { name: "Estacionamientos", exact: true }).boundingBox();
    expect(recentTop?.y ?? 0).toBeLessThan(lotsTop?.y ?? 0);
    const lots = page.getByRole("region", { name: "Estacionamientos", exact: true });
    await expect(lots.getByRole("link").first()).toContainText(/la próxima hora/);
    await expect(lots.getByRole("link").first()).toContainText(/MXN/);
    await expect(page.getByText("Primero lo más cercano al centro de la ciudad.")).toBeVisible();
    await expect(page.getByText(/USD/)).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/home/localhost-390.png", fullPage: true });

    // The position is asked for only on "near me": next to the Cumbres lot, it comes first.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 25.7301, longitude: -100.3968 });
    await page.getByRole("button", { name: "Cerca de mí" }).click();
    await expect(page.getByText("Primero lo más cercano a ti.")).toBeVisible();
    await expect(lots.getByRole("link").first()).toContainText("Estacionamiento Cumbres");

    // The Clásico is on sale in the console: the home lists it, and the events list has every event.
    await expect(page.getByRole("region", { name: "Próximos eventos" })).toContainText("Rayados vs. Tigres");
    await page.getByRole("link", { name: "Todos los eventos" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", "/eventos"));
    await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeAttached();
    await expect(page.getByRole("list", { name: "Eventos" })).toContainText("Rayados vs. Tigres");
    await expect(page.getByRole("list", { name: "Eventos" })).toContainText("Festival Península");
    await expectAccessible(page);
    // One tap into the event's own page.
    await page.getByRole("link", { name: /Rayados vs. Tigres/ }).click();
    await expect(page).toHaveURL(/\/eventos\/[0-9a-f-]{36}$/);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(hostUrl("localhost", "/dashboard"));
    await expect(page.getByRole("heading", { name: "Ayuda" })).toBeVisible();
    await page.screenshot({ path: "test-results/home/localhost-1280.png", fullPage: true });
  });

  test("the university home leads with the student pass and its campus lot, and sells nothing else of the demo", async ({
    page,
    request,
  }) => {
    await signInThroughApi(request, page, { host: "isisa.localhost" });
    await page.goto(hostUrl("isisa.localhost", "/dashboard"));
    expect(await sectionTitles(page, /Estacionamiento cerca de ti/)).toEqual([
      "Pensión estudiantil",
      "Estacionamientos",
      "Pensiones a la venta",
      "Tu saldo",
      "Ayuda",
    ]);
    await expect(page.getByRole("region", { name: "Pensión estudiantil" }).getByRole("link").first()).toContainText(
      "Pensión estudiantil",
    );
    await expect(
      page.getByRole("region", { name: "Estacionamientos", exact: true }).getByRole("link").first(),
    ).toContainText("Campus Valle Oriente");
    for (const other of [/Arena Monterrey/, /Parquímetro/, /Valet/, /Rayados/])
      await expect(page.getByText(other)).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/home/isisa-390.png", fullPage: true });
    // One tap into the student pass.
    await page.getByRole("region", { name: "Pensión estudiantil" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/pensiones\/[0-9a-f-]{36}$/);
  });

  test("the freeflow home leads with plates and lots", async ({ page, request }) => {
    await signInThroughApi(request, page, { host: "freeflow.localhost" });
    await page.goto(hostUrl("freeflow.localhost", "/dashboard"));
    expect(await sectionTitles(page, /Estacionamiento cerca de ti/)).toEqual([
      "Estacionamiento sin boleto",
      "Estacionamientos",
      "Tu saldo",
      "Ayuda",
    ]);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/home/freeflow-390.png", fullPage: true });
  });
});

test.describe("in English", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });

  test("the US home shows dollars only, and the events list has its English alias", async ({ page, request }) => {
    await signInThroughApi(request, page, { host: "us.localhost", dialCode: "+1" });
    await page.goto(hostUrl("us.localhost", "/dashboard"));
    expect(await sectionTitles(page, /Parking near you/)).toEqual([
      "Parking lots",
      "Parking meters",
      "Upcoming events",
      "Subscriptions for sale",
      "Valet parking",
      "Your balance",
      "Help",
    ]);
    await expect(page.getByRole("region", { name: /Parking near you/ })).toContainText("USD");
    await expect(page.getByText(/MXN/)).toHaveCount(0);
    for (const other of [/Fundidora/, /Rayados/, /Arena Monterrey/]) await expect(page.getByText(other)).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/home/us-390.png", fullPage: true });
    await page.goto(hostUrl("us.localhost", "/events"));
    await expect(page.getByRole("list", { name: "Events" })).toContainText("Longhorns");
    await expect(page.getByText(/MXN/)).toHaveCount(0);
  });
});
