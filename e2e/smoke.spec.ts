import { gzipSync } from "node:zlib";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";

test("the server answers with the host's theme on the first paint", async ({ page }) => {
  await page.goto(hostUrl("isisa.localhost", "/"));
  await expect(page.locator("body")).toHaveClass("isisa");
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.locator("body")).toHaveClass("estaciona");
  await expectAccessible(page);
});

/**
 * The first download of / (docs/decisions/0010, 0095): the JavaScript a visitor without a
 * session fetches before signing in, gzip as `npm run bench:web` counts it. The limit is the
 * measured figure, so the first download cannot grow back unnoticed; the bench lists what it
 * is made of.
 */
// 105.2 KB since the payable kinds and receipts landed (0.25 KB more than 104.95): to win back, and
// issue 25 asks for 90.
const FIRST_DOWNLOAD_JS_LIMIT_KB = 105.5;

test("the first download of / stays within its budget and leaves the router to the signed-in app", async ({ page }) => {
  const scripts: Promise<{ path: string; gzipBytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .body()
        .then((body) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(body).byteLength })),
    );
  });
  await page.goto(hostUrl("localhost", "/"), { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();

  const loaded = await Promise.all(scripts);
  const totalKb = loaded.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  expect(totalKb, loaded.map((file) => `${file.path} ${file.gzipBytes}`).join("\n")).toBeLessThanOrEqual(
    FIRST_DOWNLOAD_JS_LIMIT_KB,
  );
  expect(loaded.filter((file) => file.path.includes("/react-router-"))).toEqual([]);
});
