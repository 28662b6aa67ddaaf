import { openConsole, section, signIn } from "./console.ts";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, stepChecker, test } from "./fixtures.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (docs/decisions/0200), as a brand-new
 * driver meets them: from `/` through the wizard, thirty minutes of meter paid, the receipt's
 * proof QR, its link opened in a fresh browser with no session (genuine, not indexed, the plate
 * only as a match), "Me multaron" on the receipt, the operator moving the dispute to "in review"
 * in the console, and the driver reading that state on the receipt. axe on every screen.
 */

const DEMO_OPERATOR = "8100000001";

test.describe("Mexico, in Spanish", () => {
  test.use({ locale: "es-MX", timezoneId: "America/Monterrey" });

  test("a receipt's QR checks without sign-in, and a ticket dispute is followed from the console", async ({
    page,
    browser,
  }, testInfo) => {
    const step = stepChecker(page, testInfo);
    const { plate } = await signUpThroughWizard(page, "localhost", "es");

    // Thirty minutes at zone 101, then its receipt.
    await page.getByRole("link", { name: words.es.metersLink }).click();
    await page.getByLabel("Número de zona del letrero").fill("101");
    await page.getByRole("button", { name: "Buscar zona" }).click();
    await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
    await page.getByRole("spinbutton", { name: "Minutos" }).fill("30");
    await page.getByRole("spinbutton", { name: "Minutos" }).press("Enter");
    await page.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();
    await page.getByRole("link", { name: /^Recibo: Parquímetro/ }).click();
    await expect(page).toHaveURL(/\/recibo\/[0-9a-f-]{36}$/);
    const receiptUrl = page.url();
    const number =
      (await page.getByRole("heading", { name: /^Recibo R-/ }).textContent())?.replace("Recibo ", "") ?? "";
    const proof = page.getByRole("region", { name: "Comprobante de pago" });
    await expect(proof.getByRole("img", { name: `Código QR para verificar el recibo ${number}` })).toBeVisible();
    await step("receipt-with-proof");
    const proofPath = (await page.getByTestId("proof-link").getAttribute("href")) ?? "";
    expect(proofPath).toMatch(/^\/verificar\/[A-Za-z0-9_-]{32}$/);

    // Anyone with the QR: a fresh browser, no session.
    const stranger = await browser.newContext({ locale: "es-MX", timezoneId: "America/Monterrey" });
    const officer = await stranger.newPage();
    const answer = await officer.goto(hostUrl("localhost", proofPath));
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(officer.getByRole("heading", { name: "Recibo auténtico" })).toBeVisible();
    await expect(officer.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    const result = officer.getByTestId("verify-result");
    await expect(result.getByText(number)).toBeVisible();
    await expect(result.getByText(/Parquímetro 101/).first()).toBeVisible();
    await expect(officer.getByText(plate)).toHaveCount(0);
    await expect(officer.getByText("Ana")).toHaveCount(0);
    await officer.getByRole("textbox", { name: "Placa" }).fill(plate.toLowerCase());
    await officer.getByRole("button", { name: "Comparar" }).click();
    await expect(officer.getByTestId("plate-result")).toHaveText(`La placa ${plate} coincide con este recibo.`);
    await officer.getByRole("textbox", { name: "Placa" }).fill("ZZZ9999");
    await officer.getByRole("button", { name: "Comparar" }).click();
    await expect(officer.getByTestId("plate-result")).toHaveText("La placa ZZZ9999 no coincide con este recibo.");
    await expectAccessible(officer);
    await officer.goto(hostUrl("localhost", "/verify/forgedtoken123"));
    await expect(officer.getByRole("heading", { name: "No es un recibo auténtico" })).toBeVisible();
    await expectAccessible(officer);
    await stranger.close();

    // "Me multaron": the dispute for the operator.
    await page.getByRole("button", { name: "Me multaron" }).click();
    const dialog = page.getByRole("dialog", { name: "Reportar una multa" });
    await dialog.getByLabel("Número de multa (opcional)").fill("MTY-778899");
    await dialog.getByLabel("Qué pasó (opcional)").fill("Pagué la zona 101 y me multaron.");
    await step("dispute-form");
    await dialog.getByRole("button", { name: "Enviar al operador" }).click();
    await expect(page.getByTestId("dispute-state")).toHaveText("Tu disputa: Recibida");
    await step("dispute-received");

    // The operator of the lot's organisation moves it to "in review".
    const consoleContext = await browser.newContext({ locale: "es-MX", timezoneId: "America/Monterrey" });
    const operator = await consoleContext.newPage();
    await signIn(operator, DEMO_OPERATOR);
    await openConsole(operator);
    await section(operator, "Disputas de multas");
    const card = operator.getByTestId("dispute").filter({ hasText: number });
    await expect(card).toContainText("Recibida");
    await expect(card).toContainText("Multa MTY-778899");
    await expectAccessible(operator);
    await card.getByRole("button", { name: "Pasar a revisión" }).click();
    await expect(card).toContainText("En revisión");
    await consoleContext.close();

    // The driver reads the new state on the receipt.
    await page.goto(receiptUrl);
    await expect(page.getByTestId("dispute-state")).toHaveText("Tu disputa: En revisión");
    await step("dispute-in-review");
  });
});
