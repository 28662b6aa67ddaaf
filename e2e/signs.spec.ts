import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { renderSVG } from "uqr";
import { placeSigner } from "../apps/api/src/lib/place-sign.ts";
import { openConsole, section, signIn } from "./console.ts";
import { newOperatorPhone } from "./devices.ts";
import {
  expect,
  expectAccessible,
  hostUrl,
  newNationalPhone,
  signInThroughWizard,
  test,
  withServerDatabase,
} from "./fixtures.ts";
import { E2E_APP_SECRET } from "./playwright.config.ts";

/**
 * Signs that cannot be faked (issue 26 item 7, docs/decisions/0287, 0311): a lot's signed landing
 * says "Verificado: <operador>", a forged one warns and the plain one is as before; the console
 * downloads the signed QR, whose decoded text is the signed link; the app's own scanner, fed a
 * photo (CI has no camera), opens only our signed links and warns plainly on anything else.
 */
const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";
const ZONE_101 = "7d1e5a10-0000-4000-8000-000000000301";

/** The place's signed landing, signed as the server signs it, and the name of its operator. */
function signedLanding(uuid: string): { url: string; operator: string } {
  const row = withServerDatabase(
    (database) =>
      database
        .prepare(
          "SELECT l.organisation_id AS organisation, o.name AS operator FROM locations l JOIN organisations o ON o.id = l.organisation_id WHERE l.id = ?",
        )
        .get(uuid) as { organisation: string; operator: string },
  );
  const url = new URL(hostUrl("localhost", `/loc/${uuid}`));
  url.searchParams.set("s", placeSigner({ secret: E2E_APP_SECRET }).sign(row.organisation, uuid));
  return { url: url.href, operator: row.operator };
}

/** The same landing with a signature of the right shape that no organisation made. */
const forged = (url: string) => url.replace(/s=[^&]+/, "s=1.AAAAAAAAAAAAAAAAAAAAAA");

/** A photo of a QR holding `text`, as the scanner's photo button takes it. */
const qrPhoto = (text: string) => ({
  name: "letrero.svg",
  mimeType: "image/svg+xml",
  buffer: Buffer.from(renderSVG(text, { border: 4 })),
});

async function openScanner(page: Page) {
  await page.getByRole("button", { name: "Escanear el QR de un letrero" }).click();
  const dialog = page.getByRole("dialog", { name: "Escanear el QR de un letrero" });
  await expect(dialog.getByRole("button", { name: "Leer una foto del letrero" })).toBeVisible();
  return dialog;
}

/** The text of a QR in a PNG, read by jsQR here (not the app's reader) from the pixels the browser decodes. */
async function decodePng(page: Page, png: Buffer): Promise<string | null> {
  const pixels = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const side = 480;
    const canvas = new OffscreenCanvas(side, side);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    context.drawImage(image, 0, 0, side, side);
    return { side, data: Array.from(context.getImageData(0, 0, side, side).data) };
  }, png.toString("base64"));
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.side, pixels.side)?.data ?? null;
}

test("a new driver opens a lot's signed sign: Verificado and the operator; a forged one warns; the plain one as before", async ({
  page,
}) => {
  const { url, operator } = signedLanding(FUNDIDORA);
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Estacionamiento Parque Fundidora" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Verificado: ${operator}` })).toBeVisible();
  await expect(page.getByText(`${operator} emitió este letrero para Estacionamiento Parque Fundidora.`)).toBeVisible();
  await expectAccessible(page);

  await page.goto(forged(url));
  await expect(page.getByRole("alert")).toContainText("No se pudo verificar este letrero");
  await expect(page.getByText(/^Verificado/)).toHaveCount(0);
  await expectAccessible(page);

  // The spec's plain landing: no claim either way, Start as before.
  await page.goto(hostUrl("localhost", `/loc/${FUNDIDORA}`));
  await expect(page.getByRole("heading", { name: "Inicia tu estancia" })).toBeVisible();
  await expect(page.getByText(/^Verificado|No se pudo verificar/)).toHaveCount(0);
});

test.describe("English", () => {
  test.use({ locale: "en-US" });

  test("a signed sign says Verified with the operator, in English", async ({ page }) => {
    const { url, operator } = signedLanding(FUNDIDORA);
    await page.goto(url);
    await expect(page.getByRole("status").filter({ hasText: `Verified: ${operator}` })).toBeVisible();
    await expectAccessible(page);
  });
});

test("the console downloads the signed QR of a lot and of a meter zone; the PNG reads as the signed link, which the app's scanner opens as verified", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { url, operator } = signedLanding(FUNDIDORA);
  await signIn(page, newOperatorPhone().replace(/^\+52/, ""));
  await openConsole(page);
  await section(page, "Ubicaciones");
  await page.getByRole("link", { name: "Estacionamiento Parque Fundidora" }).click();
  await page.getByRole("link", { name: "Imprimir o descargar el QR de la ubicación" }).click();
  const sheet = page.getByTestId("qr-sheet");
  await expect(sheet.getByRole("img", { name: /Código QR que abre la página de Estacionamiento/ })).toBeVisible();
  await expectAccessible(page);

  const [png] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar PNG" }).click(),
  ]);
  expect(png.suggestedFilename()).toBe("qr-estacionamiento-parque-fundidora.png");
  const pngBytes = await readFile((await png.path()) as string);
  expect(await decodePng(page, pngBytes)).toBe(url);
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar SVG" }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe("qr-estacionamiento-parque-fundidora.svg");
  expect((await readFile((await svg.path()) as string, "utf8")).startsWith("<svg")).toBe(true);

  // A meter zone is its location: its form leads to the same signed sheet, and back to the zone.
  await page.goto(hostUrl("localhost", `/operador/parquimetros/${ZONE_101}`));
  await page.getByRole("link", { name: "Imprimir o descargar el QR de la zona" }).click();
  await expect(page.getByTestId("qr-sheet").getByRole("img")).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver a la zona" })).toBeVisible();
  await expectAccessible(page);

  // The operator, as any driver, scans the downloaded sign with the app's scanner.
  await page.goto(hostUrl("localhost", "/parquimetros"));
  const dialog = await openScanner(page);
  await dialog
    .getByTestId("sign-photo")
    .setInputFiles({ name: png.suggestedFilename(), mimeType: "image/png", buffer: pngBytes });
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("status").filter({ hasText: `Verificado: ${operator}` })).toBeVisible();
});

test("a new driver's scanner opens only our signed signs: another domain, an unsigned link and a forged one are refused plainly", async ({
  page,
}) => {
  const { url, operator } = signedLanding(FUNDIDORA);
  await page.goto(hostUrl("localhost", "/"));
  await signInThroughWizard(page, newNationalPhone());
  await page.getByRole("button", { name: "Agregar después" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(hostUrl("localhost", "/parquimetros"));
  const metersUrl = page.url();

  const dialog = await openScanner(page);
  await expectAccessible(page);
  await dialog.getByTestId("sign-photo").setInputFiles(qrPhoto(`https://estaciona-pagos.example/loc/${FUNDIDORA}`));
  await expect(dialog.getByRole("alert")).toContainText("Este código no es uno de nuestros letreros");
  await expect(dialog.getByRole("alert")).toContainText("(estaciona-pagos.example)");
  await expect(dialog.getByRole("link")).toHaveCount(0);
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Escanear otro código" }).click();
  await dialog.getByTestId("sign-photo").setInputFiles(qrPhoto(hostUrl("localhost", `/loc/${FUNDIDORA}`)));
  await expect(dialog.getByRole("alert")).toContainText("Este letrero no tiene firma");

  await dialog.getByRole("button", { name: "Escanear otro código" }).click();
  await dialog.getByTestId("sign-photo").setInputFiles(qrPhoto(forged(url)));
  await expect(dialog.getByRole("alert")).toContainText("Este letrero es falso");
  expect(page.url()).toBe(metersUrl);

  await dialog.getByRole("button", { name: "Escanear otro código" }).click();
  await dialog.getByTestId("sign-photo").setInputFiles(qrPhoto(url));
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("status").filter({ hasText: `Verificado: ${operator}` })).toBeVisible();
  await expectAccessible(page);
});
