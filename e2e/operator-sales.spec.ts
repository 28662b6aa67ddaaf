import type { Browser, Page } from "@playwright/test";
import { openConsole, section, signIn, VIEWPORTS } from "./console.ts";
import { pickDay } from "./dates.ts";
import { newOperatorPhone } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * What an operator sells, from the console to a driver's card (issue 15, docs/decisions/0047): an
 * operator of their own (the demo organisation's, not the platform role) signs in on `/`, creates a
 * monthly plan at Fundidora and a promo code for it; brand-new drivers, each from `/` through the
 * whole wizard, buy the plan at the price the operator set and redeem the code at /promo/{code}.
 * The console is walked at a phone's and a desktop's width, axe on every screen.
 */
const SHOTS = "/tmp/console-sales-shots";
const FUNDIDORA = "Estacionamiento Parque Fundidora";

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A driver of their own, signed up from `/` with a card, at 390×844. */
async function newDriver(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" });
  const page = await context.newPage();
  await signUpThroughWizard(page, "localhost", "es");
  return { context, page };
}

test("an operator sells a plan and a promo code from the console, and new drivers buy them at the set prices", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const planName = `Nocturna E2E ${stamp}`;
  const code = `E2E${stamp}`;

  await signIn(page, newOperatorPhone().slice(3));
  await openConsole(page);

  // A monthly plan at Fundidora: $1,234.50 a month before fees and tax, two places.
  await section(page, "Pensiones");
  await page.getByRole("button", { name: "Crear una pensión" }).click();
  const form = page.getByRole("dialog", { name: "Crear una pensión" });
  await form.getByLabel("Ubicación").selectOption({ label: FUNDIDORA });
  await form.getByLabel("Nombre").fill(planName);
  await form.getByLabel("Precio por periodo").fill("1234.5x");
  await form.getByLabel("Lugares").fill("0");
  await form.getByRole("button", { name: "Crear pensión" }).click();
  // The catalogues' words, before anything is sent.
  await expect(form.getByText("Escribe un monto mayor que 0, con dos decimales como máximo")).toBeVisible();
  await expect(form.getByText("Escribe un número entero de al menos 1")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "phone-plan-errors");
  await form.getByLabel("Precio por periodo").fill("1234.50");
  await form.getByLabel("Lugares").fill("2");
  await form.getByRole("button", { name: "Crear pensión" }).click();
  await expect(page.getByText(`Pensión ${planName} creada`)).toBeVisible();
  const planCard = page.getByTestId("plan-card").filter({ hasText: planName });
  await expect(planCard).toContainText("Mensual · $1,234.50 MXN por periodo");
  await expect(planCard).toContainText("0 de 2 lugares vendidos, quedan 2");
  await expectAccessible(page);
  await shoot(page, "phone-plans");

  // A venue sells one-time plans only, and a plan's own discount never exceeds its price.
  await page.getByRole("button", { name: "Crear una pensión" }).click();
  await form.getByLabel("Ubicación").selectOption({ label: "Arena Monterrey" });
  await form.getByLabel("Nombre").fill(`Pase E2E ${stamp}`);
  await form.getByLabel("Precio por periodo").fill("200");
  await form.getByRole("button", { name: "Crear pensión" }).click();
  await expect(form.getByText("Solo se pueden crear planes de pago único.")).toBeVisible();
  await form.getByLabel("Periodo", { exact: true }).selectOption({ label: "Única" });
  await form.getByLabel("Descuento de la pensión").selectOption({ label: "Porcentaje" });
  await form.getByLabel("Porcentaje de descuento").fill("150");
  await form.getByRole("button", { name: "Crear pensión" }).click();
  await expect(form.getByText("El descuento no puede ser mayor al costo del plan.")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "phone-plan-venue-errors");
  await form.getByLabel("Porcentaje de descuento").fill("10");
  await form.getByRole("button", { name: "Crear pensión" }).click();
  await expect(page.getByText(`Pensión Pase E2E ${stamp} creada`)).toBeVisible();
  await expect(page.getByTestId("plan-card").filter({ hasText: `Pase E2E ${stamp}` })).toContainText(
    "Descuento de la pensión: 10% de descuento",
  );

  // A promo code for it: 20 % off the first period, five uses.
  await section(page, "Códigos");
  await page.getByRole("button", { name: "Crear un código promocional" }).click();
  const codeForm = page.getByRole("dialog", { name: "Crear un código promocional" });
  await codeForm.getByLabel("Código", { exact: true }).fill(code.toLowerCase());
  await codeForm.getByLabel("Pensión").selectOption({ label: `${planName} en ${FUNDIDORA} · $1,234.50 MXN` });
  await codeForm.getByLabel("Porcentaje de descuento").fill("120");
  await codeForm.getByRole("button", { name: "Crear código" }).click();
  await expect(codeForm.getByText("El descuento no puede ser mayor al costo del plan.")).toBeVisible();
  await codeForm.getByLabel("Porcentaje de descuento").fill("20");
  await codeForm.getByLabel("Periodos con descuento").fill("1");
  await codeForm.getByLabel("Usos en total").fill("5");
  await codeForm.getByRole("button", { name: "Crear código" }).click();
  await expect(page.getByText(`Código ${code} creado`)).toBeVisible();
  const codeCard = page.getByTestId("promo-card").filter({ hasText: code });
  await expect(codeCard).toContainText("20% de descuento · el primer periodo");
  await expect(codeCard).toContainText(`${planName} en ${FUNDIDORA}`);
  await expect(codeCard).toContainText("0 de 5 usos");
  await expect(codeCard).toContainText("Activo");
  await expectAccessible(page);
  await shoot(page, "phone-promo-codes");

  // A new driver finds the plan at /pensiones and pays the operator's price: $1,234.50 before fees and tax.
  const first = await newDriver(browser);
  await first.page.goto(hostUrl("localhost", "/pensiones"));
  await first.page.getByRole("link", { name: new RegExp(planName) }).click();
  await expect(first.page.locator(".fee-breakdown [data-line=subtotal] td")).toHaveText("$1,234.50 MXN");
  await expectAccessible(first.page);
  await shoot(first.page, "driver-plan-checkout");
  await first.page.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(first.page.getByText("Tu pensión está lista")).toBeVisible();
  await expect(first.page.getByText(planName).first()).toBeVisible();

  // Another redeems the code at /promo/{code}: 20 % off the first month, $987.60.
  const second = await newDriver(browser);
  await second.page.goto(hostUrl("localhost", `/promo/${code.toLowerCase()}`));
  await expect(second.page.getByRole("heading", { name: `Código ${code}` })).toBeVisible();
  await expect(second.page.getByText("20% de descuento en el primer periodo")).toBeVisible();
  await expectAccessible(second.page);
  await shoot(second.page, "driver-promo");
  await second.page.getByRole("link", { name: new RegExp(planName) }).click();
  await expect(second.page.getByText(`Código ${code}: 20% de descuento en el primer periodo`)).toBeVisible();
  await expect(second.page.locator(".fee-breakdown [data-line=subtotal] td")).toHaveText("$987.60 MXN");
  await second.page.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(second.page.getByText("Tu pensión está lista")).toBeVisible();
  await shoot(second.page, "driver-promo-pass");
  await second.context.close();

  // Back in the console, at both widths: both places sold, one use of the code; then change and end things.
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Pensiones");
    await expect(planCard).toContainText(
      label === "phone" ? "2 de 2 lugares vendidos, quedan 0" : "2 de 3 lugares vendidos, quedan 1",
    );
    await expectAccessible(page);
    await shoot(page, `${label}-plans-sold`);
    if (label === "phone") {
      // One more place, and a new price for the next periods.
      await planCard.getByRole("button", { name: "Editar" }).click();
      const dialog = page.getByRole("dialog", { name: `Editar ${planName}` });
      await dialog.getByLabel("Lugares").fill("3");
      await dialog.getByLabel("Precio por periodo").fill("1300");
      await expectAccessible(page);
      await shoot(page, "phone-plan-edit");
      await dialog.getByRole("button", { name: "Guardar pensión" }).click();
      await expect(page.getByText(`Pensión ${planName} guardada`)).toBeVisible();
      await expect(planCard).toContainText("$1,300.00 MXN por periodo");
      await expect(planCard).toContainText("2 de 3 lugares vendidos, quedan 1");
    }

    await section(page, "Códigos");
    await expect(codeCard).toContainText(label === "phone" ? "1 de 5 usos" : "1 de 10 usos");
    await expectAccessible(page);
    await shoot(page, `${label}-promo-used`);
    if (label === "phone") {
      await codeCard.getByRole("button", { name: "Cambiar" }).click();
      const dialog = page.getByRole("dialog", { name: `Cambiar ${code}` });
      // Days are picked on a calendar in Spanish, whatever the browser's own language.
      await pickDay(page, dialog.getByLabel("Primer día"), "2030-02-01");
      await pickDay(page, dialog.getByLabel("Último día"), "2030-01-01");
      await expect(dialog.getByLabel("Primer día")).toHaveText("1 feb 2030");
      await dialog.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(dialog.getByText("El último día no puede ser antes del primero")).toBeVisible();
      await dialog.getByRole("button", { name: "Borrar 1 feb 2030" }).click();
      await expect(dialog.getByLabel("Primer día")).toHaveText("Elige un día");
      await pickDay(page, dialog.getByLabel("Último día"), "2035-12-31");
      await dialog.getByLabel("Usos en total").fill("10");
      await expectAccessible(page);
      await shoot(page, "phone-promo-change");
      await dialog.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(page.getByText(`Código ${code} guardado`)).toBeVisible();
      await expect(codeCard).toContainText("1 de 10 usos");
    }
  }

  // Ended at the desktop: the code is refused from now on, and every change is in the log.
  await codeCard.getByRole("button", { name: "Terminar ahora" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Los conductores ya no podrán usarlo.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Terminar ahora" }).click();
  await expect(page.getByText(`Código ${code} terminado`)).toBeVisible();
  await expect(codeCard).toContainText("Terminado");
  await expectAccessible(page);
  await shoot(page, "desktop-promo-ended");

  // The same screens in English.
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();
  await expect(codeCard).toContainText("Ended");
  await expect(codeCard).toContainText("20% off · the first period");
  await expect(codeCard).toContainText("1 of 10 uses");
  await expectAccessible(page);
  await shoot(page, "desktop-promo-english");
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Plans" }).click();
  await expect(planCard).toContainText("Monthly · $1,300.00 MXN per period");
  await expect(planCard).toContainText("2 of 3 places sold, 1 left");
  await expectAccessible(page);
  await shoot(page, "desktop-plans-english");
  await page.getByRole("banner").getByRole("button", { name: "Español" }).click();

  await section(page, "Pensiones");
  await planCard.getByRole("button", { name: "Archivar" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Las 2 pensiones ya vendidas se siguen renovando.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Archivar" }).click();
  await expect(page.getByText(`Pensión ${planName} archivada`)).toBeVisible();
  await expect(planCard).toHaveCount(0);
  await page.getByLabel("Estado").selectOption({ label: "Archivadas" });
  await expect(planCard).toContainText("Archivada");
  await shoot(page, "desktop-plans-archived");

  await section(page, "Equipo y bitácora");
  const log = page.getByTestId("audit-log");
  for (const action of [
    "Creó un plan",
    "Cambió un plan",
    "Archivó un plan",
    "Creó un código promocional",
    "Cambió un código promocional",
    "Terminó un código promocional",
  ])
    await expect(log.getByText(action).first()).toBeVisible();

  // The first driver, who never used it, follows the code's link now: it is over, and the page
  // says why and where to go instead (issue 24 item 6).
  await first.page.goto(hostUrl("localhost", `/promo/${code}`));
  await expect(first.page.getByText("El operador retiró este código.")).toBeVisible();
  await expect(first.page.getByRole("link", { name: "Ver las pensiones a la venta" })).toBeVisible();
  await expectAccessible(first.page);
  await first.context.close();
});
