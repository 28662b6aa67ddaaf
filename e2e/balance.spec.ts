import { VALET_PANGEA, valetTicketFromTheStand } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/** The valet stand at Pangea: the demo operator's, so the balance topped up on the home pays there. */

test.use({ viewport: { width: 390, height: 844 } });

test("a new driver saves a card, tops up the balance, pays a valet ticket from it and sees the balance drop and the receipt", async ({
  page,
}) => {
  // From `/`: phone, code, vehicle, profile and a sandbox card, to the home.
  const { phone } = await signUpThroughWizard(page, "localhost", "es");
  const balanceCard = page.getByRole("region", { name: "Tu saldo" });
  await expect(balanceCard).toContainText("Aún no tienes saldo");
  await balanceCard.getByRole("button", { name: "Recargar $100.00 MXN" }).click();
  await expect(balanceCard.getByRole("status")).toHaveText("Saldo recargado.");
  await expect(balanceCard).toContainText("$100.00 MXN disponibles");
  await expectAccessible(page);

  // The stand opens a ticket for the driver's car and texts them its link.
  const ticket = await valetTicketFromTheStand(page, {
    host: "localhost",
    stand: VALET_PANGEA,
    phone,
    plate: "BAL123",
    numberPrefix: "S",
  });
  await expect(page.getByRole("heading", { name: `Boleto ${ticket.number}`, level: 1 })).toBeVisible();

  // The balance is offered beside the saved card; ticked, it pays the whole $77.59.
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$77.59 MXN");
  const payFromBalance = page.getByRole("checkbox", { name: "Saldo ($100.00 MXN disponibles)" });
  await expect(payFromBalance).not.toBeChecked();
  await payFromBalance.check();
  await expect(page.getByRole("radio", { name: /Visa/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pagar $77.59 MXN" }).click();
  await expect(page.getByRole("heading", { name: "Monto pagado" })).toBeVisible();

  // The home: $22.41 left, the spend listed.
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(balanceCard).toContainText("$22.41 MXN disponibles");
  await expect(balanceCard.getByRole("listitem").first()).toContainText("−$77.59 MXN");
  await expectAccessible(page);

  // The ticket's receipt, for the $77.59 paid.
  await page.goto(hostUrl("localhost", `/visita/valet/${ticket.uuid}`));
  const receiptLink = page.getByRole("link", { name: /\$77\.59 MXN/ });
  await receiptLink.click();
  await expect(page).toHaveURL(/\/recibo/);
  await expect(page.getByRole("row", { name: /Total/ }).first()).toContainText("$77.59 MXN");
  await expectAccessible(page);
});
