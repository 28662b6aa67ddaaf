import { registerDevice } from "./devices.ts";
import { typeApprovedCardInFrame } from "./drivers.ts";
import {
  addCardThroughApi,
  backdateEntry,
  bearer,
  completeProfileThroughApi,
  expect,
  expectAccessible,
  hostUrl,
  newNationalPhone,
  signInThroughApi,
  signInThroughWizard,
  test,
} from "./fixtures.ts";

/** Seeded lots (apps/api/src/seed/data.ts): Fundidora is gated, Barrio Antiguo is freeflow. */
const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";
const BARRIO_ANTIGUO = "7d1e5a10-0000-4000-8000-000000000102";

// The phone is in Tijuana, the lots in Monterrey: every time of a stay reads the lot's clock and says so.
test.use({ timezoneId: "America/Tijuana" });

test("a driver scans a lot's QR signed out, signs in, adds a car and a card, parks, pays and gets the receipt", async ({
  page,
  request,
}) => {
  // The QR landing: public, the tariff in words and the all-in price first.
  await page.goto(hostUrl("localhost", `/loc/${FUNDIDORA}`));
  await expect(page.getByRole("heading", { name: "Estacionamiento Parque Fundidora", level: 1 })).toBeVisible();
  await expect(page.getByTestId("all-in-price")).toHaveText("$29.85 MXN");
  await expect(page.getByText("Los primeros 15 minutos son gratis.")).toBeVisible();
  await expect(page.getByText("Después, $10.00 MXN por cada 30 minutos adicionales o fracción.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir en mapas" })).toHaveAttribute("href", /openstreetmap\.org/);
  await expectAccessible(page);

  // Start signed out: sign in first, then back to the lot.
  await page.getByRole("link", { name: "Inicia sesión para empezar" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", `/?authRedirect=${encodeURIComponent(`/loc/${FUNDIDORA}`)}`));
  await signInThroughWizard(page, newNationalPhone());
  await expect(page).toHaveURL(hostUrl("localhost", `/loc/${FUNDIDORA}`));

  // Add a car from the landing itself.
  // A plate of its own: plates are unique across accounts, and a retry runs against the same server.
  const plate = `QR${String(Date.now()).slice(-6)}`;
  await page.getByRole("button", { name: "Agregar un vehículo" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar un vehículo" });
  await dialog.getByLabel("Placas").pressSequentially(plate.toLowerCase());
  const state = dialog.getByRole("combobox", { name: "Estado" });
  await state.fill("nuevo");
  await page.getByRole("option", { name: "Nuevo León" }).click();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  // axe only once the dialog has finished closing (its fading buttons are not the page's colours).
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("radio", { name: plate })).toBeChecked();
  await expectAccessible(page);

  // A card through the card screen and the provider's iframe (the sandbox's approving test
  // card); the profile a card needs (names, e-mail) is set through the API. The card screen
  // comes back to the lot (redirect query).
  await completeProfileThroughApi(request, await bearer(page));
  await page.goto(hostUrl("localhost", `/pagos?redirect=${encodeURIComponent(`/loc/${FUNDIDORA}`)}`));
  await page.getByRole("button", { name: "Agregar tarjeta" }).click();
  await typeApprovedCardInFrame(page);
  await expect(page).toHaveURL(hostUrl("localhost", `/loc/${FUNDIDORA}`), { timeout: 15_000 });

  await expect(page.getByRole("radio", { name: plate })).toBeChecked();
  await page.getByRole("button", { name: "Empezar a estacionarme" }).click();
  await expect(page).toHaveURL(/\/visita\/[0-9a-f-]{36}$/);
  const visitUuid = page.url().split("/").at(-1) ?? "";
  await expect(page.getByTestId("live-fee")).toHaveText("$0.00 MXN");
  await expect(page.getByText(/^Gratis hasta las/)).toBeVisible();
  await expectAccessible(page);

  // While it is parked, the car offers no "delete": its card says why and what to do (issue 24 item 6).
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("link", { name: "Vehículos" }).click();
  const car = page.getByRole("listitem").filter({ hasText: plate });
  await expect(
    car.getByText("No puedes eliminarlo mientras está estacionado: termina la visita (sal del estacionamiento)"),
  ).toBeVisible();
  await expect(car.getByRole("button", { name: `Eliminar ${plate}` })).toHaveCount(0);
  await expect(car.getByRole("button", { name: `Editar ${plate}` })).toBeVisible();
  await expectAccessible(page);

  // Seventy minutes later: the first hour and one half-hour increment, fees and IVA included.
  backdateEntry(visitUuid, 70);
  await page.goto(hostUrl("localhost", "/dashboard"));
  const active = page.getByRole("region", { name: "Estacionado ahora" });
  await expect(active.getByTestId("live-fee")).toHaveText("$41.78 MXN");
  await expect(active.getByText(plate)).toBeVisible();
  await expectAccessible(page);
  await active.getByRole("link", { name: "Pagar y salir" }).click();

  // Checkout: the default card preselected, the breakdown that is charged, then pay.
  await expect(page).toHaveURL(hostUrl("localhost", `/checkout/${visitUuid}`));
  await expect(page.getByRole("radio", { name: /^Visa •••• 4242/ })).toBeChecked();
  await expect(page.getByRole("row", { name: /Total/ })).toContainText("$41.78 MXN");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pagar $41.78 MXN" }).click();
  await expect(page.getByRole("heading", { name: "Pagada" })).toBeVisible();
  await expect(page.getByText("Cobramos $41.78 MXN a tu tarjeta.")).toBeVisible();
  await expect(page.getByText(/^Sal antes de las/)).toBeVisible();
  await expectAccessible(page);

  // The receipt: operator, plate, breakdown with the IVA rate, payment reference, print.
  // The stay's receipt address leads to the one receipt screen every product shares, by its charge.
  await page.getByRole("link", { name: "Ver recibo" }).click();
  await expect(page).toHaveURL(/\/recibo\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole("article");
  await expect(receipt.getByRole("heading", { name: /^Recibo R-/ })).toBeVisible();
  await expect(receipt.getByText(`Estancia · Estacionamiento Parque Fundidora`)).toBeVisible();
  await expect(receipt.getByText(plate)).toBeVisible();
  await expect(receipt.getByRole("rowheader", { name: "IVA (16 %)" })).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toHaveText("$41.78 MXN");
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  await expectAccessible(page);

  // Home and visits list it as paid.
  await page.goto(hostUrl("localhost", "/dashboard"));
  const recent = page.getByRole("list", { name: "Visitas recientes" });
  await expect(recent.getByRole("listitem").first()).toContainText("Pagada");
  await expect(recent.getByRole("listitem").first()).toContainText("$41.78 MXN");
  await expect(page.getByRole("region", { name: "Estacionado ahora" })).toHaveCount(0);
  await page.goto(hostUrl("localhost", "/visitas"));
  await page.getByRole("radio", { name: "Pagadas" }).check();
  const visits = page.getByRole("list", { name: "Visitas" });
  await expect(visits.getByRole("listitem")).toHaveCount(1);
  await expect(visits.getByRole("listitem").first()).toContainText("Estacionamiento Parque Fundidora");
  await expectAccessible(page);
  await visits.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Historial de pagos" })).toBeVisible();
  const charge = page.getByRole("listitem").filter({ hasText: "Cargo · Aprobado" });
  await expect(charge).toContainText(/\(hora de Monterrey\) · Visa •••• 4242/);
  const entry =
    (await page
      .locator("dt", { hasText: /^Entrada$/ })
      .locator("xpath=following-sibling::dd")
      .textContent()) ?? "";
  expect(entry).toMatch(/\(hora de Monterrey\)$/);

  // Kept alive: back to visits, the "Paid" filter is still chosen; the list shows the same clock time.
  await page.goBack();
  await expect(page.getByRole("radio", { name: "Pagadas" })).toBeChecked();
  await expect(visits.getByRole("listitem").first()).toContainText(entry);
});

test("a freeflow entry and exit reported by a gate camera shows on the driver's home as paid", async ({
  page,
  request,
}) => {
  const { headers } = await signInThroughApi(request, page);
  const plate = `FF${String(Date.now()).slice(-6)}`;
  const vehicle = await request.post(hostUrl("localhost", "/api/user/vehicle"), {
    headers,
    data: { plate, state: "Nuevo León" },
  });
  expect(vehicle.ok()).toBeTruthy();
  await addCardThroughApi(request, headers);

  // An operator registers a gate on the freeflow lot with `simulate-device --setup`.
  const deviceKey = { "x-device-key": registerDevice("gate", BARRIO_ANTIGUO) };

  const entry = await request.post(hostUrl("localhost", "/api/device/entry"), { headers: deviceKey, data: { plate } });
  expect(entry.ok(), await entry.text()).toBeTruthy();
  const visitUuid = ((await entry.json()) as { data: { visit: { uuid: string } } }).data.visit.uuid;

  // While parked, home shows the stay with its live fee.
  await page.goto(hostUrl("localhost", "/dashboard"));
  await expect(page.getByRole("region", { name: "Estacionado ahora" })).toContainText(plate);

  // Seventy minutes: first hour 25.00 + one 15-minute increment 7.00, + 5.00 fee, 2.9 % card, 16 % IVA.
  backdateEntry(visitUuid, 70);
  const exit = await request.post(hostUrl("localhost", "/api/device/exit"), { headers: deviceKey, data: { plate } });
  expect(exit.ok(), await exit.text()).toBeTruthy();
  expect(((await exit.json()) as { data: { charge: string } }).data.charge).toBe("succeeded");

  await page.reload();
  const recent = page.getByRole("list", { name: "Visitas recientes" });
  const row = recent.getByRole("listitem").filter({ hasText: "Estacionamiento Barrio Antiguo" });
  await expect(row).toContainText("Pagada");
  await expect(row).toContainText("$44.16 MXN");
  await expect(page.getByRole("region", { name: "Estacionado ahora" })).toHaveCount(0);
  await expectAccessible(page);

  await row.getByRole("link").click();
  await expect(page.getByText("Registrada por la cámara de la entrada")).toBeVisible();
  await expect(page.getByText(/Cargo · Aprobado/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Ver recibo" }).click();
  await expect(page.getByTestId("receipt-total")).toHaveText("$44.16 MXN");
  await expectAccessible(page);
});
