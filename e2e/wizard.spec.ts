import type { Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, newNationalPhone, stepChecker, test } from "./fixtures.ts";

/**
 * The whole sign-in wizard (docs/product/screens-and-routes.md and docs/product/entities-and-states.md), as a brand-new driver meets it on each host: the phone,
 * the code, the name and student id on isisa, the vehicle, the profile a card needs, a card saved
 * in the provider's frame, and the page the spec's redirect names. No stored tokens, no API
 * shortcuts; axe on every step; a page error fails the journey (fixtures.ts).
 */

type Host = Parameters<typeof hostUrl>[0];
type Language = "es" | "en";

const words = {
  es: {
    phoneHeading: "Inicia sesión o crea tu cuenta",
    countryCode: "Código de país",
    phone: "Número de celular",
    continue: "Continuar",
    codeHeading: "Ingresa tu código",
    code: "Código de verificación",
    signIn: "Iniciar sesión",
    nameHeading: "Cuéntanos de ti",
    firstName: "Nombre",
    lastName: "Apellidos",
    studentId: "Matrícula",
    vehicleHeading: "Agrega tu vehículo",
    plate: "Placas",
    state: "Estado",
    saveVehicle: "Guardar vehículo",
    paymentHeading: "Agrega un método de pago",
    noCharge: /guardarla no te cuesta nada/,
    email: "Correo electrónico",
    usLastName: "Apellido",
    zipCode: "Código postal",
    addCard: "Agregar Tarjeta",
    cardSaved: "Tarjeta guardada",
    recentVisits: "Visitas recientes",
    welcomeHeading: "¡Listo! Ya puedes estacionarte sin boleto",
    ticketless: "Estacionamiento sin boleto",
    menu: "Abrir menú",
  },
  en: {
    phoneHeading: "Sign in or create your account",
    countryCode: "Country code",
    phone: "Mobile phone number",
    continue: "Continue",
    codeHeading: "Enter your code",
    code: "Verification code",
    signIn: "Sign in",
    nameHeading: "Tell us about you",
    firstName: "First name",
    lastName: "Last name",
    studentId: "Student ID",
    vehicleHeading: "Add your vehicle",
    plate: "Plate",
    state: "State",
    saveVehicle: "Save vehicle",
    paymentHeading: "Add a payment method",
    noCharge: /saving it costs you nothing/,
    email: "E-mail",
    usLastName: "Last name",
    zipCode: "ZIP code",
    addCard: "Add Card",
    cardSaved: "Card saved",
    recentVisits: "Recent visits",
    welcomeHeading: "You are all set: park without a ticket",
    ticketless: "Ticketless parking",
    menu: "Open menu",
  },
} as const;

interface Journey {
  host: Host;
  language: Language;
  /** The dial code the driver picks (+1 on the USA host). */
  dial: "mx" | "us";
  /** The plate's state, in the host's country. */
  state: string;
  /** Where the spec's redirect ends (docs/product/entities-and-states.md). */
  landing: "/dashboard" | "/bienvenido-freeflow";
}

const journeys: Journey[] = [
  { host: "localhost", language: "es", dial: "mx", state: "Nuevo León", landing: "/dashboard" },
  { host: "localhost", language: "en", dial: "mx", state: "Nuevo León", landing: "/dashboard" },
  // isisa forces Spanish.
  { host: "isisa.localhost", language: "es", dial: "mx", state: "Nuevo León", landing: "/dashboard" },
  { host: "freeflow.localhost", language: "es", dial: "mx", state: "Nuevo León", landing: "/bienvenido-freeflow" },
  { host: "freeflow.localhost", language: "en", dial: "mx", state: "Nuevo León", landing: "/bienvenido-freeflow" },
  { host: "us.localhost", language: "en", dial: "us", state: "Texas", landing: "/dashboard" },
  { host: "us.localhost", language: "es", dial: "us", state: "Texas", landing: "/dashboard" },
];

/** The sandbox's test card, typed inside the provider's frame only (PCI-1). */
async function typeSandboxCard(page: Page) {
  const frame = page.frameLocator("iframe.card-frame");
  await frame.locator("#number").fill("4242 4242 4242 4242");
  await frame.locator("#expiry").fill("12/34");
  await frame.locator("#cvc").fill("123");
  return frame;
}

for (const journey of journeys) {
  const { host, language, dial, state, landing } = journey;
  const w = words[language];

  test.describe(`${host} in ${language === "es" ? "Spanish" : "English"}`, () => {
    test.use({ locale: language === "es" ? "es-MX" : "en-US" });

    test(`a new driver walks the whole wizard to a saved card and lands on ${landing}`, async ({ page }, testInfo) => {
      const step = stepChecker(page, testInfo);
      const nationalPhone = newNationalPhone();
      const plate = `W${nationalPhone.slice(-6)}`;
      const email = `wizard.${nationalPhone}@example.com`;

      // 1. The phone.
      await page.goto(hostUrl(host, "/"));
      await expect(page.getByRole("heading", { name: w.phoneHeading })).toBeVisible();
      await step("phone");
      await page.getByLabel(w.countryCode).selectOption(dial);
      await page.getByLabel(w.phone).fill(nationalPhone);
      await page.getByRole("button", { name: w.continue }).click();

      // 2. The code: the sandbox answers it and the app fills it in; the number as people write it.
      await expect(page.getByRole("heading", { name: w.codeHeading })).toBeVisible();
      const shownPhone =
        dial === "mx"
          ? `+52 ${nationalPhone.slice(0, 2)} ${nationalPhone.slice(2, 6)} ${nationalPhone.slice(6)}`
          : `+1 (${nationalPhone.slice(0, 3)}) ${nationalPhone.slice(3, 6)}-${nationalPhone.slice(6)}`;
      await expect(page.getByText(shownPhone)).toBeVisible();
      await expect(page.getByLabel(w.code)).toHaveValue(/^\d{6}$/);
      await step("code");
      await page.getByRole("button", { name: w.signIn }).click();

      // 3. isisa only: name and student id.
      if (host === "isisa.localhost") {
        await expect(page.getByRole("heading", { name: w.nameHeading })).toBeVisible();
        await step("name");
        await page.getByLabel(w.firstName).fill("Ana");
        await page.getByLabel(w.lastName).fill("López Ruiz");
        await page.getByLabel(w.studentId).fill("A01234567");
        await page.getByRole("button", { name: w.continue }).click();
      }

      // 4. The vehicle: the plate upper-cased, a state of the host's country.
      await expect(page.getByRole("heading", { name: w.vehicleHeading })).toBeVisible();
      await page.getByLabel(w.plate).pressSequentially(plate.toLowerCase());
      await expect(page.getByLabel(w.plate)).toHaveValue(plate);
      const statePicker = page.getByRole("combobox", { name: w.state });
      await statePicker.fill(state.slice(0, 5));
      await page.getByRole("option", { name: state }).click();
      await expect(statePicker).toHaveValue(state);
      await step("vehicle");
      await page.getByRole("button", { name: w.saveVehicle }).click();

      // 5a. The profile a card needs (docs/product/screens-and-routes.md step 5): names and e-mail; isisa already has the names.
      await expect(page.getByRole("heading", { name: w.paymentHeading })).toBeVisible();
      await expect(page.getByText(w.noCharge)).toBeVisible();
      const emailInput = page.getByLabel(w.email);
      await expect(emailInput).toBeVisible();
      if (host === "isisa.localhost") await expect(page.getByLabel(w.firstName)).toHaveValue("Ana");
      else {
        await page.getByLabel(w.firstName).fill("Ana");
        await page.getByLabel(w.lastName).fill("López");
      }
      await emailInput.fill(email);
      await step("profile");
      await page.getByRole("button", { name: w.continue }).click();

      // 5b. The card, in the provider's frame; the Mexican form says whether it is for freeflow.
      const saved = page.waitForResponse(
        (response) =>
          /\/api\/user\/(nmi\/)?payment\/method$/.test(response.url()) && response.request().method() === "POST",
      );
      const frame = await typeSandboxCard(page);
      if (dial === "us") {
        // The holder's names come from the profile: not asked twice.
        await expect(page.getByLabel(w.firstName)).toHaveValue("Ana");
        await expect(page.getByLabel(w.usLastName, { exact: true })).toHaveValue("López");
        await page.getByLabel(w.zipCode).fill("78701");
        await step("card");
        await page.getByRole("button", { name: w.addCard, exact: true }).click();
      } else {
        await step("card");
        await frame.getByRole("button", { name: "Agregar Tarjeta" }).click();
      }
      const response = await saved;
      expect(response.status()).toBe(201);
      if (dial === "mx")
        expect(response.request().postDataJSON()).toMatchObject({ free_flow: host === "freeflow.localhost" });

      // The page the spec's redirect names.
      await expect(page).toHaveURL(hostUrl(host, landing), { timeout: 15_000 });
      await expect(page.getByText(w.cardSaved)).toBeVisible();
      await expect(page.getByRole("button", { name: w.menu })).toBeVisible();
      if (landing === "/bienvenido-freeflow") {
        await expect(page.getByRole("heading", { name: w.welcomeHeading })).toBeVisible();
        await expect(page.getByText(plate)).toBeVisible();
        await expect(page.getByText("Visa •••• 4242")).toBeVisible();
        await step("welcome");
        // The freeflow home speaks of plates and cameras, not of scanning a ticket.
        await page.getByRole("link", { name: language === "es" ? "Ir al inicio" : "Go to home" }).click();
        await expect(page).toHaveURL(hostUrl(host, "/dashboard"));
        await expect(page.getByRole("heading", { name: w.ticketless })).toBeVisible();
        await expect(page.getByText(plate)).toBeVisible();
        await expect(page.getByText(/QR/)).toHaveCount(0);
      } else {
        await expect(page.getByRole("heading", { name: w.recentVisits })).toBeVisible();
      }
      await step("home");
    });
  });
}

// The bank sends the driver back to the host they came from: its storage holds their session.
for (const { host, landing } of [
  { host: "localhost", landing: "/dashboard" },
  { host: "freeflow.localhost", landing: "/bienvenido-freeflow" },
] as const) {
  test(`on ${host}, a card that asks for 3-D Secure at step 5 comes back to the wizard, even after reloading /3ds`, async ({
    page,
  }) => {
    const nationalPhone = newNationalPhone();
    const w = words.es;
    await page.goto(hostUrl(host, "/"));
    await page.getByLabel(w.phone).fill(nationalPhone);
    await page.getByRole("button", { name: w.continue }).click();
    await expect(page.getByLabel(w.code)).toHaveValue(/^\d{6}$/);
    await page.getByRole("button", { name: w.signIn }).click();
    await page.getByLabel(w.plate).pressSequentially(`S${nationalPhone.slice(-6)}`);
    await page.getByRole("combobox", { name: w.state }).fill("Jalis");
    await page.getByRole("option", { name: "Jalisco" }).click();
    await page.getByRole("button", { name: w.saveVehicle }).click();
    await page.getByLabel(w.firstName).fill("Ana");
    await page.getByLabel(w.lastName).fill("López");
    await page.getByLabel(w.email).fill(`tds.${nationalPhone}@example.com`);
    await page.getByRole("button", { name: w.continue }).click();

    const frame = page.frameLocator("iframe.card-frame");
    await frame.locator("#number").fill("4000 0000 0000 3220");
    await frame.locator("#expiry").fill("12/34");
    await frame.locator("#cvc").fill("123");
    await frame.getByRole("button", { name: "Agregar Tarjeta" }).click();
    await expect(page).toHaveURL(/\/sandbox\/3ds\//, { timeout: 15_000 });
    await page.getByRole("button", { name: "Aprobar" }).click();
    await expect(page).toHaveURL(new RegExp(`^${hostUrl(host, "/3ds")}\\?payment=`));
    await expect(page.getByRole("heading", { name: "Tarjeta verificada" })).toBeVisible();

    // A reload of /3ds still knows the way back: the wizard, which sends the driver on.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Tarjeta verificada" })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`three-ds-${host}.png`), fullPage: true });
    await page.getByRole("link", { name: "Continuar" }).click();
    await expect(page).toHaveURL(hostUrl(host, landing));
    if (landing === "/dashboard") await expect(page.getByRole("heading", { name: w.recentVisits })).toBeVisible();
    else await expect(page.getByRole("heading", { name: w.welcomeHeading })).toBeVisible();
  });
}
