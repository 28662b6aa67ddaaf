import type { Page } from "@playwright/test";
import { expect, hostUrl, newNationalPhone } from "./fixtures.ts";

/**
 * A brand-new driver as the journeys meet them: from `/`, through the whole sign-in wizard (no
 * stored tokens, no API shortcuts), on any host; then the menu's links (passes, meters).
 */

export type Host = Parameters<typeof hostUrl>[0];

export const words = {
  es: {
    phone: "Número de celular",
    continue: "Continuar",
    code: "Código de verificación",
    signIn: "Iniciar sesión",
    firstName: "Nombre",
    lastName: "Apellidos",
    studentId: "Matrícula",
    plate: "Placas",
    state: "Estado",
    saveVehicle: "Guardar vehículo",
    email: "Correo electrónico",
    menu: "Abrir menú",
    passes: "Pensiones",
    cardSaved: "Tarjeta guardada",
    metersLink: "Pagar un parquímetro",
  },
  en: {
    phone: "Mobile phone number",
    continue: "Continue",
    code: "Verification code",
    signIn: "Sign in",
    firstName: "First name",
    lastName: "Last name",
    studentId: "Student ID",
    plate: "Plate",
    state: "State",
    saveVehicle: "Save vehicle",
    email: "E-mail",
    menu: "Open menu",
    passes: "Subscriptions",
    cardSaved: "Card saved",
    metersLink: "Pay a parking meter",
  },
} as const;

/** The wizard from `/` to the home screen: phone, code, (isisa: name and student id), vehicle, profile, card. */
export async function signUpThroughWizard(page: Page, host: Host, language: "es" | "en") {
  const w = words[language];
  const nationalPhone = newNationalPhone();
  const plate = `N${nationalPhone.slice(-6)}`;
  await page.goto(hostUrl(host, "/"));
  if (host === "us.localhost")
    await page.getByLabel(language === "es" ? "Código de país" : "Country code").selectOption("us");
  await page.getByLabel(w.phone).fill(nationalPhone);
  await page.getByRole("button", { name: w.continue }).click();
  await expect(page.getByLabel(w.code)).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: w.signIn }).click();
  if (host === "isisa.localhost") {
    await page.getByLabel(w.firstName).fill("Ana");
    await page.getByLabel(w.lastName).fill("López Ruiz");
    await page.getByLabel(w.studentId).fill("A01234567");
    await page.getByRole("button", { name: w.continue }).click();
  }
  await page.getByLabel(w.plate).pressSequentially(plate);
  const state = host === "us.localhost" ? "Texas" : "Nuevo León";
  await page.getByRole("combobox", { name: w.state }).fill(state.slice(0, 5));
  await page.getByRole("option", { name: state }).click();
  await page.getByRole("button", { name: w.saveVehicle }).click();
  if (host !== "isisa.localhost") {
    await page.getByLabel(w.firstName).fill("Ana");
    await page.getByLabel(w.lastName).fill("López");
  }
  await page.getByLabel(w.email).fill(`driver.${nationalPhone}@example.com`);
  await page.getByRole("button", { name: w.continue }).click();
  const frame = page.frameLocator("iframe.card-frame");
  await frame.locator("#number").fill("4242 4242 4242 4242");
  await frame.locator("#expiry").fill("12/34");
  await frame.locator("#cvc").fill("123");
  if (host === "us.localhost") {
    await page.getByLabel(language === "es" ? "Código postal" : "ZIP code").fill("78701");
    await page.getByRole("button", { name: language === "es" ? "Agregar Tarjeta" : "Add Card", exact: true }).click();
  } else await frame.getByRole("button", { name: "Agregar Tarjeta" }).click();
  await expect(page).toHaveURL(hostUrl(host, "/dashboard"), { timeout: 15_000 });
  await expect(page.getByText(w.cardSaved)).toBeVisible();
  // The notice sits over the home's top links at a phone's width, and a pointer resting on it (where
  // the wizard's last button was) pauses it: a person moves on and waits for it to go; so does the
  // journey, before anything else on the home is tapped.
  await page.mouse.move(0, 0);
  await expect(page.getByText(w.cardSaved)).toBeHidden({ timeout: 15_000 });
  return { phone: `${host === "us.localhost" ? "+1" : "+52"}${nationalPhone}`, plate };
}

export async function openPassesFromMenu(page: Page, language: "es" | "en") {
  const w = words[language];
  // The menu button can be pressed before the shell is interactive on a busy machine: press until it opens.
  await expect(async () => {
    await page.getByRole("button", { name: w.menu }).click();
    await expect(page.getByRole("link", { name: w.passes })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("link", { name: w.passes }).click();
}
