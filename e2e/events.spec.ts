import type { Page } from "@playwright/test";
import { registerDevice, simulatorAnswer } from "./devices.ts";
import { addVehicleInDialog, SPANISH_VEHICLE_DIALOG } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, newNationalPhone, test } from "./fixtures.ts";

/** Seeded demo events (apps/api/src/seed/data.ts). */
const PENINSULA_DAY_1 = "7d1e5a10-0000-4000-8000-000000000311";
const MOODY_CENTER = "7d1e5a10-0000-4000-8000-000000000202";
const ARENA_MONTERREY = "7d1e5a10-0000-4000-8000-000000000105";
const SHOTS = process.env.SHOTS_DIR;

/** Screenshots for a person to look at, when SHOTS_DIR is set (never in the repository). */
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function signInThroughWizard(page: Page, nationalPhone: string, language: "es" | "en" = "es") {
  const words =
    language === "es"
      ? {
          heading: "Inicia sesión o crea tu cuenta",
          phone: "Número de celular",
          go: "Continuar",
          code: "Código de verificación",
          enter: "Iniciar sesión",
        }
      : {
          heading: "Sign in or create your account",
          phone: "Mobile phone number",
          go: "Continue",
          code: "Verification code",
          enter: "Sign in",
        };
  await expect(page.getByRole("heading", { name: words.heading })).toBeVisible();
  await page.getByLabel(words.phone).fill(nationalPhone);
  await page.getByRole("button", { name: words.go }).click();
  await expect(page.getByLabel(words.code)).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: words.enter }).click();
}

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("access_token"))}`,
});

test("a new driver opens /evento/peninsula signed out, signs in, buys parking with an edited amount and gets a pass the gate admits once", async ({
  page,
  request,
}) => {
  await page.goto(hostUrl("localhost", "/evento/peninsula"));
  await expect(page).toHaveURL(hostUrl("localhost", `/?authRedirect=${encodeURIComponent("/evento/peninsula")}`));
  await signInThroughWizard(page, newNationalPhone());
  await expect(page).toHaveURL(hostUrl("localhost", "/evento/peninsula"));
  await expect(page.getByRole("heading", { name: "Festival Península", level: 1 })).toBeVisible();
  const dates = page.getByRole("list", { name: "Próximas fechas" });
  await expect(dates.getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, "01-peninsula");
  await dates.getByRole("link", { name: "Estacionamiento para Festival Península · Día 1" }).click();

  await expect(page).toHaveURL(hostUrl("localhost", `/eventos/${PENINSULA_DAY_1}`));
  await expect(page.getByRole("heading", { name: "Festival Península · Día 1", level: 1 })).toBeVisible();
  const plate = `EV${String(Date.now()).slice(-6)}`;
  await addVehicleInDialog(page, plate, SPANISH_VEHICLE_DIALOG);
  await expect(page.getByRole("radio", { name: plate })).toBeChecked();

  // A card through the card screen: the names and e-mail it needs first, then the provider's iframe.
  await page.getByRole("link", { name: "Agregar una tarjeta" }).click();
  await page.getByRole("button", { name: "Agregar tarjeta" }).click();
  const completion = page.getByRole("dialog", { name: "Nueva tarjeta" });
  await completion.getByLabel("Nombre").fill("Ana");
  await completion.getByLabel("Apellidos").fill("Pérez");
  await completion.getByLabel("Correo electrónico").fill(`ana.${Date.now()}@example.com`);
  await completion.getByRole("button", { name: "Continuar" }).click();
  const cardFrame = page.frameLocator("iframe.card-frame");
  await cardFrame.locator("#number").fill("4242424242424242");
  await cardFrame.locator("#expiry").fill("12/34");
  await cardFrame.locator("#cvc").fill("123");
  await cardFrame.getByRole("button", { name: "Agregar Tarjeta" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", `/eventos/${PENINSULA_DAY_1}`), { timeout: 15_000 });

  // The suggested $150 costs $185.02 all in; the driver raises it to $200: $244.70.
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$185.02 MXN");
  const amount = page.getByLabel("Monto (MXN)");
  await amount.fill("200");
  await amount.press("Enter");
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$244.70 MXN");
  await expect(page.getByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
  await expectAccessible(page);
  await shot(page, "02-event-page");
  await page.getByRole("button", { name: "Pagar $244.70 MXN" }).click();

  await expect(page).toHaveURL(/\/visita\/evento\/[0-9a-f-]{36}$/);
  const visitUuid = page.url().split("/").at(-1) ?? "";
  await expect(page.getByText("Pagado · sin entrar")).toBeVisible();
  await expect(
    page.getByRole("img", { name: `Código QR del pase para Festival Península · Día 1, placa ${plate}` }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$244.70 MXN");
  await expectAccessible(page);
  await shot(page, "03-pass");

  // Home and visits show the event parking beside lot stays.
  await page.goto(hostUrl("localhost", "/dashboard"));
  const onHome = page.getByRole("list", { name: "Estacionamiento para eventos" });
  await expect(onHome.getByRole("listitem")).toContainText(["Festival Península · Día 1"]);
  await page.goto(hostUrl("localhost", "/visitas"));
  await expect(page.getByRole("list", { name: "Estacionamiento para eventos" })).toContainText("$244.70 MXN");
  await expectAccessible(page);

  // The gate (the device simulator) scans the pass: it enters once; shown again, it is refused.
  const detail = await request.get(hostUrl("localhost", `/api/user/event-visit/${visitUuid}`), {
    headers: await bearer(page),
  });
  const pass = (await detail.json()).data.pass as string;
  const gate = registerDevice("gate", ARENA_MONTERREY);
  const admitted = simulatorAnswer<{ data: { open: boolean; visit: { status: string } } }>(
    "--device-key",
    gate,
    "pass",
    pass,
  );
  expect(admitted.data).toMatchObject({ open: true, visit: { status: "in_progress" } });
  const again = await request.post(hostUrl("localhost", "/api/device/event/entry"), {
    headers: { "x-device-key": gate },
    data: { pass },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error).toBe("action_not_available");
  await page.goto(hostUrl("localhost", `/visita/evento/${visitUuid}`));
  await expect(page.getByText("Dentro", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Este pase se usó el/)).toBeVisible();
  await expect(page.getByRole("img", { name: /Código QR del pase/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "04-pass-used");
});

test.describe("us.localhost in English", () => {
  test.use({ locale: "en-US" });

  test("a new driver opens an Austin venue's QR landing, signs in, buys parking at the suggested amount and gets a pass", async ({
    page,
  }) => {
    await page.goto(hostUrl("us.localhost", `/loc/${MOODY_CENTER}`));
    await expect(page.getByRole("heading", { name: "Moody Center", level: 1 })).toBeVisible();
    const events = page.getByRole("list", { name: "Upcoming events" });
    await expect(events.getByRole("listitem")).toHaveCount(1);
    // A venue sells parking by event: no hourly tariff that would read "$0.00 for up to 1 hour".
    await expect(page.getByText(/for a stay of up to/)).toHaveCount(0);
    await expect(events).toContainText("$23.72 USD all in");
    await expectAccessible(page);
    await shot(page, "10-venue-us");
    await events.getByRole("link", { name: "Parking for Longhorns Basketball vs. Baylor" }).click();

    // The event page needs a session: sign in with a US number, then back to the event (checkout=1).
    await expect(page).toHaveURL(/\/\?authRedirect=/);
    expect(decodeURIComponent(page.url())).toContain("checkout=1");
    await expect(page.getByLabel("Country code")).toHaveValue("us");
    await signInThroughWizard(page, newNationalPhone(), "en");
    await expect(page).toHaveURL(/\/eventos\/7d1e5a10-0000-4000-8000-000000000321/);
    await expect(page.getByRole("heading", { name: "Longhorns Basketball vs. Baylor", level: 1 })).toBeVisible();

    const plate = `TX${String(Date.now()).slice(-6)}`;
    await addVehicleInDialog(page, plate, {
      add: "Add a vehicle",
      plate: "Plate",
      state: "State",
      save: "Save",
      pick: "Texas",
    });
    await expect(page.getByRole("radio", { name: plate })).toBeChecked();

    // A US card through the Collect.js-style form, after the names and e-mail it needs.
    await page.getByRole("link", { name: "Add a card" }).click();
    await page.getByRole("button", { name: "Add card" }).click();
    const completion = page.getByRole("dialog", { name: "New card" });
    await completion.getByLabel("First name").fill("Ann");
    await completion.getByLabel("Last name").fill("Lee");
    await completion.getByLabel("E-mail").fill(`ann.${Date.now()}@example.com`);
    await completion.getByRole("button", { name: "Continue" }).click();
    const cardDialog = page.getByRole("dialog", { name: "New card" });
    await cardDialog.getByLabel("ZIP code").fill("78701");
    const frame = page.frameLocator("iframe.card-frame");
    await frame.locator("#number").fill("4111 1111 1111 1111");
    await frame.locator("#expiry").fill("12/34");
    await frame.locator("#cvc").fill("123");
    await cardDialog.getByRole("button", { name: "Add Card", exact: true }).click();
    await expect(page).toHaveURL(/\/eventos\/7d1e5a10-0000-4000-8000-000000000321/, { timeout: 15_000 });

    // $20 + $1 convenience = $21; 2.9 % card + $0.30 = $0.91; 8.25 % sales tax on $21.91 = $1.81.
    const total = page.getByRole("row", { name: /Total/ });
    await expect(total).toContainText("$23.72 USD");
    await expect(page.getByRole("radio", { name: /^Visa •••• 1111/ })).toBeChecked();
    await expectAccessible(page);
    await shot(page, "11-event-us");
    await page.getByRole("button", { name: "Pay $23.72 USD" }).click();

    await expect(page).toHaveURL(/\/visita\/evento\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Paid · not entered yet")).toBeVisible();
    await expect(
      page.getByRole("img", { name: `Pass QR code for Longhorns Basketball vs. Baylor, plate ${plate}` }),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, "12-pass-us");
  });
});
