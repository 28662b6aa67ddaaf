import type { FrameLocator, Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, newNationalPhone, test } from "./fixtures.ts";

/**
 * Cards through the sandbox gateway (docs/product/screens-and-routes.md /pagos, docs/product/entities-and-states.md "Card forms", docs/product/calls-and-errors.md; docs/product/money.md). The card
 * number, expiry and CVV are typed only inside the provider's iframe (PCI-1).
 */

type Host = "localhost" | "us.localhost";

/**
 * A signed-in driver whose profile has the names and e-mail a card needs (missing_email
 * otherwise). The calls run in the page, on the host's own origin: Node cannot resolve
 * us.localhost, Chromium can.
 */
async function driverWithProfile(page: Page, host: Host) {
  await page.goto(hostUrl(host, "/privacidad"));
  // Once the app has started, so that it does not renew the tokens stored below (fixtures.ts).
  await expect(page.getByRole("heading").first()).toBeVisible();
  const signedIn = await page.evaluate(
    async ({ phone, email }) => {
      const post = (path: string, body: unknown, method = "POST", token?: string) =>
        fetch(`/api/${path}`, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const registered = await (await post("open/user", { phone_number: phone, domain: "estaciona" })).json();
      const tokens = await (
        await post("oauth/v2/token", {
          grant_type: "sms",
          client_id: "estaciona-web",
          client_secret: "estaciona-web-public",
          phone_number: phone,
          code: registered.data,
          domain: "estaciona",
        })
      ).json();
      localStorage.setItem("access_token", tokens.access_token);
      localStorage.setItem("refresh_token", tokens.refresh_token);
      const edited = await post(
        "user/edit",
        { first_name: "Ana", last_name: "López", email },
        "PUT",
        tokens.access_token,
      );
      return edited.ok;
    },
    {
      phone: `${host === "us.localhost" ? "+1" : "+52"}${newNationalPhone()}`,
      email: `driver${Date.now()}@example.com`,
    },
  );
  expect(signedIn).toBe(true);
}

const cardFrame = (page: Page): FrameLocator => page.frameLocator("iframe.card-frame");

/** Types the card inside the provider's frame (never in our page). */
async function typeCard(frame: FrameLocator, number: string, cvc = "123") {
  await frame.locator("#number").fill(number);
  await frame.locator("#expiry").fill("12/34");
  await frame.locator("#cvc").fill(cvc);
}

async function expectNoCardInputInOurPage(page: Page) {
  await expect(page.locator('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]')).toHaveCount(0);
  await expect(page.locator('input[autocomplete="cc-exp"]')).toHaveCount(0);
}

/** The card list's item for a card ending in `last4`. */
const cardItem = (page: Page, last4: string) =>
  page
    .getByRole("list")
    .getByRole("listitem")
    .filter({ hasText: `•••• ${last4}` });

test.describe("Mexican driver (localhost, Conekta-style form)", () => {
  async function addMexicanCard(page: Page, number: string) {
    await page.getByRole("button", { name: "Agregar tarjeta" }).click();
    const dialog = page.getByRole("dialog", { name: "Nueva tarjeta" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/cargo de \$10 MXN que se reembolsa/)).toBeVisible();
    const frame = cardFrame(page);
    await typeCard(frame, number);
    await expectNoCardInputInOurPage(page);
    await frame.getByRole("button", { name: "Agregar Tarjeta" }).click();
    return dialog;
  }

  test("adds two cards, switches the default, cannot delete the default, deletes the other", async ({ page }) => {
    await driverWithProfile(page, "localhost");
    await page.goto(hostUrl("localhost", "/pagos"));
    await expect(page.getByRole("heading", { name: "Método de pago" })).toBeVisible();
    await expectAccessible(page);

    const dialog = await addMexicanCard(page, "4242 4242 4242 4242");
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText("Tarjeta guardada")).toBeVisible();
    await expect(cardItem(page, "4242")).toContainText("Predeterminada");
    await expect(cardItem(page, "4242")).toContainText("Vence 12/34");
    await expect(cardItem(page, "4242").getByRole("img", { name: "Visa" })).toBeVisible();

    await addMexicanCard(page, "5555 5555 5555 4444");
    await expect(cardItem(page, "4444")).toBeVisible({ timeout: 15_000 });
    await expect(cardItem(page, "4444")).not.toContainText("Predeterminada");
    await expect(cardItem(page, "4444").getByRole("img", { name: "Mastercard" })).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole("button", { name: "Usar Mastercard con terminación 4444 como tarjeta predeterminada" })
      .click();
    await expect(cardItem(page, "4444")).toContainText("Predeterminada");
    await expect(cardItem(page, "4242")).not.toContainText("Predeterminada");

    // The default card cannot go while another exists: no delete is offered, and it says what to do.
    await expect(page.getByRole("button", { name: "Eliminar Mastercard con terminación 4444" })).toHaveCount(0);
    await expect(cardItem(page, "4444")).toContainText(
      "Para eliminar esta tarjeta, primero elige otra como predeterminada.",
    );

    await page.getByRole("button", { name: "Eliminar Visa con terminación 4242" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Tarjeta eliminada")).toBeVisible();
    await expect(cardItem(page, "4242")).toHaveCount(0);
    await expect(cardItem(page, "4444")).toContainText("Predeterminada");
  });

  test("the form is accessible and keeps every card field inside the provider's frame", async ({ page }) => {
    await driverWithProfile(page, "localhost");
    await page.goto(hostUrl("localhost", "/pagos"));
    await page.getByRole("button", { name: "Agregar tarjeta" }).click();
    await expect(cardFrame(page).locator("#number")).toBeVisible();
    await expectNoCardInputInOurPage(page);
    await expect(page.locator("iframe.card-frame")).toHaveAttribute("src", /provider=conekta/);
    await expectAccessible(page);
  });

  test("a declined card shows the warning and the form comes back", async ({ page }) => {
    await driverWithProfile(page, "localhost");
    await page.goto(hostUrl("localhost", "/pagos"));
    const dialog = await addMexicanCard(page, "4000 0000 0000 0002");
    const errorDialog = page.getByRole("dialog", { name: "Error" });
    await expect(errorDialog).toContainText("No pudimos guardar tu tarjeta.");
    await errorDialog.getByRole("button", { name: "Aceptar" }).click();
    // The frame is cleared and reloaded after 1 s, ready for another card.
    await expect(dialog).toBeVisible();
    await expect(cardFrame(page).locator("#number")).toHaveValue("");
    await expect(cardFrame(page).getByRole("button", { name: "Agregar Tarjeta" })).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(page.getByText("Aún no tienes tarjetas guardadas.", { exact: false })).toBeVisible();
  });

  test("a 3-D Secure card goes to the bank's challenge and back to /3ds", async ({ page }) => {
    await driverWithProfile(page, "localhost");
    await page.goto(hostUrl("localhost", "/pagos"));
    await addMexicanCard(page, "4000 0000 0000 3220");
    await expect(page).toHaveURL(/\/sandbox\/3ds\//, { timeout: 15_000 });
    await page.getByRole("button", { name: "Aprobar" }).click();
    await expect(page).toHaveURL(/\/3ds\?payment=[^&]+&status=succeeded/);
    await expect(page.getByRole("heading", { name: "Tarjeta verificada" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Volver a mis tarjetas" }).click();
    await expect(page).toHaveURL(/\/pagos$/);
    await expect(cardItem(page, "3220")).toContainText("Predeterminada");
  });

  test("a failed 3-D Secure challenge shows the failure on /3ds", async ({ page }) => {
    await driverWithProfile(page, "localhost");
    await page.goto(hostUrl("localhost", "/pagos"));
    await addMexicanCard(page, "4000 0000 0000 3220");
    await expect(page).toHaveURL(/\/sandbox\/3ds\//, { timeout: 15_000 });
    await page.getByRole("button", { name: "Fallar la autenticación" }).click();
    await expect(page).toHaveURL(/\/3ds\?payment=[^&]+&status=failed/);
    await expect(page.getByRole("heading", { name: "La tarjeta no se verificó" })).toBeVisible();
    await page.getByRole("link", { name: "Volver a mis tarjetas" }).click();
    await expect(page.getByText("Aún no tienes tarjetas guardadas.", { exact: false })).toBeVisible();
  });
});

test.describe("US driver (us.localhost, Collect.js-style form)", () => {
  test.use({ locale: "en-US" });

  async function addUsCard(page: Page, number: string, cvc = "123") {
    await page.getByRole("button", { name: "Add card" }).click();
    const dialog = page.getByRole("dialog", { name: "New card" });
    const submit = dialog.getByRole("button", { name: "Add Card", exact: true });
    // The holder's names come from the profile, not asked twice; submit needs both (docs/product/validation.md).
    await expect(dialog.getByLabel("First name")).toHaveValue("Ana");
    await expect(dialog.getByLabel("Last name")).toHaveValue("López");
    await dialog.getByLabel("Last name").fill("");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("First name").fill("Ann");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Last name").fill("Lee");
    await dialog.getByLabel("ZIP code").fill("78701");
    // The Collect.js-style frame; checked before submitting, since a saved card closes the dialog.
    await expect(page.locator("iframe.card-frame")).toHaveAttribute("src", /provider=nmi/);
    await typeCard(cardFrame(page), number, cvc);
    await expectNoCardInputInOurPage(page);
    await expect(submit).toBeEnabled();
    await submit.click();
    return dialog;
  }

  test("adds two cards, switches the default, cannot delete the default, deletes the other", async ({ page }) => {
    await driverWithProfile(page, "us.localhost");
    await page.goto(hostUrl("us.localhost", "/payments"));
    await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();

    const dialog = await addUsCard(page, "4111 1111 1111 1111");
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(cardItem(page, "1111")).toContainText("Default");
    await expectAccessible(page);

    await addUsCard(page, "378282246310005", "1234");
    await expect(cardItem(page, "0005")).toBeVisible({ timeout: 15_000 });
    await expect(cardItem(page, "0005").getByRole("img", { name: "American Express" })).toBeVisible();

    await page.getByRole("button", { name: "Make American Express ending in 0005 the default card" }).click();
    await expect(cardItem(page, "0005")).toContainText("Default");
    await expect(cardItem(page, "1111")).not.toContainText("Default");

    // The default card cannot go while another exists: no delete is offered, and it says what to do.
    await expect(page.getByRole("button", { name: "Delete American Express ending in 0005" })).toHaveCount(0);
    await expect(cardItem(page, "0005")).toContainText("To delete this card, first make another one the default.");

    await page.getByRole("button", { name: "Delete Visa ending in 1111" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(cardItem(page, "1111")).toHaveCount(0);
    await expect(cardItem(page, "0005")).toContainText("Default");
  });

  test("a card the provider cannot validate shows complete_all_fields", async ({ page }) => {
    await driverWithProfile(page, "us.localhost");
    await page.goto(hostUrl("us.localhost", "/payments"));
    await page.getByRole("button", { name: "Add card" }).click();
    const dialog = page.getByRole("dialog", { name: "New card" });
    await dialog.getByLabel("First name").fill("Ann");
    await dialog.getByLabel("Last name").fill("Lee");
    await dialog.getByLabel("ZIP code").fill("78701");
    await expect(cardFrame(page).locator("#number")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add Card", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Complete all the card fields.");
  });
});
