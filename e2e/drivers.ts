import type { Locator, Page } from "@playwright/test";
import {
  APPROVED_TEST_CARD,
  backdateEntry,
  expect,
  hostUrl,
  newNationalPhone,
  signInThroughWizard,
} from "./fixtures.ts";

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
    addPaymentMethod: "Agrega un método de pago",
    later: "Agregar después",
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
    addPaymentMethod: "Add a payment method",
    later: "Add later",
    metersLink: "Pay a parking meter",
  },
} as const;

/**
 * The wizard from `/` to the home screen: phone, code, (isisa: name and student id), vehicle, profile,
 * card — or, with `{ card: false }`, the card left for later, as a driver without one does.
 */
export async function signUpThroughWizard(
  page: Page,
  host: Host,
  language: "es" | "en",
  { card = true }: { card?: boolean } = {},
) {
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
  if (!card) {
    await expect(page.getByRole("heading", { name: w.addPaymentMethod })).toBeVisible();
    await page.getByRole("button", { name: w.later }).click();
    await expect(page).toHaveURL(hostUrl(host, "/dashboard"), { timeout: 15_000 });
    return { phone: `${host === "us.localhost" ? "+1" : "+52"}${nationalPhone}`, plate };
  }
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

/** A vehicle added from a buy panel's dialog (the event and meter screens), in the screen's language. */
export async function addVehicleInDialog(
  page: Page,
  plate: string,
  names: { add: string; plate: string; state: string; save: string; pick: string },
) {
  await page.getByRole("button", { name: names.add }).click();
  const dialog = page.getByRole("dialog", { name: names.add });
  await dialog.getByLabel(names.plate).pressSequentially(plate.toLowerCase());
  await dialog.getByRole("combobox", { name: names.state }).fill(names.pick.slice(0, 5));
  await page.getByRole("option", { name: names.pick }).click();
  await dialog.getByRole("button", { name: names.save }).click();
  await expect(dialog).toBeHidden();
}

/** The dialog's words in Spanish, for a car from Nuevo León. */
export const SPANISH_VEHICLE_DIALOG = {
  add: "Agregar un vehículo",
  plate: "Placas",
  state: "Estado",
  save: "Guardar",
  pick: "Nuevo León",
};

/**
 * The driver's billing data typed into /facturacion's dialog (a person's RFC, regime 612, use G03);
 * the postal code and e-mail are the journey's.
 */
export async function addBillingData(page: Page, details: { postalCode: string; email: string }) {
  await page.getByRole("button", { name: "Agregar datos de facturación" }).click();
  const form = page.getByRole("dialog", { name: "Agregar datos de facturación" });
  await form.getByLabel("RFC").fill("pepa800101ab1");
  await form.getByLabel("Nombre o razón social").fill("Ana Pérez Pérez");
  await form.getByLabel("Régimen fiscal").selectOption("612");
  await form.getByLabel("Uso del CFDI").selectOption("G03");
  await form.getByLabel("Código postal fiscal").fill(details.postalCode);
  await form.getByLabel("Correo para recibir facturas").fill(details.email);
  await form.getByRole("button", { name: "Guardar" }).click();
  return form;
}

/** The sandbox's approving test card typed in the provider's frame of the open card dialog, then saved. */
export async function typeApprovedCardInFrame(page: Page) {
  const cardFrame = page.frameLocator("iframe.card-frame");
  await cardFrame.locator("#number").fill(APPROVED_TEST_CARD);
  await cardFrame.locator("#expiry").fill("12/34");
  await cardFrame.locator("#cvc").fill("123");
  await cardFrame.getByRole("button", { name: "Agregar Tarjeta" }).click();
}

/**
 * The store (or bank) pays a reference: the sandbox's test page, opened from the reference's own link
 * in another tab, so the app's page stays open meanwhile.
 */
export async function payReferenceInTheSandbox(reference: Locator) {
  const sandboxUrl = await reference.getByRole("link", { name: /simular el pago/ }).getAttribute("href");
  const payer = await reference.page().context().newPage();
  await payer.goto(hostUrl("localhost", sandboxUrl ?? ""));
  await payer.getByRole("button", { name: "Simular el pago" }).click();
  await expect(payer.getByRole("status")).toContainText("Pagada");
  await payer.close();
}

/** Fundidora, the demo operator's seeded lot, whose issuer data is seeded too (apps/api/src/seed/data.ts). */
export const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";

/**
 * A new driver from Fundidora's page: signed in, a car, the names and a card through the card screen, seventy
 * minutes parked and paid at checkout ($41.78 MXN). Answers the plate.
 */
export async function payAStayAtFundidora(page: Page, platePrefix: string) {
  await page.goto(hostUrl("localhost", `/?authRedirect=${encodeURIComponent(`/loc/${FUNDIDORA}`)}`));
  await signInThroughWizard(page, newNationalPhone());
  await expect(page).toHaveURL(hostUrl("localhost", `/loc/${FUNDIDORA}`));
  const plate = `${platePrefix}${String(Date.now()).slice(-6)}`;
  await addVehicleInDialog(page, plate, SPANISH_VEHICLE_DIALOG);
  // The card screen asks for the names and e-mail a card needs, then takes the card in the
  // provider's frame and comes back to the lot.
  await page.goto(hostUrl("localhost", `/pagos?redirect=${encodeURIComponent(`/loc/${FUNDIDORA}`)}`));
  await page.getByRole("button", { name: "Agregar tarjeta" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva tarjeta" });
  await expect(dialog.getByText("Antes de agregar una tarjeta, completa tus datos.")).toBeVisible();
  await dialog.getByLabel("Nombre").fill("Ana");
  await dialog.getByLabel("Apellidos").fill("Pérez");
  await dialog.getByLabel("Correo electrónico").fill(`${plate.toLowerCase()}@example.com`);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await typeApprovedCardInFrame(page);
  await expect(page).toHaveURL(hostUrl("localhost", `/loc/${FUNDIDORA}`), { timeout: 15_000 });
  await expect(page.getByRole("radio", { name: plate })).toBeChecked();
  await page.getByRole("button", { name: "Empezar a estacionarme" }).click();
  await expect(page).toHaveURL(/\/visita\/[0-9a-f-]{36}$/);
  const visitUuid = page.url().split("/").at(-1) ?? "";
  backdateEntry(visitUuid, 70);
  await page.goto(hostUrl("localhost", `/checkout/${visitUuid}`));
  await page.getByRole("button", { name: "Pagar $41.78 MXN" }).click();
  await expect(page.getByRole("heading", { name: "Pagada" })).toBeVisible();
  return plate;
}
