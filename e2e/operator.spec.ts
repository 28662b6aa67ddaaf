import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { enterCode, expectNoSidewaysScroll, openConsole, section, signIn, VIEWPORTS } from "./console.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * The operator console (docs/product/operators.md), from where an operator starts: signed out on `/`, signing in
 * with the phone like any driver. Seeded: the demo operator (of the platform's organisation, Estaciona), another
 * organisation's operator, and a demo driver's paid stay at Fundidora (plate DEMO123).
 */
const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";
const DEMO_OPERATOR = "8100000001";
const DEMO_DRIVER = "8100000003";
const OTHER_OPERATOR = "8100000002";
const SHOTS = "/tmp/c15-shots";

/**
 * The demo driver, in a browser of their own: signed in (no card yet: left for later), on the
 * paid stay's page, which lists the operator's refunds.
 */
async function driverOnTheirStay(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" });
  const driver = await context.newPage();
  await enterCode(driver, DEMO_DRIVER);
  await expect(driver.getByRole("heading", { name: "Agrega un método de pago" })).toBeVisible();
  await driver.getByRole("button", { name: "Agregar después" }).click();
  await expect(driver).toHaveURL(/\/dashboard/);
  await driver.goto(hostUrl("localhost", "/visitas"));
  await driver
    .getByRole("link", { name: /Estacionamiento Parque Fundidora/ })
    .first()
    .click();
  return { context, driver };
}

test("the demo operator opens a lot with a tariff, registers its gate, refunds part of a stay and suspends its driver", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_OPERATOR);
  await openConsole(page);
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Hoy");
    // Dozens of meter zones do not bury the week's money: the busiest few, then all on demand.
    const occupancy = page.getByRole("region", { name: "Ocupación" });
    await expect(occupancy.getByRole("listitem")).toHaveCount(6);
    await occupancy.getByRole("button", { name: /^Ver las \d+ ubicaciones$/ }).click();
    await expect(occupancy.getByRole("button", { name: "Ver solo las más ocupadas" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(occupancy.getByText("Estacionamiento Parque Fundidora")).toBeVisible();
    // The week's money is seven days, quiet ones included, each dated in Spanish ("jue 26 de nov").
    const week = page.getByRole("table", { name: "Ingresos por día y producto" }).first();
    await expect(week.locator("tbody tr")).toHaveCount(7);
    await expect(week.locator("tbody th").first()).toHaveText(/^[a-záéíóúñ]{2,4}\.? \d{1,2} de [a-z]{3}/);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-today.png`, fullPage: true });

    // A new lot: $25 the first hour, then $10 every 30 minutes; the preview prices it live.
    const name = `Estacionamiento E2E ${label} ${Date.now()}`;
    await section(page, "Ubicaciones");
    await page.getByRole("link", { name: "Abrir una ubicación" }).click();
    await page.getByLabel("Nombre").fill(name);
    await page.getByLabel("Dirección").fill("Av. Constitución 100, Centro, Monterrey");
    await page.getByLabel("Capacidad (lugares)").fill("80");
    await page.getByLabel("Precio del primer periodo").fill("25");
    const preview = page.getByTestId("tariff-preview");
    const firstHour = preview.locator('tr[data-minutes="60"] td').last();
    // $25 + $5 service + 2.9 % card ($0.87) + 16 % IVA ($4.94) = $35.81, from the shared fee engine.
    await expect(firstHour).toHaveText("$35.81 MXN");
    // What drivers pay fits a phone: the charged column is never cut off.
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-location-form.png`, fullPage: true });
    await page.getByRole("button", { name: "Guardar ubicación" }).click();
    await expect(page.getByText(`${name} guardada`)).toBeVisible();

    // What a driver is then charged for the first hour is what the preview said.
    await page.getByRole("link", { name }).click();
    await page.getByRole("link", { name: "Abrir la página QR de la ubicación" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("$35.81 MXN").first()).toBeVisible();
    await page.goBack();

    // Its gate: registered once, its key shown once.
    await section(page, "Dispositivos");
    await page.getByLabel("Ubicación").selectOption({ label: name });
    // Named for this run: a retry on the same server finds the first attempt's gate in the list too.
    const gate = `Pluma norte ${label} ${Date.now()}`;
    await page.getByLabel("Id del dispositivo").fill(`gate-${label}-${Date.now()}`);
    await page.getByLabel("Nombre").fill(gate);
    await page.getByRole("button", { name: "Registrar" }).click();
    await expect(page.getByTestId("device-key")).toContainText("edk_");
    await expect(page.getByText(gate)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-devices.png`, fullPage: true });
    await page.getByRole("button", { name: "Ya la copié" }).click();

    // The demo driver's stay, found by plate, refunded in part.
    await section(page, "Pagos");
    await page.getByLabel("Placa").fill("DEMO123");
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByRole("row").filter({ hasText: "DEMO123" });
    await expect(row).toHaveCount(1);
    // On a phone each payment is a card of labelled values, not a table to scroll sideways.
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-payments.png`, fullPage: true });
    // The period's payments as a spreadsheet: amounts as decimals, the breakdown in columns.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /Descargar CSV/ }).click();
    const csv = readFileSync((await (await download).path()) ?? "", "utf8");
    expect(csv.split("\r\n")[0]).toContain("subtotal,convenience_fee,processing_fee,tax,amount,refunded");
    expect(csv).toContain("DEMO123");
    await row.getByRole("link").click();
    await expect(page.getByTestId("ledger-lines").locator('tr[data-kind="charge"]')).toHaveCount(1);
    await page.getByLabel("Monto a reembolsar").fill("10");
    await page.getByLabel("Motivo").fill("Cobro de más");
    await page.getByRole("button", { name: "Reembolsar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reembolsar" }).click();
    await expect(page.getByText("Reembolso hecho")).toBeVisible();
    await expect(page.getByTestId("ledger-lines").locator('tr[data-kind="refund"]').last()).toContainText(
      "-$10.00 MXN",
    );
    // The ledger lines are labelled cards on a phone, the charge's phone written as people write it.
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole("link", { name: "+52 81 0000 0003" })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-payment.png`, fullPage: true });

    // Every change is in the log, with who made it.
    await section(page, "Equipo y bitácora");
    const log = page.getByTestId("audit-log");
    const refunded = log.getByRole("row").filter({ hasText: "Reembolsó un pago" }).first();
    await expect(refunded).toContainText("Operadora Demo");
    // Before and after in words and money, never raw keys, minor units or ids.
    await expect(refunded).toContainText(/Reembolsado \$\d+\.00 MXN/);
    await expect(refunded).toContainText("Motivo Cobro de más");
    await expect(refunded).not.toContainText("refund_uuid");
    await expectNoSidewaysScroll(page);
    await expect(log.getByText("Registró un dispositivo").first()).toBeVisible();
    await expect(log.getByText("Abrió una ubicación").first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-team.png`, fullPage: true });

    // The approval queue of invoice requests (none waiting in the demo).
    await section(page, "Facturas");
    await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Facturas por aprobar" })).toBeAttached();
    await expect(page.getByText("Ninguna solicitud de factura espera aprobación.")).toBeVisible();
    await expectAccessible(page);
  }

  // The driver sees both refunds on the stay they paid.
  const { context, driver } = await driverOnTheirStay(browser);
  await expect(driver.getByText(/^Reembolso ·/)).toHaveCount(2);
  await driver.screenshot({ path: `${SHOTS}/driver-visit-refunded.png`, fullPage: true });

  // Suspended from the console, the driver's next call is refused.
  await section(page, "Conductores");
  await page.getByLabel("Celular o placa").fill("DEMO123");
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("link", { name: "Conductor Demo" }).click();
  await page.getByRole("button", { name: "Suspender" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Suspender" }).click();
  await expect(page.getByText("Conductor suspendido")).toBeVisible();
  await expect(page.getByText("Suspendido", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/desktop-driver-suspended.png`, fullPage: true });
  await driver.getByRole("button", { name: "Abrir menú" }).click();
  await driver.getByRole("link", { name: "Vehículos" }).click();
  await expect(driver.getByText("Esta cuenta está suspendida. Contacta a soporte.")).toBeVisible();
  await driver.screenshot({ path: `${SHOTS}/driver-suspended.png` });
  await context.close();
});

test("another organisation's operator sees none of the demo organisation's locations", async ({ page }) => {
  await signIn(page, OTHER_OPERATOR);
  await openConsole(page);

  // On a phone the sections fold behind one button naming the screen; a keyboard opens and folds it.
  const nav = page.getByRole("navigation", { name: "Secciones de la consola" });
  const toggle = nav.getByRole("button", { name: "Sección Hoy" });
  await expect(nav.getByRole("link", { name: "Pagos" })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("list", { name: "Ubicaciones y ventas" }).getByRole("link")).toHaveCount(6);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/phone-sections.png` });
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Hoy" })).toBeFocused();
  await expect(nav.getByRole("link", { name: "Hoy" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(nav.getByRole("link", { name: "Pagos" })).toBeHidden();
  // The English address of a section is the same section.
  await page.goto(hostUrl("localhost", "/operator/payments"));
  await expect(nav.getByRole("button", { name: "Sección Pagos" })).toBeVisible();
  // A desktop lays the groups out; no button to open.
  await page.setViewportSize(VIEWPORTS[1][1]);
  await expect(nav.getByRole("button")).toBeHidden();
  await expect(nav.getByRole("link", { name: "Pagos" })).toHaveAttribute("aria-current", "page");
  await page.setViewportSize(VIEWPORTS[0][1]);

  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Hoy");
    await expect(page.getByText("Estacionamientos del Norte")).toBeVisible();
    await section(page, "Ubicaciones");
    await expect(page.getByRole("link", { name: "Estacionamiento Cumbres" })).toBeVisible();
    await expect(page.getByText("Estacionamiento Parque Fundidora")).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-other-organisation.png`, fullPage: true });
    // Its address typed by hand answers as if it did not exist.
    await page.goto(hostUrl("localhost", `/operador/ubicaciones/${FUNDIDORA}`));
    await expect(page).toHaveURL(/\/notfound/);
    await page.goto(hostUrl("localhost", "/operador"));
  }
});
