import { registerDevice, simulatorAnswer } from "./devices.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/** The valet stand at Pangea: the demo operator's, so the balance topped up on the home pays there. */
const VALET_PANGEA = "7d1e5a10-0000-4000-8000-000000000106";

test.use({ viewport: { width: 390, height: 844 } });

test("a new driver saves a card, tops up the balance, pays a valet ticket from it and sees the balance drop and the receipt", async ({
  page,
  request,
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
  const key = registerDevice("valet", VALET_PANGEA);
  const opened = simulatorAnswer<{ data: { uuid: string; number: string } }>(
    "--device-key",
    key,
    "valet-open",
    "BAL123",
    "--number",
    `S${phone.slice(-4)}`,
    "--phone",
    phone,
  );
  const outbox = await request.get(hostUrl("localhost", `/api/sandbox/outbox?recipient=${encodeURIComponent(phone)}`));
  const sms = ((await outbox.json()).data as { body: string }[])[0]?.body ?? "";
  const link = /https?:\/\/\S+\/valet\/[\w-]+/.exec(sms)?.[0] ?? "";
  const ticketPath = `/visita/valet/${opened.data.uuid}`;
  await page.goto(hostUrl("localhost", new URL(link).pathname));
  await expect(page).toHaveURL(hostUrl("localhost", ticketPath));
  await expect(page.getByRole("heading", { name: `Boleto ${opened.data.number}`, level: 1 })).toBeVisible();

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
  await page.goto(hostUrl("localhost", ticketPath));
  const receiptLink = page.getByRole("link", { name: /\$77\.59 MXN/ });
  await receiptLink.click();
  await expect(page).toHaveURL(/\/recibo/);
  await expect(page.getByRole("row", { name: /Total/ }).first()).toContainText("$77.59 MXN");
  await expectAccessible(page);
});
