import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { PLATFORM_ORGANISATION } from "../apps/api/src/seed/data.ts";
import { openConsole, section, signIn, VIEWPORTS } from "./console.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, test, withServerDatabase } from "./fixtures.ts";
import { E2E_PORT } from "./playwright.config.ts";

/**
 * The console's platform role and team (docs/decisions/0051, 0052), from where people start:
 * signed out on `/`, signing in with the phone like any driver. Each journey has operators of its
 * own (the demo operator's code is sent once a minute and other journeys sign it in): their rows
 * are written into the server's database as the platform grants the role (e2e/devices.ts does the same).
 */
const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";
const SHOTS = "/tmp/c15-platform-shots";
/** A host of this journey's own: changing a seeded one would change what other journeys see. */
const BRAND_HOST = "marca.localhost";

/** An operator of the demo organisation (the platform role when asked): answers the national number to sign in with. */
function newOperator(options: { platform?: boolean; firstName: string }): string {
  const national = newNationalPhone();
  withServerDatabase((database) => {
    const now = new Date().toISOString();
    const userId = randomUUID();
    database
      .prepare(
        "INSERT INTO users (id, phone, first_name, last_name, locale, role, status, payment_methods_mx, payment_methods_us, sign_in_failures, registered_domain, created_at, updated_at) VALUES (?, ?, ?, 'Prueba', 'es', 'admin', 'active', 0, 0, 0, 'estaciona', ?, ?)",
      )
      .run(userId, `+52${national}`, options.firstName, now, now);
    database
      .prepare("INSERT INTO operator_memberships (user_id, organisation_id, platform, created_at) VALUES (?, ?, ?, ?)")
      .run(userId, PLATFORM_ORGANISATION.id, options.platform ? 1 : 0, now);
  });
  return national;
}

function insertBrandHost(): void {
  withServerDatabase((database) => {
    const seeded = database.prepare("SELECT * FROM hosts WHERE hostname = 'localhost'").get() as Record<
      string,
      unknown
    >;
    const row = { ...seeded, hostname: BRAND_HOST, is_default: 0, brand_name: "Marca Norte" };
    const columns = Object.keys(row);
    database
      .prepare(
        `INSERT OR IGNORE INTO hosts (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`,
      )
      .run(row);
  });
}

const brandUrl = (pathname = "/") => `http://${BRAND_HOST}:${E2E_PORT}${pathname}`;

async function newPhoneContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" });
  return { context, page: await context.newPage() };
}

test("a platform operator changes a host's login text and colour, and a brand-new driver on that hostname sees them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  insertBrandHost();
  await signIn(page, newOperator({ platform: true, firstName: "Plataforma" }));
  await openConsole(page);

  // The platform role opens an organisation, and may only make an existing account its operator.
  await section(page, "Organizaciones");
  await page.getByLabel("Nombre").fill("Estacionamientos del Sur");
  await page.getByLabel("Correo de contacto").fill("contacto@sur.example");
  await page.getByRole("button", { name: "Crear organización" }).click();
  await expect(page.getByText("Estacionamientos del Sur creada")).toBeVisible();
  await expect(page.getByTestId("organisations")).toContainText("Estacionamientos del Sur");
  await page.getByLabel("Organización", { exact: true }).selectOption({ label: "Estacionamientos del Sur" });
  await page.getByLabel("Celular de una cuenta existente").fill(`+52${newNationalPhone()}`);
  await page.getByRole("button", { name: "Agregar operador" }).click();
  await expect(page.getByRole("dialog")).toContainText("El usuario seleccionado debe ser administrador.");
  await page.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();

  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Organizaciones");
    await expect(page.getByTestId("organisations")).toContainText(PLATFORM_ORGANISATION.name);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-organisations.png`, fullPage: true });
    await section(page, "Sitios");
    await expect(page.getByTestId("host").filter({ hasText: BRAND_HOST })).toBeVisible();
    await page.getByRole("button", { name: `Editar ${BRAND_HOST}` }).click();
    await expect(page.getByRole("heading", { name: `Editar ${BRAND_HOST}` })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-host-editor.png`, fullPage: true });
    if (label === "phone") await page.getByRole("button", { name: "Cancelar" }).click();
  }

  // A colour white text cannot be read on is refused before it is sent, with the reason.
  const color = page.getByLabel("Color principal");
  await color.fill("#ffcc00");
  await page.getByLabel("Texto de inicio de sesión (español)").fill("Bienvenido al estacionamiento del Norte");
  await page.getByLabel("Texto de inicio de sesión (inglés)").fill("Welcome to North parking");
  await page.getByRole("button", { name: "Guardar sitio" }).click();
  await expect(page.getByText("El texto blanco sobre este color se lee mal")).toBeVisible();
  const width = page.getByLabel("Ancho de la caja de inicio de sesión (píxeles)");
  await width.fill("900");
  await page.getByRole("button", { name: "Guardar sitio" }).click();
  await expect(page.getByText("Escribe un valor de 200 a 600")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/desktop-host-refused.png`, fullPage: true });
  await width.fill("280");
  await color.fill("#7a1f3d");
  await expect(page.getByText("Texto blanco sobre él: 10.0:1")).toBeVisible();
  await page.getByRole("button", { name: "Guardar sitio" }).click();
  await expect(page.getByText(`${BRAND_HOST} guardado`)).toBeVisible();

  // The change is in the log, with the values before and after.
  await section(page, "Equipo y bitácora");
  await expect(page.getByTestId("audit-log")).toContainText("Cambió un sitio");
  await expect(page.getByTestId("audit-log")).toContainText(
    "Texto de acceso (español) Bienvenido al estacionamiento del Norte",
  );

  // A driver who never came before opens that hostname: the new text and colour, on the first page load.
  const { context, page: driver } = await newPhoneContext(browser);
  await driver.goto(brandUrl("/"));
  await expect(driver.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await expect(driver.getByText("Bienvenido al estacionamiento del Norte")).toBeVisible();
  const continueButton = driver.getByRole("button", { name: "Continuar" });
  await expect(continueButton).toHaveCSS("background-color", "rgb(122, 31, 61)");
  await expectAccessible(driver);
  await driver.screenshot({ path: `${SHOTS}/phone-driver-new-brand.png`, fullPage: true });
  await context.close();

  // Another hostname kept its own.
  const { context: other, page: otherDriver } = await newPhoneContext(browser);
  await otherDriver.goto(hostUrl("localhost", "/"));
  await expect(otherDriver.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await expect(otherDriver.getByText("Bienvenido al estacionamiento del Norte")).toHaveCount(0);
  await other.close();
});

test("an operator removes a team member, whose next console call is refused", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const member = newOperator({ firstName: "Saliente" });
  // The console writes a phone as people read it (+52 81 9189 6501).
  const memberPhone = `+52 ${member.slice(0, 2)} ${member.slice(2, 6)} ${member.slice(6)}`;
  await signIn(page, newOperator({ firstName: "Administradora" }));

  const { context, page: memberPage } = await newPhoneContext(browser);
  await signIn(memberPage, member);
  await openConsole(memberPage);
  await expect(memberPage.getByRole("heading", { name: "Ocupación" })).toBeVisible();

  await openConsole(page);
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Equipo y bitácora");
    await expect(page.getByTestId("team-member").filter({ hasText: memberPhone }).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-team.png`, fullPage: true });
  }
  const row = page.getByTestId("team-member").filter({ hasText: memberPhone });
  await row.getByRole("button", { name: "Quitar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("¿Quitar a Saliente Prueba de la organización?");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByText("Saliente Prueba ya no es de la organización")).toBeVisible();
  await expect(page.getByTestId("team-member").filter({ hasText: memberPhone })).toHaveCount(0);
  await expect(page.getByTestId("audit-log")).toContainText("Quitó a un operador");

  // The removed member's next console call is refused: the console says the account is not an operator's.
  await memberPage.reload();
  await expect(memberPage.getByText("Esta cuenta no es de un operador")).toBeVisible();
  await expectAccessible(memberPage);
  await memberPage.screenshot({ path: `${SHOTS}/phone-removed-member.png`, fullPage: true });
  await context.close();
});

test("a location's QR prints as a sign: the lot's name, the QR and its address", async ({ page }) => {
  await signIn(page, newOperator({ firstName: "Impresora" }));
  await openConsole(page);
  for (const [label, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section(page, "Ubicaciones");
    await page.getByRole("link", { name: "Estacionamiento Parque Fundidora" }).click();
    await expect(page.getByLabel("Facturar pagos hechos con código promocional")).toBeVisible();
    await page.getByRole("link", { name: "Imprimir o descargar el QR de la ubicación" }).click();
    await expect(page).toHaveURL(new RegExp(`/operador/ubicaciones/${FUNDIDORA}/qr$`));
    const sheet = page.getByTestId("qr-sheet");
    await expect(sheet.getByRole("heading", { name: "Estacionamiento Parque Fundidora" })).toBeVisible();
    await expect(sheet).toContainText(`localhost:${E2E_PORT}/loc/${FUNDIDORA}`);
    const qr = sheet.getByRole("img", { name: /Código QR que abre la página de Estacionamiento Parque Fundidora/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${label}-qr.png`, fullPage: true });

    // On paper: only the sheet, without the shell's bars, the console's sections or the buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Secciones de la consola" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${label}-qr-print.png`, fullPage: true });
    await page.emulateMedia({ media: "screen" });
  }
});
