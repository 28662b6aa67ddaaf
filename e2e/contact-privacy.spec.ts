import { readFile } from "node:fs/promises";
import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, signInThroughWizard, test } from "./fixtures.ts";

/** The demo operator's address (apps/api/src/seed/data.ts), where every seeded host's contact form goes. */
const OPERATOR_EMAIL = "ayuda@estaciona.localhost";

test("a new driver writes to the operator from /contacto, gets a reference, and the operator gets the e-mail", async ({
  page,
  request,
}) => {
  await page.goto(hostUrl("localhost", `/?authRedirect=${encodeURIComponent("/contacto")}`));
  const nationalPhone = newNationalPhone();
  await signInThroughWizard(page, nationalPhone);
  await expect(page).toHaveURL(hostUrl("localhost", "/contacto"));
  const form = page.getByRole("region", { name: "Escríbenos" });
  await expect(form).toBeVisible();
  await expectAccessible(page);

  await form.getByRole("button", { name: "Enviar" }).click();
  await expect(form.getByText("El valor es requerido")).toBeVisible();
  await form.getByLabel("Tema").selectOption({ label: "Un pago o un cargo" });
  await form.getByLabel("Mensaje").fill("Me cobraron dos veces la misma estancia.");
  await form.getByRole("button", { name: "Enviar" }).click();
  const sent = form.getByRole("status");
  await expect(sent).toContainText("Mensaje enviado");
  const reference = (/C-[2-9A-Z]{8}/.exec((await sent.textContent()) ?? "") ?? [""])[0];
  expect(reference).not.toBe("");
  await expectAccessible(page);

  // The operator's e-mail is sent by a job: the sandbox outbox shows it within a moment.
  await expect
    .poll(async () => {
      const outbox = await request.get(
        hostUrl("localhost", `/api/sandbox/outbox?recipient=${encodeURIComponent(OPERATOR_EMAIL)}&limit=50`),
      );
      const messages = ((await outbox.json()) as { data: { subject: string | null; body: string }[] }).data;
      return messages.find((message) => message.subject?.includes(reference))?.body ?? "";
    })
    .toContain("Me cobraron dos veces la misma estancia.");
});

test("a driver downloads a file of their data from the account screen, then deletes the account", async ({ page }) => {
  await page.goto(hostUrl("localhost", `/?authRedirect=${encodeURIComponent("/usuario")}`));
  const nationalPhone = newNationalPhone();
  await signInThroughWizard(page, nationalPhone);
  await expect(page).toHaveURL(hostUrl("localhost", "/usuario"));
  const data = page.getByRole("region", { name: "Copia de tus datos" });
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await data.getByRole("button", { name: "Descargar mis datos" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^estaciona-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), "utf8")) as {
    profile: { phone: string };
    visits: unknown[];
    payments: unknown[];
    invoices: unknown[];
    messages: { channel: string }[];
  };
  expect(exported.profile.phone).toBe(`+52${nationalPhone}`);
  expect(exported).toMatchObject({ visits: [], payments: [], invoices: [] });
  expect(exported.messages.map((message) => message.channel)).toContain("sms");

  await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
  await page
    .getByRole("alertdialog", { name: "Eliminar cuenta" })
    .getByRole("button", { name: "Eliminar mi cuenta" })
    .click();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();

  // The phone starts afresh: a new account with nothing of the old one, so the wizard asks for a vehicle.
  await signInThroughWizard(page, nationalPhone);
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeVisible();
});

test("a driver with meter time running is told what keeps the account, and the account stays", async ({ page }) => {
  await signUpThroughWizard(page, "localhost", "es");
  await page.getByRole("link", { name: words.es.metersLink }).click();
  await page.getByLabel("Número de zona del letrero").fill("101");
  await page.getByRole("button", { name: "Buscar zona" }).click();
  await expect(page.getByRole("heading", { name: /Parquímetro 101/ })).toBeVisible();
  await page.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();

  await page.goto(hostUrl("localhost", "/usuario"));
  await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Eliminar cuenta" });
  await expect(dialog.getByText("Todavía no puedes eliminar tu cuenta. Antes:")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    /^Tu tiempo de parquímetro en .+, hasta las .+: espera a que termine\.$/,
  ]);
  await expect(dialog.getByRole("button", { name: "Eliminar mi cuenta" })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();

  // Still signed in, with the session running.
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(page.getByRole("region", { name: /Zona 101/ })).toBeVisible();
});
