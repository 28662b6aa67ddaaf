import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import playwrightConfig, { E2E_TILES_PORT } from "./playwright.config.ts";
import { startTileServer, type TileServer } from "./tile-server.ts";

/**
 * The meters map with streets (issue 24 item 2, decision 0220): the server's MAP_STYLE_URL points at
 * a street-map server on this machine. Started, the map draws its style and vector tiles (the CSP lets
 * exactly that origin in) and no note shows; stopped — the internet unreachable — the map falls back
 * to our offline style and says so, and the list and the sign's number still find the zone.
 */
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

/** Seeded zone 101 (apps/api/src/seed/data.ts): $12.00 MXN an hour. */
const ZONE_101 = { lat: 25.6623, lng: -100.32215 };

test.describe("English, with the street map", () => {
  test.use({
    locale: "en-US",
    timezoneId: "America/Monterrey",
    permissions: ["geolocation"],
    geolocation: { latitude: ZONE_101.lat, longitude: ZONE_101.lng },
  });
  let tiles: TileServer;
  test.beforeEach(async () => {
    tiles = await startTileServer(E2E_TILES_PORT);
  });
  test.afterEach(async () => tiles.close());

  test("a new driver sees streets, centres on their position and reads zone 101's price in the pin's bubble", async ({
    page,
  }) => {
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await signUpThroughWizard(page, "localhost", "en");
    await page.getByRole("link", { name: words.en.metersLink }).click();
    const map = page.getByRole("region", { name: "Map" });
    await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
    await expect(page.getByRole("region", { name: "Zones in view" })).toHaveAttribute("aria-busy", "false", {
      timeout: 30_000,
    });
    await expect.poll(() => tiles.served.tiles, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(tiles.served.style).toBeGreaterThan(0);
    // Past the 4 s the street style has to draw: it did, so no fallback note.
    await page.waitForTimeout(5_000);
    await expect(page.getByText(/The street map did not load/)).toHaveCount(0);

    await page.getByRole("button", { name: "Centre on my location" }).click();
    await expect(map.locator(".meter-map-me")).toBeVisible();
    await expect(page.getByText(/^Under the pin: zone 101,/)).toBeVisible({ timeout: 30_000 });
    await expect(map.getByText(/^Zone 101 · \$12\.00 MXN\/h$/)).toBeVisible();
    await expectAccessible(page);
    expect(blocked).toEqual([]);
  });
});

test.describe("Spanish, with no internet", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a new driver is told the street map did not load and still finds zone 101 on the plain map's list", async ({
    page,
  }) => {
    await signUpThroughWizard(page, "localhost", "es");
    await page.getByRole("link", { name: words.es.metersLink }).click();
    const note = page.getByRole("status").filter({ hasText: "El mapa de calles no cargó" });
    await expect(note).toBeVisible({ timeout: 15_000 });
    // The note lies over the map's top edge: coming seconds late, it moves nothing under a finger.
    const frame = await page.locator(".meter-map").boundingBox();
    const noteBox = await note.boundingBox();
    expect(frame && noteBox && noteBox.y >= frame.y && noteBox.y + noteBox.height <= frame.y + frame.height).toBe(true);
    // The offline style draws in its place, and the list beside it works.
    await expect(page.getByRole("region", { name: "Mapa" }).locator("canvas.maplibregl-canvas")).toBeVisible();
    const list = page.getByRole("region", { name: "Zonas en el mapa" });
    await expect(list).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
    await expectAccessible(page);
    await list.getByRole("link", { name: /^101/ }).click();
    await expect(page).toHaveURL(/\/parquimetros\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
  });
});
