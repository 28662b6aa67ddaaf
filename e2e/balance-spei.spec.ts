import { VALET_PANGEA, valetTicketFromTheStand } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/** The valet stand at Pangea: the demo operator's, so the balance topped up on the home pays there. */

test.use({ viewport: { width: 390, height: 844 } });

test("a new Mexican driver tops up the balance by SPEI, the sandbox bank pays the CLABE, and the balance pays a valet ticket", async ({
  page,
}) => {
  const { phone } = await signUpThroughWizard(page, "localhost", "es");
  const balanceCard = page.getByRole("region", { name: "Tu saldo" });
  await expect(balanceCard).toContainText("Aún no tienes saldo");

  // Transferencia SPEI, $100: the CLABE, the amount, the expiry and how to pay, waiting for the payment.
  const byReference = balanceCard.getByRole("group", { name: "O paga en efectivo o por transferencia" });
  await byReference.getByRole("radio", { name: "Transferencia SPEI" }).check();
  await byReference.getByRole("button", { name: "Generar referencia por $100.00 MXN" }).click();
  const reference = page.getByRole("region", { name: "Tu referencia de pago" });
  await expect(reference.getByRole("status")).toHaveText("Esperando tu pago");
  await expect(reference.getByTestId("reference-number")).toHaveText(/^646180\d{12}$/);
  await expect(reference).toContainText("$100.00 MXN");
  await expect(reference).toContainText("envía una transferencia SPEI");
  await expectAccessible(page);

  // The sandbox's bank: the test payment page pays the CLABE and the gateway's webhook tells Estaciona.
  await reference.getByRole("link", { name: /simular el pago/ }).click();
  await expect(page.getByRole("heading", { name: "Referencia de pago de prueba" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Simular el pago" }).click();
  await expect(page.getByRole("status")).toContainText("Pagada");

  // The bank has paid; the gateway's webhook is applied by a job moments later (docs/product/money.md),
  // so the home shows the money once that job has run: the driver opens the home again until it does.
  await expect(async () => {
    await page.goto(hostUrl("localhost", "/dashboard"));
    await expect(balanceCard).toContainText("$100.00 MXN disponibles", { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(balanceCard.getByRole("listitem").first()).toContainText("+$100.00 MXN");
  await expectAccessible(page);

  // The balance pays a valet ticket whole.
  const ticket = await valetTicketFromTheStand(page, {
    host: "localhost",
    stand: VALET_PANGEA,
    phone,
    plate: "SPEI12",
    numberPrefix: "P",
  });
  await expect(page.getByRole("heading", { name: `Boleto ${ticket.number}`, level: 1 })).toBeVisible();
  await page.getByRole("checkbox", { name: "Saldo ($100.00 MXN disponibles)" }).check();
  await page.getByRole("button", { name: "Pagar $77.59 MXN" }).click();
  await expect(page.getByRole("heading", { name: "Monto pagado" })).toBeVisible();
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(balanceCard).toContainText("$22.41 MXN disponibles");
  await expectAccessible(page);
});
