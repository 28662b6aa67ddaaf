import type { Page } from "@playwright/test";
import { openConsole, section, signIn } from "./console.ts";
import { newOperatorPhone, VALET_PANGEA, valetTicketFromTheStand } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/**
 * Every rail where money shows (issue 27, docs/decisions/0323): a brand-new Mexican driver, from `/`
 * through the wizard, tops up the balance with Google Pay and asks for an OXXO reference on the
 * home, then pays a valet ticket with Google Pay — the sandbox's sheet stands in for Google's. An
 * operator of the stand's organisation finds the three in the console's payments, in words, and the
 * valet's sale in Today's money by rail.
 */
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ viewport: { width: 390, height: 844 } });

/** The sandbox wallet's sheet: its approving card is picked already; pays the amount it shows. */
async function payInSheet(page: Page, amount: string) {
  const sheet = page.getByRole("dialog", { name: "Google Pay · billetera de prueba" });
  await expect(sheet.getByRole("radio", { name: "Visa •••• 4242 (se aprueba)" })).toBeChecked();
  await expectAccessible(page);
  await sheet.getByRole("button", { name: `Pagar ${amount}` }).click();
  await expect(sheet).toBeHidden();
}

test("a new driver tops up by Google Pay and OXXO and pays valet by Google Pay; the operator sees each rail in words", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { phone } = await signUpThroughWizard(page, "localhost", "es");
  const balanceCard = page.getByRole("region", { name: "Tu saldo" });

  // A $100 top-up with Google Pay: the amount first, then the wallet.
  const byWallet = balanceCard.getByRole("group", { name: "O recarga con la billetera de tu teléfono" });
  await expect(byWallet.getByRole("radio", { name: "$100.00 MXN" })).toBeChecked();
  await expectAccessible(page);
  await shot(page, "40-balance-wallet");
  await balanceCard.getByRole("button", { name: "Pagar con Google Pay" }).click();
  await payInSheet(page, "$100.00 MXN");
  await expect(balanceCard.getByRole("status")).toHaveText("Saldo recargado.");
  await expect(balanceCard).toContainText("$100.00 MXN disponibles");
  await expectAccessible(page);

  // An OXXO reference for $100, left unpaid: it waits at the store.
  const byReference = balanceCard.getByRole("group", { name: "O paga en efectivo o por transferencia" });
  await byReference.getByRole("radio", { name: "Efectivo en OXXO" }).check();
  await byReference.getByRole("button", { name: "Generar referencia por $100.00 MXN" }).click();
  const reference = page.getByRole("region", { name: "Tu referencia de pago" });
  await expect(reference.getByRole("status")).toHaveText("Esperando tu pago");
  await expectAccessible(page);

  // The stand opens a ticket for the driver's phone; its SMS link opens the ticket.
  const ticket = await valetTicketFromTheStand(page, {
    host: "localhost",
    stand: VALET_PANGEA,
    phone,
    plate: "WALLET1",
    numberPrefix: "W",
  });
  await expect(page.getByRole("heading", { name: `Boleto ${ticket.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$77.59 MXN");
  const googlePay = page.getByRole("button", { name: "Pagar con Google Pay" });
  await expect(googlePay).toBeVisible();
  await expectAccessible(page);
  await shot(page, "41-valet-wallet");
  await googlePay.click();
  await payInSheet(page, "$77.59 MXN");
  await expect(page.getByRole("heading", { name: "Monto pagado" })).toBeVisible();
  await expectAccessible(page);

  // The operator: the driver's payments in the console, each rail in words.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "es-MX" });
  const operatorPage = await context.newPage();
  await signIn(operatorPage, newOperatorPhone().slice(3));
  await openConsole(operatorPage);
  await section(operatorPage, "Pagos");
  await operatorPage.getByLabel("Celular").fill(phone.slice(3));
  await operatorPage.getByRole("button", { name: "Buscar" }).first().click();
  const results = operatorPage.getByRole("table", { name: "Pagos encontrados" });
  await expect(results.getByText("Google Pay · Visa •••• 4242")).toHaveCount(2);
  await expect(results.getByText("Efectivo OXXO")).toBeVisible();
  await expect(results.getByText("Esperando el efectivo o la transferencia")).toBeVisible();
  await expectAccessible(operatorPage);
  await shot(operatorPage, "42-console-rails");

  // The rail filter: only the cash reference.
  await operatorPage.getByLabel("Forma de pago").selectOption({ label: "Efectivo OXXO" });
  await operatorPage.getByRole("button", { name: "Buscar" }).first().click();
  await expect(results.getByText("Google Pay · Visa •••• 4242")).toHaveCount(0);
  await expect(results.getByText("Efectivo OXXO")).toBeVisible();
  await results.getByRole("link").first().click();
  await expect(operatorPage.getByRole("definition").filter({ hasText: "Efectivo OXXO" })).toBeVisible();
  await expectAccessible(operatorPage);
  await shot(operatorPage, "43-console-reference");

  // Today: money taken by rail; the valet's Google Pay payment is a sale, the top-ups are not.
  await section(operatorPage, "Hoy");
  const byRail = operatorPage.getByRole("region", { name: "Dinero por forma de pago" });
  await expect(byRail.getByRole("term").filter({ hasText: "Google Pay" })).toBeVisible();
  await expectAccessible(operatorPage);
  await shot(operatorPage, "44-console-revenue-by-rail");
  await context.close();
});
