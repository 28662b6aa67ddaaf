import { readFile } from "node:fs/promises";
import { openConsole, section, signIn } from "./console.ts";
import { newOperatorPhone } from "./devices.ts";
import { addBillingData, payAStayAtFundidora } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * Credit notes from both sides (docs/decisions/0308, 0319, 0334): a driver invoices a stay with the
 * sandbox's refused receiver (postal code 00000), the operator refunds part of it from the console,
 * the provider refuses the credit note once, the operator sees it failed in words, sends it again
 * and downloads it; the operator changes the global invoice's periodicity; the driver sees the note
 * under the invoice.
 */
const SHOTS = "/tmp/operator-invoices-shots";

test("a refund of an invoiced stay makes a credit note the provider refuses once; the operator retries it and the driver gets it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The driver: a stay at Fundidora paid at checkout, invoiced to the refused receiver.
  await page.setViewportSize({ width: 390, height: 844 });
  const plate = await payAStayAtFundidora(page, "NC");

  await page.goto(hostUrl("localhost", "/facturacion"));
  const form = await addBillingData(page, { postalCode: "00000", email: `nc.${plate.toLowerCase()}@example.com` });
  await expect(form).toBeHidden();
  const payments = page.getByRole("region", { name: "Pagos que puedes facturar" });
  await payments.getByRole("button", { name: /^Facturar/ }).click();
  const history = page.getByRole("region", { name: "Mis facturas" });
  await expect(history.getByText("Emitida")).toBeVisible({ timeout: 15_000 });

  // The operator, in a browser of their own: the stay found by plate, $10.00 refunded.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "es-MX" });
  const console_ = await context.newPage();
  await signIn(console_, newOperatorPhone().slice(3));
  await openConsole(console_);
  await section(console_, "Pagos");
  await console_.getByLabel("Placa").fill(plate);
  await console_.getByRole("button", { name: "Buscar" }).click();
  const row = console_.getByRole("row").filter({ hasText: plate });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").click();
  await console_.getByLabel("Monto a reembolsar").fill("10");
  await console_.getByLabel("Motivo").fill("Cobro de más");
  await console_.getByRole("button", { name: "Reembolsar" }).click();
  await console_.getByRole("alertdialog").getByRole("button", { name: "Reembolsar" }).click();
  await expect(console_.getByText("Reembolso hecho")).toBeVisible();

  // Invoices: the note failed in words, Retry enabled only there; sent again, it is issued.
  await section(console_, "Facturas");
  const notes = console_.getByRole("region", { name: "Notas de crédito" });
  const note = notes.getByRole("listitem").filter({ hasText: "$10.00 MXN reembolsados" });
  // The worker issues the note after the refund: the list is read again until it has an outcome.
  await expect(async () => {
    await console_.reload();
    await expect(note.getByText("No emitida: el proveedor la rechazó o no respondió")).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(note.getByRole("button", { name: "Reintentar" })).toBeEnabled();
  await expect(note.getByRole("button", { name: /^XML / })).toHaveCount(0);
  await expectAccessible(console_);
  await console_.screenshot({ path: `${SHOTS}/console-note-failed.png`, fullPage: true });
  await note.getByRole("button", { name: "Reintentar" }).click();
  await expect(console_.getByText("Nota de crédito enviada de nuevo al proveedor")).toBeVisible();
  await expect(async () => {
    await console_.reload();
    await expect(note.getByText("Emitida", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(note.getByRole("button", { name: "Reintentar" })).toBeDisabled();
  const xmlDownload = console_.waitForEvent("download");
  await note.getByRole("button", { name: /^XML Nota de crédito/ }).click();
  const xml = await readFile((await (await xmlDownload).path()) ?? "", "utf8");
  expect(xml).toContain('TipoDeComprobante="E"');
  expect(xml).toContain('Total="10.00"');
  await expectAccessible(console_);
  await console_.screenshot({ path: `${SHOTS}/console-note-issued.png`, fullPage: true });

  // The global invoice's periodicity, in the console's English too.
  await console_.getByRole("banner").getByRole("button", { name: "English" }).click();
  await console_.getByLabel("Periodicity").selectOption("weekly");
  await console_.getByRole("button", { name: "Save periodicity" }).click();
  await expect(console_.getByText("Periodicity saved")).toBeVisible();
  await expectAccessible(console_);
  await context.close();

  // The driver sees the note under the invoice, issued, with its files.
  await page.reload();
  await expect(history.getByText(/^Nota de crédito EST-\d+: \$10\.00 MXN reembolsados/)).toContainText("Emitida");
  await expect(history.getByRole("button", { name: /^Descargar XML de la nota de crédito/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/driver-credit-note.png`, fullPage: true });
});
