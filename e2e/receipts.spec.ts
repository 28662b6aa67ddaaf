import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { openPassesFromMenu, signUpThroughWizard, words } from "./drivers.ts";
import { expect, hostUrl, stepChecker, test } from "./fixtures.ts";

/**
 * A receipt for every product (docs/decisions/0111, 0145) as a brand-new driver meets it: from `/`,
 * through the whole sign-in wizard (no stored tokens, no API shortcuts), a monthly pass and meter
 * time paid, each paid screen's link to its receipt — named as every payment list names it, kind ·
 * place · day on the lot's clock — the receipt with plate, place, times, breakdown and payment
 * reference, "Solicitar factura" on the Mexican host, and its PDF. axe on every screen.
 */

/** "28 nov": a day on the lot's clock as a payment line writes it. */
const today = () =>
  new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "short", timeZone: "America/Monterrey" }).format(
    new Date(),
  );

/** The receipt screen: what every product's receipt shows, then its PDF, which must be a PDF. */
async function checkReceipt(page: Page, step: (name: string) => Promise<void>, name: string, plate: string) {
  await expect(page).toHaveURL(/\/recibo\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole("article");
  await expect(receipt.getByRole("heading", { name: /^Recibo R-[0-9A-F]{10}$/ })).toBeVisible();
  await expect(receipt.getByText(plate)).toBeVisible();
  await expect(receipt.getByText(/Estacionamiento Parque Fundidora|Parquímetro 101/).first()).toBeVisible();
  await expect(receipt.getByRole("rowheader", { name: "IVA (16 %)" })).toBeVisible();
  await expect(receipt.getByRole("rowheader", { name: "Total" })).toBeVisible();
  const reference = page.url().split("/").pop() ?? "";
  await expect(receipt.getByText(reference)).toBeVisible();
  await expect(page.getByRole("link", { name: "Solicitar factura" })).toBeVisible();
  await step(name);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^R-[0-9A-F]{10}\.pdf$/);
  const bytes = await readFile((await file.path()) ?? "");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
}

test.describe("Mexico, in Spanish", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a new driver pays a monthly pass and meter time and opens each receipt and its PDF", async ({
    page,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const { plate } = await signUpThroughWizard(page, "localhost", "es");

    // A monthly pass, paid today: its screen links to the period's receipt.
    await openPassesFromMenu(page, "es");
    await page.getByRole("link", { name: /Pensión mensual/ }).click();
    const pay = page.getByRole("button", { name: /^Pagar \$/ });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByText("Tu pensión está lista")).toBeVisible();
    const passReceipt = page.getByRole("link", {
      name: new RegExp(`^Recibo: Pensión mensual · Fundidora · ${today()} · \\$`),
    });
    await expect(passReceipt).toBeVisible();
    await step("pass-paid");
    await passReceipt.click();
    await expect(
      page.getByRole("article").getByText("Pensión mensual · Estacionamiento Parque Fundidora"),
    ).toBeVisible();
    await checkReceipt(page, step, "pass-receipt", plate);

    // Thirty minutes at zone 101: the paid screen links to that buy's receipt.
    await page.goto(hostUrl("localhost", "/dashboard"));
    await page.getByRole("link", { name: words.es.metersLink }).click();
    await page.getByLabel("Número de zona del letrero").fill("101");
    await page.getByRole("button", { name: "Buscar zona" }).click();
    await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
    await page.getByRole("spinbutton", { name: "Minutos" }).fill("30");
    await page.getByRole("spinbutton", { name: "Minutos" }).press("Enter");
    await page.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();
    const meterReceipt = page.getByRole("link", {
      name: new RegExp(`^Recibo: Parquímetro · Zona 101 · ${today()} · \\$`),
    });
    await expect(meterReceipt).toBeVisible();
    await step("meter-paid");
    await meterReceipt.click();
    await expect(page.getByRole("article").getByText("Parquímetro · Parquímetro 101")).toBeVisible();
    await checkReceipt(page, step, "meter-receipt", plate);

    // The invoicing list names both payments the same way.
    await page.getByRole("link", { name: "Solicitar factura" }).click();
    await expect(page.getByText(`Pensión mensual · Fundidora · ${today()}`)).toBeVisible();
    await expect(page.getByText(`Parquímetro · Zona 101 · ${today()}`)).toBeVisible();
    await step("billing");
  });
});
