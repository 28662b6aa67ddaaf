import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { VALET_PANGEA, VALET_SAN_JOSE, valetTicketFromTheStand } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, hostUrl, stepChecker, test } from "./fixtures.ts";

/**
 * The receipts history (issue 26 item 4, docs/decisions/0187) as a brand-new driver meets it: from
 * `/` through the whole sign-in wizard (no stored tokens, no API shortcuts), an event pass bought
 * from the events list and a valet ticket the stand opens and texts, each one's receipt, then the
 * month's history with both lines, one tagged business (kept across a reload), and the statement
 * as CSV (both lines, the tag) and PDF. axe on every screen.
 */

/** "28 nov" / "Nov 28": today on the lot's clock, as a payment line writes it. */
const today = (language: "es" | "en", timeZone: string) =>
  new Intl.DateTimeFormat(language === "es" ? "es-MX" : "en-US", { day: "numeric", month: "short", timeZone }).format(
    new Date(),
  );

/** The event list's event, paid with the wizard's vehicle and card; answers the total paid. */
async function buyEventPass(page: Page, event: RegExp, pay: RegExp) {
  await page.getByRole("link", { name: event }).click();
  await expect(page).toHaveURL(/\/eventos\/[0-9a-f-]{36}$/);
  const button = page.getByRole("button", { name: pay });
  await expect(button).toBeEnabled();
  const total = ((await button.textContent()) ?? "").replace(/^\D+/, "$");
  await button.click();
  await expect(page).toHaveURL(/\/visita\/evento\/[0-9a-f-]{36}$/);
  return total;
}

/** The file a button downloads, as the driver's browser saved it. */
async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return readFile((await file.path()) ?? "");
}

test.describe("Mexico, in Spanish", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a new driver pays an event pass and a valet ticket, opens both receipts, then the history: a business tag, CSV and PDF", async ({
    page,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const { phone, plate } = await signUpThroughWizard(page, "localhost", "es");
    const day = today("es", "America/Monterrey");

    // An event pass from the home's events list, and its receipt.
    await page.getByRole("link", { name: "Todos los eventos" }).click();
    await expect(page.getByRole("list", { name: "Eventos" })).toContainText("Rayados vs. Tigres");
    await step("events");
    const eventTotal = await buyEventPass(page, /Rayados vs. Tigres/, /^Pagar \$/);
    const eventReceipt = page.getByRole("link", {
      name: `Recibo: Pase de evento · Arena · ${day} · ${eventTotal}`,
    });
    await expect(eventReceipt).toBeVisible();
    await step("event-pass");
    await eventReceipt.click();
    await expect(page).toHaveURL(/\/recibo\/[0-9a-f-]{36}$/);
    const receipt = page.getByRole("article");
    await expect(receipt.getByText(/^Pase de evento · Rayados vs. Tigres/)).toBeVisible();
    await expect(receipt.getByText(/^Arena Monterrey, /)).toBeVisible();
    await expect(receipt.getByText(plate)).toBeVisible();
    await expect(page.getByTestId("receipt-total")).toHaveText(eventTotal);
    await expect(receipt.getByRole("rowheader", { name: "IVA (16 %)" })).toBeVisible();
    await expect(receipt.getByRole("row", { name: /^Total/ })).toContainText(eventTotal);
    await step("event-receipt");

    // A valet ticket the stand opens and texts: $60 for two hours, fees and IVA, $77.59.
    const ticket = await valetTicketFromTheStand(page, {
      host: "localhost",
      stand: VALET_PANGEA,
      phone,
      plate: "HIS123",
      numberPrefix: "H",
    });
    await expect(page.getByRole("heading", { name: `Boleto ${ticket.number}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("row", { name: /Total/ })).toContainText("$77.59 MXN");
    await step("valet-ticket");
    await page.getByRole("button", { name: "Pagar $77.59 MXN" }).click();
    await expect(page.getByRole("heading", { name: "Monto pagado" })).toBeVisible();
    await page.getByRole("link", { name: `Recibo: Valet · Pangea · ${day} · $77.59 MXN` }).click();
    await expect(page).toHaveURL(/\/recibo\/[0-9a-f-]{36}$/);
    await expect(receipt.getByText(/^Valet Restaurante Pangea, /)).toBeVisible();
    await expect(page.getByTestId("receipt-total")).toHaveText("$77.59 MXN");
    await expect(receipt.getByRole("row", { name: /^Estacionamiento/ })).toContainText("$60.00 MXN");
    await expect(receipt.getByRole("row", { name: /^Total/ })).toContainText("$77.59 MXN");
    await step("valet-receipt");

    // The history, from the receipt: both payments of the month, newest first.
    await page.getByRole("link", { name: "Historial de recibos" }).click();
    await expect(page).toHaveURL(hostUrl("localhost", "/recibos"));
    const list = page.getByRole("list").filter({ hasText: "Valet · Pangea" });
    const valetLine = `Valet · Pangea · ${day}`;
    const eventLine = `Pase de evento · Arena · ${day}`;
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").nth(0)).toContainText(`${valetLine}$77.59 MXN`);
    await expect(list.getByRole("listitem").nth(1)).toContainText(`${eventLine}${eventTotal}`);
    await expect(page.getByRole("combobox", { name: "Periodo" })).toHaveValue(/^\d{4}-\d\d$/);
    await step("history");

    // The event pass was a business expense: tagged, and still so after a reload.
    const tag = page.getByRole("group", { name: `Uso de ${eventLine}` });
    await tag.getByRole("radio", { name: "Negocio" }).check();
    await expect(tag.getByRole("status")).toHaveText("Etiqueta guardada");
    await page.reload();
    await expect(
      page.getByRole("group", { name: `Uso de ${eventLine}` }).getByRole("radio", { name: "Negocio" }),
    ).toBeChecked();
    await expect(
      page.getByRole("group", { name: `Uso de ${valetLine}` }).getByRole("radio", { name: "Negocio" }),
    ).not.toBeChecked();
    await step("history-tagged");

    // The statement: the CSV holds both lines and the tag; the PDF is a PDF.
    const csv = (await downloaded(page, "Descargar CSV")).toString("utf8");
    const row = (line: string) => csv.split("\r\n").find((text) => text.includes(line));
    expect(row(eventLine)).toContain("Negocio");
    expect(row(valetLine)).toContain("77.59");
    const pdf = await downloaded(page, "Descargar estado de cuenta (PDF)");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // Each line leads back to its receipt.
    await page.getByRole("link", { name: valetLine }).click();
    await expect(page.getByTestId("receipt-total")).toHaveText("$77.59 MXN");
  });
});

test.describe("us.localhost, in English", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });

  test("a new driver pays an event pass and a valet ticket and finds both in the history and its CSV", async ({
    page,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const { phone } = await signUpThroughWizard(page, "us.localhost", "en");
    const day = today("en", "America/Chicago");

    await page.getByRole("link", { name: "All events" }).click();
    const eventTotal = await buyEventPass(page, /Longhorns Basketball vs. Baylor/, /^Pay \$/);
    await expect(page.getByRole("link", { name: new RegExp(`^Receipt: Event pass · .* · ${day} · `) })).toBeVisible();

    await valetTicketFromTheStand(page, {
      host: "us.localhost",
      stand: VALET_SAN_JOSE,
      phone,
      plate: "HIS123",
      numberPrefix: "H",
    });
    const pay = page.getByRole("button", { name: /^Pay \$[\d.]+ USD$/ });
    const valetTotal = ((await pay.textContent()) ?? "").replace(/^\D+/, "$");
    await pay.click();
    await expect(page.getByRole("link", { name: `Receipt: Valet · San José · ${day} · ${valetTotal}` })).toBeVisible();

    await page.goto(hostUrl("us.localhost", "/receipts"));
    const list = page.getByRole("list").filter({ hasText: "Valet · San José" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").nth(0)).toContainText(`Valet · San José · ${day}${valetTotal}`);
    await expect(list.getByRole("listitem").nth(1)).toContainText(eventTotal);
    await expect(page.getByRole("link", { name: /CFDI/ })).toHaveCount(0);
    await step("history-en");
    const csv = (await downloaded(page, "Download CSV")).toString("utf8");
    expect(csv).toContain(`Valet · San José · ${day}`);
    expect(csv).toMatch(/Event pass · /);
  });
});
