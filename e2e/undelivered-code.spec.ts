import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

/**
 * A sign-in code that never reached the phone (docs/decisions/0244, 0295): the sandbox reports an SMS to
 * 81 0000 0900–0999 undelivered, as Twilio reports an unreachable handset. A new driver is told on the
 * code screen, sends the code by WhatsApp instead, and signs in.
 */
test("a new driver whose SMS code did not arrive gets it by WhatsApp and signs in", async ({ page }) => {
  // A new number of the undeliverable range per run (each run is a minute apart at most: the seconds differ).
  const nationalPhone = `81000009${String(Math.floor(Date.now() / 1000) % 100).padStart(2, "0")}`;
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await page.getByLabel("Número de celular").fill(nationalPhone);
  await page.getByRole("button", { name: "Continuar" }).click();

  await expect(page.getByRole("heading", { name: "Ingresa tu código" })).toBeVisible();
  // The code screen asks whether the SMS arrived; the sandbox said it did not.
  const undelivered = page.getByRole("status").filter({ hasText: "Tu código no llegó. Envíalo de otra forma:" });
  await expect(undelivered).toBeVisible();
  await expect(page.getByLabel("Código de verificación")).toHaveValue("");
  await expect(undelivered.getByRole("button", { name: "Enviar por SMS" })).toBeVisible();
  await expectAccessible(page);

  // Inside the 60-second resend pause: an undelivered code lifts it for the other channel.
  await expect(page.getByText(/Puedes pedir un código nuevo en \d+ s/)).toBeVisible();
  await undelivered.getByRole("button", { name: "Enviar por WhatsApp" }).click();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
  await expect(undelivered).toBeHidden();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeVisible();
  await expectAccessible(page);
});
