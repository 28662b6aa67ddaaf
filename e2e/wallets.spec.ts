import { signUpThroughWizard, words } from "./drivers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/**
 * Wallets (docs/product/wallets.md) as a brand-new US driver meets them: signed up through the
 * wizard on `/` of the English host, a meter found by the number on its sign, then Google Pay —
 * the sandbox's sheet stands in for Google's, since headless Chromium has no wallet. Closing the
 * sheet charges nothing, a card the wallet's bank declines is told, and an approved one pays and
 * shows on the receipt as "Google Pay · Visa •••• 4242".
 */

test.describe("English, Austin", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });

  test("a new driver pays a meter with Google Pay in the sandbox and sees it on the receipt", async ({ page }) => {
    await signUpThroughWizard(page, "us.localhost", "en");
    await page.getByRole("link", { name: words.en.metersLink }).click();
    await page.getByLabel("Zone number on the sign").fill("7001");
    await page.getByRole("button", { name: "Find zone" }).click();
    await expect(page.getByRole("heading", { name: /Meter 7001/ })).toBeVisible();
    const minutes = page.getByRole("spinbutton", { name: "Minutes" });
    await minutes.fill("30");
    await minutes.press("Enter");
    // $1.00 + $0.35 convenience + 2.9 % and $0.30 card + 8.25 % sales tax.
    await expect(page.getByRole("row", { name: /Total/ })).toContainText("$1.83 USD");
    const googlePay = page.getByRole("button", { name: "Pay with Google Pay" });
    await expect(googlePay).toBeVisible();
    await expectAccessible(page);

    // The sheet closed: nothing charged, and the panel says so.
    await googlePay.click();
    const sheet = page.getByRole("dialog", { name: "Google Pay · test wallet" });
    await expect(sheet.getByText(/Pay \$1\.83 USD with a card from this wallet/)).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole("button", { name: "Cancel" }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText("You closed Google Pay: nothing was charged.")).toBeVisible();
    await expectAccessible(page);

    // A card the wallet's bank declines: the panel tells, and the stay of time is still to buy.
    await googlePay.click();
    await sheet.getByRole("radio", { name: "Visa •••• 0002 (is declined)" }).check();
    await sheet.getByRole("button", { name: "Pay $1.83 USD" }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("alert")).toContainText("The payment could not be completed.");
    await expectAccessible(page);

    // Approved: paid, and the receipt names the wallet and its card.
    await googlePay.click();
    await expect(sheet.getByRole("radio", { name: "Visa •••• 4242 (approves)" })).toBeChecked();
    await sheet.getByRole("button", { name: "Pay $1.83 USD" }).click();
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
    await expectAccessible(page);
    const receiptLink = page.getByRole("link", { name: /^Receipt: / });
    await receiptLink.click();
    const receipt = page.getByRole("article");
    await expect(receipt.getByText("Google Pay · Visa •••• 4242")).toBeVisible();
    await expect(receipt.getByRole("rowheader", { name: "Total" })).toBeVisible();
    await expectAccessible(page);
  });
});
