import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

test("the server answers with the host's theme on the first paint", async ({ page }) => {
  await page.goto(hostUrl("isisa.localhost", "/"));
  await expect(page.locator("body")).toHaveClass("isisa");
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.locator("body")).toHaveClass("estaciona");
  await expectAccessible(page);
});
