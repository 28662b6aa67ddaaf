import {
  addVehicleInDialog,
  openPassesFromMenu,
  payReferenceInTheSandbox,
  SPANISH_VEHICLE_DIALOG,
  signUpThroughWizard,
} from "./drivers.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, signInThroughWizard, test } from "./fixtures.ts";

/** Festival Península · Día 1, a seeded demo event (apps/api/src/seed/data.ts). */
const PENINSULA_DAY_1 = "7d1e5a10-0000-4000-8000-000000000311";

/**
 * A pass paid in cash at OXXO (docs/decisions/0321, 0330): a new Mexican driver with no card asks for a reference
 * instead of paying by card, closes the app, finds the waiting reference on the pass's page when coming
 * back, and sees the pass active once the sandbox's store has paid it.
 */

test.use({ viewport: { width: 390, height: 844 }, locale: "es-MX" });

test("a new Mexican driver buys a monthly pass with an OXXO reference, reopens the app to it, and the pass turns active once paid", async ({
  page,
}, testInfo) => {
  // No card: the wizard's card step is left for later.
  await signUpThroughWizard(page, "localhost", "es", { card: false });
  await openPassesFromMenu(page, "es");
  await page.getByRole("link", { name: /Pensión mensual/ }).click();
  await page.getByRole("radiogroup", { name: "Cómo pagar" }).getByRole("radio", { name: "Efectivo en OXXO" }).check();
  await page.getByRole("button", { name: /^Generar la referencia por \$[\d,.]+ MXN$/ }).click();

  // The reference: number and barcode, the amount in money, the expiry, how to pay at the store.
  const reference = page.getByRole("region", { name: "Tu referencia de pago" });
  await expect(reference.getByRole("status")).toHaveText("Esperando tu pago");
  await expect(reference.getByTestId("reference-number")).toHaveText(/^\d{10,}$/);
  await expect(reference).toContainText(/Monto a pagar\$[\d,.]+ MXN/);
  await expect(reference).toContainText("Paga antes de");
  await expect(reference).toContainText("OXXO Pay");
  await expect(reference).toContainText("Tu lugar queda apartado hasta");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("checkout-reference.png") });
  const passPath = await reference.getByRole("link", { name: "Ver mi pensión" }).getAttribute("href");
  const number = await reference.getByTestId("reference-number").textContent();

  // The driver leaves the app and opens it again later (a fresh load: nothing kept in memory), from
  // `/` to the pass's page: it still shows the reference.
  const again = page;
  await again.goto("about:blank");
  await again.goto(hostUrl("localhost", "/"));
  await expect(again).toHaveURL(hostUrl("localhost", "/dashboard"));
  // The receipts list has it above the payments, still to pay, leading to the reference.
  await again.goto(hostUrl("localhost", "/recibos"));
  const toPay = again.getByRole("region", { name: "Por pagar" });
  await expect(toPay).toContainText(/Efectivo en OXXO · Paga antes de/);
  await expect(toPay).toContainText(/\$1,796\.43 MXN/);
  await expectAccessible(again);
  await again.screenshot({ path: testInfo.outputPath("receipts-to-pay.png"), fullPage: true });
  await toPay.getByRole("link", { name: "Pensión" }).click();
  await expect(again).toHaveURL(/\/referencia\//);
  await expect(again.getByTestId("reference-number")).toHaveText(number ?? "");
  await again.goto(hostUrl("localhost", passPath ?? "/pensiones"));
  await expect(again.locator(".status-badge")).toHaveText("Pago pendiente");
  const waiting = again.getByRole("region", { name: "Tu referencia de pago" });
  await expect(waiting.getByRole("status")).toHaveText("Esperando tu pago");
  await expect(waiting.getByTestId("reference-number")).toHaveText(number ?? "");
  await expectAccessible(again);
  await again.screenshot({ path: testInfo.outputPath("pass-waiting.png"), fullPage: true });

  // The sandbox's store takes the cash, in another tab; the pass's page, left open, learns it was paid.
  await payReferenceInTheSandbox(waiting);

  await expect(waiting.getByRole("status")).toHaveText("Pagada: tu pensión está activa", { timeout: 60_000 });
  await expect(again.locator(".status-badge")).toHaveText("Activa");
  // Paid in cash, it renews in cash: the next period is asked for at OXXO, never "Próximo cargo".
  await expect(again.getByText(/^Próximo periodo .+: \$[\d,.]+ MXN en efectivo en OXXO$/)).toBeVisible();
  await expect(again.getByText(/^Próximo cargo/)).toHaveCount(0);
  await expectAccessible(again);
  await again.screenshot({ path: testInfo.outputPath("pass-paid.png"), fullPage: true });

  // The receipts list has the payment; its receipt names how it was paid, in words.
  await again.goto(hostUrl("localhost", "/recibos"));
  const entry = again.locator(".history-entry").first();
  await expect(entry).toContainText("$1,796.43 MXN");
  await expectAccessible(again);
  await entry.getByRole("link").click();
  await expect(again.getByText("Efectivo OXXO")).toBeVisible();
  await expectAccessible(again);
  await again.screenshot({ path: testInfo.outputPath("receipt.png"), fullPage: true });
});

test("a new driver with no card buys an event place ahead by SPEI, pays the CLABE, and the place is confirmed", async ({
  page,
}, testInfo) => {
  await page.goto(hostUrl("localhost", "/evento/peninsula"));
  await signInThroughWizard(page, newNationalPhone());
  await page
    .getByRole("list", { name: "Próximas fechas" })
    .getByRole("link", { name: "Estacionamiento para Festival Península · Día 1" })
    .click();
  await expect(page).toHaveURL(hostUrl("localhost", `/eventos/${PENINSULA_DAY_1}`));
  await addVehicleInDialog(page, `SP${String(Date.now()).slice(-6)}`, SPANISH_VEHICLE_DIALOG);
  await page.getByRole("radio", { name: "Transferencia SPEI" }).check();
  await page.getByRole("button", { name: "Generar la referencia por $185.02 MXN" }).click();

  // The CLABE and its bank, the amount, the expiry and how to transfer.
  const reference = page.getByRole("region", { name: "Tu referencia de pago" });
  await expect(reference.getByRole("status")).toHaveText("Esperando tu pago");
  await expect(reference.getByTestId("reference-number")).toHaveText(/^646180\d{12}$/);
  await expect(reference).toContainText("$185.02 MXN");
  await expect(reference).toContainText("Banco");
  await expect(reference).toContainText("envía una transferencia SPEI");
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("event-reference.png"), fullPage: true });

  // The place's own page holds the same waiting reference.
  await reference.getByRole("link", { name: "Ver mi lugar" }).click();
  await expect(page).toHaveURL(/\/visita\/evento\//);
  const waiting = page.getByRole("region", { name: "Tu referencia de pago" });
  await expect(waiting.getByRole("status")).toHaveText("Esperando tu pago");
  await expectAccessible(page);

  // The sandbox's bank pays the CLABE in another tab; the place's page, left open, confirms it.
  await payReferenceInTheSandbox(waiting);
  await expect(waiting.getByRole("status")).toHaveText("Pagada: tu lugar está confirmado", { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Tu pase" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("event-paid.png"), fullPage: true });

  // The receipt says it was a SPEI transfer; a reference that is not the driver's reads "not found".
  await page.goto(hostUrl("localhost", "/recibos"));
  await page.locator(".history-entry").first().getByRole("link").click();
  await expect(page.getByText("Transferencia SPEI")).toBeVisible();
  await page.goto(hostUrl("localhost", "/referencia/7d1e5a10-0000-4000-8000-00000000dead"));
  await expect(page.getByRole("alert")).toHaveText("No encontramos esta referencia de pago en tu cuenta.");
  await expectAccessible(page);
});
