import { pickDay } from "./dates.ts";
import { openPassesFromMenu, signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, stepChecker, test } from "./fixtures.ts";

/**
 * Passes (docs/product/passes-and-promo-codes.md) as a brand-new driver meets them: from `/`, through the whole sign-in wizard
 * (no stored tokens, no API shortcuts), into /pensiones from the menu, a plan's checkout, and the
 * pass it makes. axe on every screen; a page error fails the journey (fixtures.ts).
 */

/** A date `days` from today on the lot's calendar, as the date picker takes it. */
const daysFromToday = (timeZone: string, days: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
const longDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

test.describe("Mexico, in Spanish", () => {
  test.use({ locale: "es-MX" });

  test("a new driver buys a monthly pass with a promo code, starting on a chosen date, then cancels it before it starts", async ({
    page,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const { plate } = await signUpThroughWizard(page, "localhost", "es");
    await openPassesFromMenu(page, "es");
    await expect(page).toHaveURL(hostUrl("localhost", "/pensiones"));
    await expect(page.getByText("Aún no tienes pensiones.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Estacionamiento Parque Fundidora" })).toBeVisible();
    await step("passes");

    await page.getByRole("link", { name: /Pensión mensual/ }).click();
    await expect(page.getByText("Pensión mensual")).toBeVisible();
    await page.getByLabel("Código promocional").fill("bienvenida");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByText("Código BIENVENIDA: 50% de descuento en el primer periodo")).toBeVisible();
    // Half of $1,500.00 for the first month; the later months at the full price.
    await expect(page.locator(".fee-breakdown [data-line=subtotal] td")).toHaveText("$750.00 MXN");

    const start = daysFromToday("America/Monterrey", 10);
    await page.getByLabel("En una fecha").check();
    await pickDay(page, page.getByLabel("Fecha", { exact: true }), start);
    await expect(
      page.getByText(`Hoy no se cobra nada: el primer periodo se cobra el ${longDate(start, "es-MX")}.`),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`Cubre del ${longDate(start, "es-MX")} al`))).toBeVisible();
    await step("checkout");
    await page.getByRole("button", { name: "Programar pensión" }).click();

    await expect(page.getByText("Tu pensión está programada")).toBeVisible();
    await expect(page.locator(".status-badge")).toHaveText("Por iniciar");
    await expect(page.getByText(plate).first()).toBeVisible();
    await expect(page.getByText(`Inicia ${longDate(start, "es-MX")}`)).toBeVisible();
    await step("scheduled");

    await page.getByRole("button", { name: "Cancelar pensión" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Termina ahora; no se cobró nada por ella.");
    await step("cancel-dialog");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar pensión" }).click();
    await expect(page.locator(".status-badge")).toHaveText("Cancelada");

    await page.getByRole("link", { name: "Todas las pensiones" }).click();
    await page.getByRole("link", { name: "Pensiones anteriores y cargos" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", "/pensiones/historial"));
    await expect(page.getByRole("list", { name: "Pensiones anteriores" })).toContainText("Pensión mensual");
    await step("history");
  });
});

test.describe("USA, in English", () => {
  test.use({ locale: "en-US" });

  test("a new driver buys a monthly pass today, cancels it and is told the last day", async ({ page }, testInfo) => {
    const step = stepChecker(page, testInfo);
    await signUpThroughWizard(page, "us.localhost", "en");
    await openPassesFromMenu(page, "en");
    await expect(page.getByRole("heading", { name: "Congress Avenue Garage" })).toBeVisible();
    await step("passes");
    await page.getByRole("link", { name: /Monthly pass/ }).click();
    const pay = page.getByRole("button", { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();
    await step("checkout");
    await pay.click();

    await expect(page.getByText("Your subscription is ready")).toBeVisible();
    await expect(page.locator(".status-badge")).toHaveText("Active");
    await expect(page.getByRole("list").filter({ hasText: "Charge" })).toContainText("Approved");
    await step("active");

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(/It stays valid until .+, its last day, and is not charged again\./);
    const lastDay = (await dialog.textContent())?.match(/until (.+), its last day/)?.[1] ?? "";
    await step("cancel-dialog");
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(
      page.getByText(`Cancelled: valid until ${lastDay}, then it ends. It will not be charged again.`),
    ).toBeVisible();
    await expect(page.locator(".status-badge")).toHaveText("Active");
    await step("cancelled");
  });
});

test.describe("a promo code link, in English", () => {
  test.use({ locale: "en-US" });

  test("/promo/{code} shows what the code takes off and carries it into checkout", async ({ page }, testInfo) => {
    const step = stepChecker(page, testInfo);
    await signUpThroughWizard(page, "us.localhost", "en");
    await page.goto(hostUrl("us.localhost", "/promo/AUSTIN20"));
    await expect(page.getByRole("heading", { name: "Code AUSTIN20" })).toBeVisible();
    await expect(page.getByText("$20.00 USD off for the first 3 periods")).toBeVisible();
    await step("promo");
    await page.getByRole("link", { name: /Monthly pass/ }).click();
    await expect(page).toHaveURL(/\/pensiones\/5a9c0e11-0000-4000-8000-000000000401\?promo=AUSTIN20$/);
    await expect(page.getByText("Code AUSTIN20: $20.00 USD off for the first 3 periods")).toBeVisible();
    await expect(page.locator(".fee-breakdown [data-line=subtotal] td")).toHaveText("$160.00 USD");
    await step("checkout");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByText("Your subscription is ready")).toBeVisible();
    // The pass names its code; the next charge is still discounted (period 2 of 3).
    await expect(page.getByText("AUSTIN20", { exact: true })).toBeVisible();
    await expect(page.getByText(/Next charge .+: \$178\.\d\d USD/)).toBeVisible();
    await step("active");
  });
});

test.describe("isisa, the university host", () => {
  test.use({ locale: "es-MX" });

  test("a student signs up with a student id and buys the student pass", async ({ page }, testInfo) => {
    const step = stepChecker(page, testInfo);
    await signUpThroughWizard(page, "isisa.localhost", "es");
    await openPassesFromMenu(page, "es");
    await page.getByRole("link", { name: /Pensión estudiantil/ }).click();
    await expect(page.getByText("Esta pensión es para estudiantes: requiere la matrícula de tu cuenta.")).toBeVisible();
    await step("checkout");
    await page.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page.getByText("Tu pensión está lista")).toBeVisible();
    await expect(page.locator(".status-badge")).toHaveText("Activa");
    await step("active");
  });
});

test.describe("a partner landing, signed out", () => {
  test.use({ locale: "en-US" });

  test("/aisd leads a signed-out driver through sign-in into checkout, where the vehicle and card are added", async ({
    page,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const nationalPhone = newNationalPhone();
    await page.goto(hostUrl("us.localhost", "/aisd"));
    await expect(page.getByRole("heading", { name: "Parking passes for school staff" })).toBeVisible();
    await expect(page.getByText("District staff and families")).toBeVisible();
    await step("landing");
    await page.getByRole("link", { name: /Monthly pass/ }).click();

    // The guard sends the driver to sign in and back (docs/product/screens-and-routes.md).
    await expect(page).toHaveURL(/authRedirect=%2Fpensiones%2F/);
    await page.getByLabel("Country code").selectOption("us");
    await page.getByLabel("Mobile phone number").fill(nationalPhone);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Verification code")).toHaveValue(/^\d{6}$/);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/pensiones\/5a9c0e11-0000-4000-8000-000000000401$/);
    await expect(page.getByText("Add a vehicle first.")).toBeVisible();
    await step("checkout-empty");

    await page.getByRole("button", { name: "Add a vehicle" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Plate").pressSequentially(`A${nationalPhone.slice(-6)}`);
    await dialog.getByRole("combobox", { name: "State" }).fill("Texas");
    await page.getByRole("option", { name: "Texas" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`A${nationalPhone.slice(-6)}`)).toBeVisible();

    await page.getByRole("link", { name: "Add a card" }).click();
    await expect(page).toHaveURL(/\/pagos\?redirect=/);
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name", { exact: true }).fill("López");
    await page.getByLabel("E-mail").fill(`aisd.${nationalPhone}@example.com`);
    await page.getByRole("button", { name: "Continue" }).click();
    const frame = page.frameLocator("iframe.card-frame");
    await frame.locator("#number").fill("4242 4242 4242 4242");
    await frame.locator("#expiry").fill("12/34");
    await frame.locator("#cvc").fill("123");
    await page.getByLabel("ZIP code").fill("78701");
    await page.getByRole("button", { name: "Add Card", exact: true }).click();

    await expect(page).toHaveURL(/\/pensiones\/5a9c0e11-0000-4000-8000-000000000401$/, { timeout: 15_000 });
    const pay = page.getByRole("button", { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();
    await step("checkout-ready");
    await pay.click();
    await expect(page.getByText("Your subscription is ready")).toBeVisible();
    await expect(page.locator(".status-badge")).toHaveText("Active");
    await step("active");
  });
});

test.describe("a card that asks for 3-D Secure", () => {
  test.use({ locale: "es-MX" });

  test("a pass paid with a card that asks for 3-D Secure is active once the bank approves, back on the pass", async ({
    page,
  }) => {
    const nationalPhone = newNationalPhone();
    const w = words.es;
    await page.goto(hostUrl("localhost", "/"));
    await page.getByLabel(w.phone).fill(nationalPhone);
    await page.getByRole("button", { name: w.continue }).click();
    await expect(page.getByLabel(w.code)).toHaveValue(/^\d{6}$/);
    await page.getByRole("button", { name: w.signIn }).click();
    await page.getByLabel(w.plate).pressSequentially(`D${nationalPhone.slice(-6)}`);
    await page.getByRole("combobox", { name: w.state }).fill("Nuevo");
    await page.getByRole("option", { name: "Nuevo León" }).click();
    await page.getByRole("button", { name: w.saveVehicle }).click();
    await page.getByLabel(w.firstName).fill("Ana");
    await page.getByLabel(w.lastName).fill("López");
    await page.getByLabel(w.email).fill(`tds.pass.${nationalPhone}@example.com`);
    await page.getByRole("button", { name: w.continue }).click();
    const frame = page.frameLocator("iframe.card-frame");
    await frame.locator("#number").fill("4000 0000 0000 3220");
    await frame.locator("#expiry").fill("12/34");
    await frame.locator("#cvc").fill("123");
    await frame.getByRole("button", { name: "Agregar Tarjeta" }).click();
    await expect(page).toHaveURL(/\/sandbox\/3ds\//, { timeout: 15_000 });
    await page.getByRole("button", { name: "Aprobar" }).click();
    await page.getByRole("link", { name: "Continuar" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", "/dashboard"));

    await openPassesFromMenu(page, "es");
    await page.getByRole("link", { name: /Pensión semanal/ }).click();
    await page.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/3ds\//, { timeout: 15_000 });
    await page.getByRole("button", { name: "Aprobar" }).click();
    await page.getByRole("link", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/pensiones\/[0-9a-f-]{36}$/);
    await expect(page.locator(".status-badge")).toHaveText("Activa");
    await expect(page.getByText("Pagado")).toBeVisible();
    await expectAccessible(page);
  });
});
