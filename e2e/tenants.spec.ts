import { openPassesFromMenu, signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * A host is a tenant (docs/decisions/0165): a new driver on the university host is sold only its
 * campus lot's passes, and a driver on the US host is given the US support line, in dollars.
 */

test.describe("on the university host, in Spanish", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a new student is offered only the campus lot's passes, none of the demo organisation's other lots", async ({
    page,
  }) => {
    await signUpThroughWizard(page, "isisa.localhost", "es");
    await openPassesFromMenu(page, "es");
    const forSale = page.getByRole("heading", { name: "Pensiones que puedes comprar" });
    await expect(forSale).toBeVisible();
    await expect(page.getByRole("heading", { name: "Estacionamiento Campus Valle Oriente" })).toBeVisible();
    for (const elsewhere of ["Estacionamiento Parque Fundidora", "Estacionamiento Barrio Antiguo", "Arena Monterrey"])
      await expect(page.getByText(elsewhere)).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("on the US host, in English", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });

  test("a new driver's contact page gives the US support line and the $1 card check, nothing Mexican", async ({
    page,
  }) => {
    await signUpThroughWizard(page, "us.localhost", "en");
    await page.goto(hostUrl("us.localhost", "/contact"));
    await expect(page.getByText("help@us.estaciona.localhost")).toBeVisible();
    await expect(page.getByRole("link", { name: "+1 (512) 555-0123" })).toBeVisible();
    await expect(page.getByText(/\+52/)).toHaveCount(0);
    await expect(page.getByText(/MXN/)).toHaveCount(0);
    await expectAccessible(page);
  });
});
