import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, signInThroughApi, storeTokens, test } from "./fixtures.ts";

/**
 * White label kept by a check (issue 24 item 5, docs/product/hosts-and-themes.md): on every host,
 * the home, a pay screen (the card form) and the console are drawn in the host's theme, in its
 * language, and pass axe's WCAG AA rules — colour contrast included — under that theme. Each
 * screen is saved as a screenshot (test-results/themes/) for a person to look at.
 */
const HOSTS = [
  { host: "localhost", theme: "estaciona", brand: "rgb(11, 92, 173)", language: "es", dialCode: "+52" },
  { host: "isisa.localhost", theme: "isisa", brand: "rgb(122, 31, 61)", language: "es", dialCode: "+52" },
  { host: "freeflow.localhost", theme: "freeflow", brand: "rgb(11, 110, 79)", language: "es", dialCode: "+52" },
  { host: "us.localhost", theme: "estaciona", brand: "rgb(11, 92, 173)", language: "en", dialCode: "+1" },
] as const;

const words = {
  es: { paymentMethod: "Método de pago", addCard: "Agregar tarjeta", consoleSections: "Secciones de la consola" },
  en: { paymentMethod: "Payment method", addCard: "Add card", consoleSections: "Console sections" },
} as const;

/**
 * The second organisation's operator (seeded). Not the demo operator: the verification journey
 * signs that one in through the wizard on the same server, and a second code for one phone within
 * the resend cooldown would be refused.
 */
const OPERATOR = "8100000002";

type Host = (typeof HOSTS)[number];

/** The screen is in the host's theme: the body's class, and the brand colour on its main action. */
async function expectTheme(page: Page, { theme, brand }: Host, action: ReturnType<Page["getByRole"]>) {
  await expect(page.locator("body")).toHaveClass(theme);
  await expect(action).toHaveCSS("background-color", brand);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/themes/${name}.png`, fullPage: true });
}

/** A phone-sized page of its own, failing on any error the page does not handle. */
async function phonePage(browser: Browser, language: "es" | "en", errors: string[]) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language === "es" ? "es-MX" : "en-US",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page };
}

test.describe("every host's theme, on the home, a pay screen and the console", () => {
  for (const host of HOSTS) {
    test.describe(host.host, () => {
      test.use({ locale: host.language === "es" ? "es-MX" : "en-US" });
      test(`${host.theme} in ${host.language === "es" ? "Spanish" : "English"}`, async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        const text = words[host.language];
        await signInThroughApi(page.request, page, { host: host.host, dialCode: host.dialCode });

        await page.goto(hostUrl(host.host, "/dashboard"));
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", host.language);
        await expect(page.locator("body")).toHaveClass(host.theme);
        await expectAccessible(page);
        await shoot(page, `${host.host}-home`);

        await page.goto(hostUrl(host.host, "/pagos"));
        await expect(page.getByRole("heading", { name: text.paymentMethod })).toBeVisible();
        const addCard = page.getByRole("button", { name: text.addCard });
        await expectTheme(page, host, addCard);
        await addCard.click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectAccessible(page);
        await shoot(page, `${host.host}-pay`);
      });
    });
  }

  test("the console on every host, signed in once as an operator", async ({ browser, request }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    const { context: first, page: signInPage } = await phonePage(browser, "es", errors);
    const signedIn = await signInThroughApi(request, signInPage, { nationalPhone: OPERATOR });
    let operator = { accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken };
    await first.close();
    for (const host of HOSTS) {
      const { context, page } = await phonePage(browser, host.language, errors);
      await storeTokens(page, host.host, operator);
      await page.goto(hostUrl(host.host, "/operador"));
      await expect(page.getByRole("navigation", { name: words[host.language].consoleSections })).toBeVisible();
      await expect(page.locator("body")).toHaveClass(host.theme);
      await expectAccessible(page);
      await shoot(page, `${host.host}-console`);
      // The app renews its tokens as it goes (a used refresh token is spent): the next host gets
      // the session as this one left it.
      operator = await page.evaluate(() => ({
        accessToken: localStorage.getItem("access_token") ?? "",
        refreshToken: localStorage.getItem("refresh_token") ?? "",
      }));
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
