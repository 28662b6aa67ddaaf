import type { Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * When a screen fails, the driver sees our error screen in their language, never React Router's
 * developer page or a stack (the router's error elements, app/route-error.tsx). A chunk that is
 * gone after a deploy reloads the page once first.
 */

const countDocumentLoads = (page: Page) => {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads.count += 1;
  });
  return loads;
};

async function expectNoRawErrorPage(page: Page) {
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(page.locator("pre")).toHaveCount(0);
}

test("a screen whose code cannot be downloaded reloads once, then shows our error screen, and recovers", async ({
  page,
  pageErrors,
}) => {
  pageErrors.expect(/Failed to fetch dynamically imported module/);
  const documents = countDocumentLoads(page);
  // The privacy screen's chunk is gone, as after a deploy.
  await page.route("**/assets/privacy-*.js", (route) => route.abort());
  await page.goto(hostUrl("localhost", "/privacidad"));

  await expect(page.getByRole("heading", { name: "Algo salió mal" })).toBeAttached();
  await expect(page.getByText(/No se pudo descargar una parte de la aplicación/)).toBeVisible();
  // One reload (the first load and the one that tried again), not a loop.
  expect(documents.count).toBe(2);
  // The shell stays: the top bar shows the title, the footer its links.
  await expect(page.getByRole("banner")).toContainText("Algo salió mal");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Aviso de privacidad" })).toBeVisible();
  await expectNoRawErrorPage(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("screen-error.png"), fullPage: true });

  // The new build is there now: reloading brings the screen back.
  await page.unroute("**/assets/privacy-*.js");
  await page.getByRole("button", { name: "Recargar la página" }).click();
  await expect(page.getByRole("heading", { name: "Aviso de privacidad", level: 1 })).toBeAttached();
  await expect(page.getByText("Algo salió mal")).toHaveCount(0);
});

test("when the app shell itself cannot load, the root error screen speaks the driver's language", async ({
  page,
  pageErrors,
}) => {
  pageErrors.expect(/Failed to fetch dynamically imported module/);
  await page.route("**/assets/app-shell-with-data-*.js", (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem("locale", "en"));
  await page.goto(hostUrl("freeflow.localhost", "/privacidad"));

  await expect(page.getByRole("heading", { name: "Something went wrong", level: 1 })).toBeVisible();
  await expect(page.getByText(/Part of the app could not be downloaded/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the start" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: "Reload the page" })).toBeVisible();
  // The bare layout's language selector works here too.
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { name: "Algo salió mal", level: 1 })).toBeVisible();
  await expectNoRawErrorPage(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("root-error.png"), fullPage: true });
});

test("a screen that throws shows our error screen without reloading, and no stack", async ({ page, pageErrors }) => {
  pageErrors.expect(/the privacy screen broke/);
  const documents = countDocumentLoads(page);
  // The chunk arrives but throws as it runs: a fault in the screen, not a missing file.
  await page.route("**/assets/privacy-*.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: 'throw new Error("the privacy screen broke");' }),
  );
  await page.goto(hostUrl("localhost", "/privacidad"));

  await expect(page.getByText(/No pudimos mostrar esta pantalla/)).toBeVisible();
  await expect(page.getByText("the privacy screen broke")).toHaveCount(0);
  expect(documents.count).toBe(1);
  await expectNoRawErrorPage(page);
  await expectAccessible(page);
});
