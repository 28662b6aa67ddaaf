import { readFile } from "node:fs/promises";
import { addBillingData, payAStayAtFundidora } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

test("a new driver pays a stay, saves billing data, invoices the payment and downloads the CFDI's PDF and XML", async ({
  page,
  request,
}) => {
  // A brand-new driver from the lot's page: sign in, a car, a card, seventy minutes paid at checkout.
  await payAStayAtFundidora(page, "FC");

  // Billing from the side menu (Spanish).
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("dialog", { name: "Menú" }).getByRole("link", { name: "Facturación" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", "/facturacion"));
  const payments = page.getByRole("region", { name: "Pagos que puedes facturar" });
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(payments.getByRole("listitem")).toContainText("$41.78 MXN");
  await expect(payments.getByRole("listitem")).toContainText(/Factura hasta el/);
  await expect(page.getByText("Agrega primero tus datos de facturación.")).toBeVisible();
  await expectAccessible(page);

  // Billing data: the regimes follow the RFC's person type, the uses follow the regime.
  const form = await addBillingData(page, { postalCode: "640", email: "ana.facturas@example.com" });
  await expect(form.getByText("Escribe el código postal fiscal de 5 dígitos.")).toBeVisible();
  await expectAccessible(page);
  await form.getByLabel("Código postal fiscal").fill("64000");
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  const profiles = page.getByRole("region", { name: "Datos de facturación" });
  await expect(profiles).toContainText("PEPA800101AB1");
  await expect(profiles).toContainText("Predeterminado");

  // One tap: the invoice is requested, issued by the job, and offered for download.
  await payments.getByRole("button", { name: /^Facturar/ }).click();
  await expect(payments.getByText("Factura solicitada")).toBeVisible();
  const history = page.getByRole("region", { name: "Mis facturas" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByText("Emitida")).toBeVisible({ timeout: 15_000 });
  await expect(history).toContainText("Factura de prueba, sin timbrar");
  await expectAccessible(page);

  const pdfDownload = page.waitForEvent("download");
  await history.getByRole("button", { name: /^Descargar PDF/ }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^EDE210101A17-EST\d+\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");

  const xmlDownload = page.waitForEvent("download");
  await history.getByRole("button", { name: /^Descargar XML/ }).click();
  const xml = await (await xmlDownload).path();
  const cfdi = await readFile(xml, "utf8");
  expect(cfdi).toContain('Version="4.0"');
  expect(cfdi).toContain('Total="41.78"');
  expect(cfdi).toContain('Rfc="PEPA800101AB1"');

  // The XML and PDF went by e-mail too (the sandbox outbox).
  const outbox = await request.get(hostUrl("localhost", "/api/sandbox/outbox?recipient=ana.facturas%40example.com"));
  const messages = ((await outbox.json()) as { data: { recipient: string; body: string }[] }).data;
  const mail = messages.find((message) => message.recipient === "ana.facturas@example.com");
  expect(mail?.body).toMatch(/EST\d+\.xml, EDE210101A17-EST\d+\.pdf/);
});
