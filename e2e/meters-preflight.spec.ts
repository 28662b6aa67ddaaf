import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/**
 * Pre-flight before paying a meter (issue 26 item 6, decision 0221): a zone over 300 m from the
 * phone's position — when the driver has allowed it — asks "are you at zone 101?" first; with the
 * position refused, paying asks nothing and never prompts for it.
 */

/** Seeded zone 101 (apps/api/src/seed/data.ts); 2 km north of it is another part of town. */
const ZONE_101 = { lat: 25.6623, lng: -100.32215 };

async function zone101(page: import("@playwright/test").Page, language: "es" | "en") {
  await page.getByRole("link", { name: words[language].metersLink }).click();
  await page.getByLabel(language === "es" ? "Número de zona del letrero" : "Zone number on the sign").fill("101");
  await page.getByRole("button", { name: language === "es" ? "Buscar zona" : "Find zone" }).click();
}

test.describe("Spanish, 2 km from the zone", () => {
  test.use({
    locale: "es-MX",
    timezoneId: "America/Monterrey",
    permissions: ["geolocation"],
    geolocation: { latitude: ZONE_101.lat + 0.018, longitude: ZONE_101.lng },
  });

  test("a new driver who typed another street's zone is asked '¿Estás en la zona 101?' before paying", async ({
    page,
  }) => {
    await signUpThroughWizard(page, "localhost", "es");
    await zone101(page, "es");
    const pay = page.getByRole("button", { name: /^Pagar \$/ });
    await pay.click();
    const dialog = page.getByRole("alertdialog", { name: "¿Estás en la zona 101?" });
    await expect(dialog).toContainText("Tu teléfono está a 2.0 km de la zona 101.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Revisar la zona" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Pagado" })).toHaveCount(0);
    await pay.click();
    await dialog.getByRole("button", { name: "Sí, pagar la zona 101" }).click();
    await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();
  });
});

test.describe("English, position refused", () => {
  test.use({ locale: "en-US", timezoneId: "America/Monterrey", permissions: [] });

  test("a new driver who did not share a position pays with no question", async ({ page }) => {
    await signUpThroughWizard(page, "localhost", "en");
    await zone101(page, "en");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expectAccessible(page);
  });
});
