import path from "node:path";
import type { Page } from "@playwright/test";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";
import playwrightConfig from "./playwright.config.ts";

/**
 * Favourites and recents (issue 26 item 3, docs/decisions/0241), as a brand-new driver meets them:
 * signed up through the wizard on `/`, meter time paid in zone 101, the zone back on the home under
 * "Your places", a lot starred from the home's list, and one tap on the recent zone to pay again
 * with the same vehicle chosen. The meters screen draws its map with WebGL: SwiftShader stands in.
 */

const SCREENSHOTS = process.env.FAVOURITE_SHOTS_DIR;
const baseLaunch = playwrightConfig.use?.launchOptions ?? {};
test.use({
  locale: "es-MX",
  timezoneId: "America/Monterrey",
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
const ZONE_101 = "7d1e5a10-0000-4000-8000-000000000301";

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

test("a new driver pays a zone, finds it again on the home, stars a lot and pays the zone again in one tap", async ({
  page,
}) => {
  const driver = await signUpThroughWizard(page, "localhost", "es");
  // A new driver has no places yet: the section does not show.
  await expect(page.getByRole("region", { name: "Estacionamientos" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tus lugares" })).toHaveCount(0);

  // Time in zone 101, found by the number on its sign.
  await page.getByRole("link", { name: words.es.metersLink }).click();
  await page.getByLabel("Número de zona del letrero").fill("101");
  await page.getByRole("button", { name: "Buscar zona" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", `/parquimetros/${ZONE_101}`));
  await expect(page.getByRole("radio", { name: driver.plate })).toBeChecked();
  await expect(page.getByRole("button", { name: "Marcar Zona 101 como favorito" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await page.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();

  // Home: the zone under "Your places", with the plate it was paid for.
  await page.getByRole("link", { name: "Inicio" }).first().click();
  const yours = page.getByRole("region", { name: "Tus lugares" });
  const recent = yours.getByRole("list", { name: "Donde estacionaste" });
  await expect(recent.getByRole("link", { name: /Zona 101/ })).toContainText(`La última vez con ${driver.plate}`);
  await expectAccessible(page);
  await shot(page, "01-recent-zone");

  // A lot starred from the host's list shows among the favourites, its star pressed everywhere.
  const firstStar = page
    .getByRole("region", { name: "Estacionamientos" })
    .getByRole("button", { name: /^Marcar .+ como favorito$/ })
    .first();
  const label = (await firstStar.getAttribute("aria-label")) ?? "";
  const lot = /^Marcar (.+) como favorito$/.exec(label)?.[1] ?? "";
  expect(lot).not.toBe("");
  await firstStar.click();
  await expect(page.getByRole("button", { name: label }).first()).toHaveAttribute("aria-pressed", "true");
  const starred = yours.getByRole("list", { name: "Favoritos" });
  await expect(starred.getByRole("link", { name: new RegExp(lot) })).toBeVisible();
  await expect(starred.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  await shot(page, "02-starred-lot");

  // One tap on the recent zone: its buy panel, the same vehicle chosen, Pay on screen.
  await recent.getByRole("link", { name: /Zona 101/ }).click();
  await expect(page).toHaveURL(new RegExp(`/parquimetros/${ZONE_101}\\?vehicle=`));
  await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
  await expect(page.getByRole("radio", { name: driver.plate })).toBeChecked();
  await expect(page.getByRole("button", { name: /^Pagar \$/ })).toBeInViewport();
  await expectAccessible(page);
  await shot(page, "03-pay-again");
});
