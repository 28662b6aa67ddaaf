import type { Page } from "@playwright/test";
import { registerDevice, simulatorAnswer } from "./devices.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, test } from "./fixtures.ts";

const VALET_PANGEA = "7d1e5a10-0000-4000-8000-000000000106";
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test("a new driver claims a valet ticket from its SMS link, pays with a tip, asks for the car and sees it ready", async ({
  page,
  request,
}) => {
  // The stand, driven with the device simulator: registered once, then it opens a ticket and texts the link.
  const key = registerDevice("valet", VALET_PANGEA);
  const nationalPhone = newNationalPhone();
  const opened = simulatorAnswer<{ data: { uuid: string; number: string } }>(
    "--device-key",
    key,
    "valet-open",
    "VLT123",
    "--number",
    `P${nationalPhone.slice(-4)}`,
    "--phone",
    `+52${nationalPhone}`,
  );
  const outbox = await request.get(
    hostUrl("localhost", `/api/sandbox/outbox?recipient=${encodeURIComponent(`+52${nationalPhone}`)}`),
  );
  const sms = ((await outbox.json()).data as { body: string }[])[0]?.body ?? "";
  expect(sms).toContain(`boleto ${opened.data.number}`);
  const link = /https?:\/\/\S+\/valet\/[\w-]+/.exec(sms)?.[0] ?? "";
  const claimPath = new URL(link).pathname;

  // The driver taps the link: signed out, they sign in first and come back to the ticket.
  await page.goto(hostUrl("localhost", claimPath));
  await expect(page).toHaveURL(hostUrl("localhost", `/?authRedirect=${encodeURIComponent(claimPath)}`));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await page.getByLabel("Número de celular").fill(nationalPhone);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", `/visita/valet/${opened.data.uuid}`));
  await expect(page.getByRole("heading", { name: `Boleto ${opened.data.number}`, level: 1 })).toBeVisible();
  // $60 for the first two hours, fees and IVA: $77.59.
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$77.59 MXN");
  await expectAccessible(page);
  await shot(page, "20-valet-ticket");

  // A card through the card screen, back to the ticket.
  await page.getByRole("link", { name: "Agregar una tarjeta" }).click();
  await page.getByRole("button", { name: "Agregar tarjeta" }).click();
  const completion = page.getByRole("dialog", { name: "Nueva tarjeta" });
  await completion.getByLabel("Nombre").fill("Ana");
  await completion.getByLabel("Apellidos").fill("Pérez");
  await completion.getByLabel("Correo electrónico").fill(`valet.${nationalPhone}@example.com`);
  await completion.getByRole("button", { name: "Continuar" }).click();
  const cardFrame = page.frameLocator("iframe.card-frame");
  await cardFrame.locator("#number").fill("4242424242424242");
  await cardFrame.locator("#expiry").fill("12/34");
  await cardFrame.locator("#cvc").fill("123");
  await cardFrame.getByRole("button", { name: "Agregar Tarjeta" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", `/visita/valet/${opened.data.uuid}`), { timeout: 15_000 });

  // A 15 % tip on the $60 fee: $9, on its own line, no fees or tax on it.
  await page.getByRole("button", { name: "15 %" }).click();
  await expect(page.getByLabel("Propina (MXN)")).toHaveValue("9");
  await expect(page.getByRole("row", { name: /Propina/ })).toContainText("$9.00 MXN");
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$86.59 MXN");
  await expectAccessible(page);
  await shot(page, "21-valet-tip");
  await page.getByRole("button", { name: "Pagar $86.59 MXN" }).click();

  await expect(page.getByRole("heading", { name: "Monto pagado" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Propina/ })).toContainText("$9.00 MXN");
  await page.getByRole("button", { name: "Pedir mi auto" }).click();
  await expect(page.getByText("Pediste tu auto. Te avisamos cuando esté listo.")).toBeVisible();
  await expectAccessible(page);

  // The stand sees the request in its queue and brings the car: the driver's screen says so.
  const queue = simulatorAnswer<{ data: { uuid: string }[] }>("--device-key", key, "valet-queue");
  expect(queue.data.map((row) => row.uuid)).toContain(opened.data.uuid);
  simulatorAnswer("--device-key", key, "valet-ready", opened.data.uuid);
  await expect(page.getByText("Tu auto está listo en el módulo.")).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  await shot(page, "22-valet-ready");

  // Home lists the ticket with where the car is.
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(page.getByRole("list", { name: "Valet" })).toContainText("Listo");
  await expectAccessible(page);
  await shot(page, "23-home");
});
