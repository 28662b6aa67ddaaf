import { SIGN_IN_LIMITS } from "@estaciona/contracts";
import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  hostUrl,
  newNationalPhone,
  signInThroughApi,
  test,
  withServerDatabase,
} from "./fixtures.ts";

/** docs/product/screens-and-routes.md step 1 → 2: the phone, continue, and the sandbox code the app pre-fills. */
async function enterPhoneAndCode(page: Page, nationalPhone: string) {
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await expect(page.getByLabel("Código de país")).toHaveValue("mx");
  await page.getByLabel("Número de celular").fill(nationalPhone);
  await expect(page.getByLabel("Número de celular")).toHaveValue(
    `(${nationalPhone.slice(0, 3)}) ${nationalPhone.slice(3, 6)}-${nationalPhone.slice(6)}`,
  );
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Ingresa tu código" })).toBeVisible();
  // The number as people write it: +52, the two-digit Monterrey area code, then 4 and 4 digits.
  await expect(
    page.getByText(`+52 ${nationalPhone.slice(0, 2)} ${nationalPhone.slice(2, 6)} ${nationalPhone.slice(6)}`),
  ).toBeVisible();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
}

async function signInThroughWizard(page: Page, nationalPhone: string) {
  await enterPhoneAndCode(page, nationalPhone);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** Moves a phone's sign-in codes back past the resend pause, as if the driver had signed in a while ago. */
function codeSentMinuteAgo(phone: string): void {
  const sentAt = new Date(Date.now() - (SIGN_IN_LIMITS.resendCooldownSeconds + 1) * 1000).toISOString();
  withServerDatabase((database) =>
    expect(database.prepare("UPDATE login_codes SET created_at = ? WHERE phone = ?").run(sentAt, phone).changes).toBe(
      1,
    ),
  );
}

const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem("access_token"),
    refresh: localStorage.getItem("refresh_token"),
  }));

test("a new Mexican driver signs in, adds a car, and the wizard asks for a payment method", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  await expectAccessible(page);
  const nationalPhone = newNationalPhone();
  await enterPhoneAndCode(page, nationalPhone);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();

  // No vehicles on the default theme: step 4.
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeVisible();
  await expectAccessible(page);
  const plate = page.getByLabel("Placas");
  await plate.pressSequentially("abc12d");
  await expect(plate).toHaveValue("ABC12D");
  await expect(page.getByRole("radio", { name: "México" })).toBeChecked();
  const state = page.getByRole("combobox", { name: "Estado" });
  await state.fill("nuevo");
  await expect(page.getByRole("option", { name: "Nuevo León" })).toBeVisible();
  // Only listed states: free text is not a value.
  await expect(page.getByRole("option")).toHaveCount(1);
  await page.getByRole("option", { name: "Nuevo León" }).click();
  await expect(state).toHaveValue("Nuevo León");
  await page.getByRole("button", { name: "Guardar vehículo" }).click();

  // docs/product/entities-and-states.md: the profile reloads; a vehicle but no Mexican payment method → step 5.
  await expect(page.getByRole("heading", { name: "Agrega un método de pago" })).toBeVisible();
  await expect(page.getByText(/guardarla no te cuesta nada/)).toBeVisible();
  await expect(page).toHaveURL(hostUrl("localhost", "/"));
  await expectAccessible(page);

  const { access } = await storedTokens(page);
  const vehicles = await page.request.get(hostUrl("localhost", "/api/user/vehicles"), {
    headers: { authorization: `Bearer ${access}` },
  });
  expect((await vehicles.json()).data).toEqual([expect.objectContaining({ plate: "ABC12D", state: "Nuevo León" })]);
});

test("a returning driver with a vehicle and no card chooses add later and lands on /dashboard", async ({
  page,
  request,
}) => {
  const nationalPhone = newNationalPhone();
  const { headers } = await signInThroughApi(request, page, { nationalPhone });
  const created = await request.post(hostUrl("localhost", "/api/user/vehicle"), {
    headers,
    data: { plate: "RET123", state: "Jalisco" },
  });
  expect(created.ok()).toBeTruthy();
  await page.evaluate(() => localStorage.clear());

  // The first session's code was sent just now and the server refuses another for 60 s (docs/product/constants.md):
  // the driver comes back later, so their first code is moved back a minute in the server's database.
  codeSentMinuteAgo(`+52${nationalPhone}`);
  await page.goto(hostUrl("localhost", "/"));
  await signInThroughWizard(page, nationalPhone);
  await expect(page.getByRole("heading", { name: "Agrega un método de pago" })).toBeVisible();
  // No e-mail or name yet: the completion form comes first (docs/product/screens-and-routes.md step 5).
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await page.getByRole("button", { name: "Agregar después" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", "/dashboard"));
  await expect(page.getByRole("button", { name: "Abrir menú" })).toBeVisible();
  await expectAccessible(page);
});

test("authRedirect survives sign-in: /vehiculos signed out comes back to /vehiculos", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/vehiculos"));
  await expect(page).toHaveURL(hostUrl("localhost", "/?authRedirect=%2Fvehiculos"));
  await signInThroughWizard(page, newNationalPhone());
  // A requested redirect wins over step 4 (docs/product/entities-and-states.md).
  await expect(page).toHaveURL(hostUrl("localhost", "/vehiculos"));
  await expect(page.getByRole("heading", { name: "Vehículos", level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("/dashboard signed out goes to / without authRedirect", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  expect(new URL(page.url()).search).toBe("");
});

test("a wrong code only stops loading and shows the Error dialog with the invalid-code message", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  await enterPhoneAndCode(page, newNationalPhone());
  const code = page.getByLabel("Código de verificación");
  const sentCode = await code.inputValue();
  await code.fill(sentCode === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();

  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("El código es inválido o ha expirado.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(dialog).toBeHidden();

  // Still on step 2, no tokens, and the button works again (loading stopped).
  await expect(page.getByRole("heading", { name: "Ingresa tu código" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeEnabled();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });

  // The close icon dismisses the dialog too.
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
});

test("a code of the wrong length shows the validation message without calling the server", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  await enterPhoneAndCode(page, newNationalPhone());
  let tokenCalls = 0;
  await page.route("**/api/oauth/v2/token", (route) => {
    tokenCalls += 1;
    return route.continue();
  });
  await page.getByLabel("Código de verificación").fill("123");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  // docs/product/validation.md: the invalid-code message, which also says what is expected (auth.invalid_code_format), with no call.
  await expect(page.getByRole("alert")).toHaveText("Código de verificación inválido: se esperan 6 dígitos.");
  expect(tokenCalls).toBe(0);
});

test("the phone step asks for 10 digits", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  await page.getByLabel("Número de celular").fill("81123");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("Número de celular")).toHaveAttribute("aria-invalid", "true");
  // The message under the phone leaves the country code on the phone's line.
  const top = async (label: string) => (await page.getByLabel(label).boundingBox())?.y;
  expect(await top("Código de país")).toBe(await top("Número de celular"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await expectAccessible(page);
});

test("English defaults the country code to +1, and the choice survives a reload", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByLabel("Código de país")).toHaveValue("mx");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Country code")).toHaveValue("us");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
  await expect(page.getByLabel("Country code")).toHaveValue("us");
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("en");

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByLabel("Código de país")).toHaveValue("mx");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
});

test("?country=us speaks English with +1 without storing the choice", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/?country=us"));
  await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
  await expect(page.getByLabel("Country code")).toHaveValue("us");
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBeNull();
});

test.describe("with an English browser", () => {
  test.use({ locale: "en-US" });

  test("the us host speaks English with +1", async ({ page }) => {
    await page.goto(hostUrl("us.localhost", "/"));
    await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
    await expect(page.getByLabel("Country code")).toHaveValue("us");
    await expectAccessible(page);
  });
});

test("on isisa a new driver gets the name and student id step, in Spanish only", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "en"));
  await page.goto(hostUrl("isisa.localhost", "/"));
  await expect(page.locator("body")).toHaveClass("isisa");
  await expect(page.getByRole("group", { name: /Idioma|Language/ })).toHaveCount(0);
  await signInThroughWizard(page, newNationalPhone());

  await expect(page.getByRole("heading", { name: "Cuéntanos de ti" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("Matrícula")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Nombre").fill("Ana");
  await page.getByLabel("Apellidos").fill("López Ruiz");
  await page.getByLabel("Matrícula").fill("A01234567");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeVisible();

  // isisa can leave the vehicle for later: no country query, so the profile reloads and the redirect follows.
  await page.getByRole("button", { name: "Agregar después" }).click();
  await expect(page).toHaveURL(hostUrl("isisa.localhost", "/dashboard"));
});

test("cancel on the name step logs out and returns to step 1", async ({ page }) => {
  await page.goto(hostUrl("isisa.localhost", "/"));
  await signInThroughWizard(page, newNationalPhone());
  await expect(page.getByRole("heading", { name: "Cuéntanos de ti" })).toBeVisible();
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test("keyboard only: each new step's heading takes focus, so Tab and Enter carry on from there", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/"));
  // The painted copy's field is disabled until the app takes it over (decisions 0247, 0345): a
  // keyboard reaches the app's own field, as a driver would.
  await expect(page.getByLabel("Número de celular")).toBeEnabled();
  await page.getByLabel("Número de celular").focus();
  await page.keyboard.type(newNationalPhone());
  await page.keyboard.press("Enter");
  const codeHeading = page.getByRole("heading", { name: "Ingresa tu código" });
  await expect(codeHeading).toBeFocused();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Código de verificación")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeFocused();
  await expectAccessible(page);
});
