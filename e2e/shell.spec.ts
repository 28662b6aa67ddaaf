import type { Page } from "@playwright/test";
import { expect, expectAccessible, hostUrl, signInThroughApi, test } from "./fixtures.ts";

const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem("access_token"),
    refresh: localStorage.getItem("refresh_token"),
  }));

const sideMenuLabels = (page: Page) =>
  page
    .getByRole("dialog", { name: /Menú|Menu/ })
    .getByRole("navigation")
    .getByRole("listitem")
    .allInnerTexts();

test("the side menu lists the spec's entries, and every screen it reaches passes axe", async ({ page, request }) => {
  await signInThroughApi(request, page);
  await page.goto(hostUrl("localhost", "/dashboard"));
  // The dashboard shows the logo instead of a title.
  await expect(page.getByRole("banner").getByRole("img")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu).toBeVisible();
  expect((await sideMenuLabels(page)).map((label) => label.trim())).toEqual([
    "Inicio",
    "Vehículos",
    "Visitas",
    "Pensiones",
    "Método de pago",
    "Facturación",
    "Mi cuenta",
    "Contacto",
    "Cerrar sesión",
  ]);
  await expectAccessible(page);

  const screens = [
    { entry: "Vehículos", path: "/vehiculos", heading: "Vehículos" },
    { entry: "Mi cuenta", path: "/usuario", heading: "Mi cuenta" },
    { entry: "Contacto", path: "/contacto", heading: /Contacto/ },
  ];
  for (const { entry, path, heading } of screens) {
    if (!(await menu.isVisible())) await page.getByRole("button", { name: "Abrir menú" }).click();
    await menu.getByRole("link", { name: entry }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(hostUrl("localhost", path));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // The title is seen once, in the top bar; the page's h1 is there for assistive technology.
    await expect(page.getByRole("banner")).toContainText(heading);
    const h1Width = await page.getByRole("heading", { level: 1 }).evaluate((h1) => h1.getBoundingClientRect().width);
    expect(h1Width).toBeLessThanOrEqual(1);
    await expect(page.getByRole("status")).toHaveCount(0);
    await expectAccessible(page);
  }

  // Spanish: the footer's privacy link stays in the app; the privacy page has no menu button.
  await page.getByRole("contentinfo").getByRole("link", { name: "Aviso de privacidad" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", "/privacidad"));
  await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  await expectAccessible(page);
});

test("a long title is read whole in the top bar at 390 px, on two lines rather than cut short", async ({
  page,
  request,
}) => {
  await signInThroughApi(request, page);
  const longTitles = [
    ["/pensiones/historial", "Historial de pensiones"],
    ["/loc/7d1e5a10-0000-4000-8000-000000000101", "Estacionamiento Parque Fundidora"],
    ["/pagos-netpay", "Método de pago (NetPay)"],
  ] as const;
  for (const [path, wanted] of longTitles) {
    await page.goto(hostUrl("localhost", path));
    const title = page.getByRole("banner").locator(".top-bar-title");
    await expect(title).toHaveText(wanted);
    const clipped = await title.evaluate(
      (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    );
    expect(clipped, `${path}: "${wanted}"`).toBe(false);
  }
});

test("English hides billing in the side menu", async ({ page, request }) => {
  await signInThroughApi(request, page);
  await page.goto(hostUrl("localhost", "/dashboard"));
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  expect((await sideMenuLabels(page)).map((label) => label.trim())).toEqual([
    "Home",
    "Vehicles",
    "Visits",
    "Subscriptions",
    "Payment method",
    "My account",
    "Contact",
    "Log out",
  ]);
  await expectAccessible(page);
});

test("English: the footer's privacy link leaves for the host's page, and every navigation starts at the top", async ({
  page,
  request,
}) => {
  await signInThroughApi(request, page);
  await page.goto(hostUrl("localhost", "/subscriptions"));
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" });
  await expect(privacy).toHaveAttribute("href", "https://estaciona.app/en/privacy");
  await expect(privacy).toHaveAttribute("target", "_blank");

  // docs/product/screens-and-routes.md: scroll resets on each navigation, going back included (not the browser's old position).
  await expect(page.getByRole("heading", { name: "Subscriptions you can buy" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  const fullHeight = await pageHeight();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(hostUrl("localhost", "/contacto"));
  // The URL changes before the lazily loaded screen mounts and resets the scroll: wait for the screen.
  await expect(page.getByRole("heading", { name: "Contact", exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Subscriptions you can buy" })).toBeVisible();
  // Once the screen is as tall as when it was left, an old position could be put back: it is not.
  await expect.poll(pageHeight).toBeGreaterThanOrEqual(fullHeight);
  const scrollAfterTwoFrames = await page.evaluate(
    () => new Promise((read) => requestAnimationFrame(() => requestAnimationFrame(() => read(window.scrollY)))),
  );
  expect(scrollAfterTwoFrames).toBe(0);
});

test("signed out, an unknown path asks to sign in first, and detail routes that pay add checkout=1", async ({
  page,
}) => {
  await page.goto(hostUrl("localhost", "/no-existe"));
  await expect(page).toHaveURL(hostUrl("localhost", "/?authRedirect=%2Fno-existe"));
  await page.goto(hostUrl("localhost", "/parking-meters/7d1e5a10-0000-4000-8000-000000000301"));
  await expect(page).toHaveURL(
    hostUrl("localhost", "/?authRedirect=%2Fparking-meters%2F7d1e5a10-0000-4000-8000-000000000301&checkout=1"),
  );
  // The login screen: no top bar or footer, only the language selector.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /Idioma/ }).getByRole("button")).toHaveText(["Español", "English"]);
});

test("a 500 answer shows the Error dialog with server_error", async ({ page, request }) => {
  await signInThroughApi(request, page);
  await page.route("**/api/user/vehicles", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "server_error" }),
    }),
  );
  await page.goto(hostUrl("localhost", "/vehiculos"));
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Ocurrió un error, inténtalo más tarde.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(hostUrl("localhost", "/vehiculos"));
  // The close icon dismisses it too.
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
});

test("a 404 answer goes to /notfound", async ({ page, request }) => {
  await signInThroughApi(request, page);
  await page.goto(hostUrl("localhost", "/visita/00000000-0000-4000-8000-000000000000"));
  await expect(page).toHaveURL(hostUrl("localhost", "/notfound"));
  await expect(page.getByText("404")).toBeVisible();
  await expectAccessible(page);
  // Unknown paths, once signed in, show the same screen.
  await page.goto(hostUrl("localhost", "/no-existe"));
  await expect(page.getByText("404")).toBeVisible();
});

test("with a stored refresh token the session refreshes on start behind the loading view", async ({
  page,
  request,
}) => {
  await signInThroughApi(request, page);
  const before = await storedTokens(page);
  let releaseRefresh: () => void = () => {};
  const refreshHeld = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  await page.route("**/api/oauth/v2/token", async (route) => {
    await refreshHeld;
    await route.continue();
  });

  await page.goto(hostUrl("localhost", "/dashboard"));
  const loading = page.getByRole("status").filter({ hasText: "Cargando…" });
  await expect(loading).toBeVisible();
  await expect(loading.getByRole("img")).toBeVisible();
  await expectAccessible(page);
  releaseRefresh();

  await expect(page.getByRole("button", { name: "Abrir menú" })).toBeVisible();
  await expect(loading).toBeHidden();
  const after = await storedTokens(page);
  expect(after.refresh).not.toBeNull();
  expect(after.refresh).not.toBe(before.refresh);
  expect(after.access).not.toBe(before.access);
});

test("an invalid refresh token removes both tokens and goes to / with authRedirect", async ({ page }) => {
  await page.goto(hostUrl("localhost", "/privacidad"));
  await page.evaluate(() => {
    localStorage.setItem("access_token", "not-a-token");
    localStorage.setItem("refresh_token", "not-a-refresh-token");
  });
  await page.goto(hostUrl("localhost", "/vehiculos"));
  await expect(page).toHaveURL(hostUrl("localhost", "/?authRedirect=%2Fvehiculos"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test("log out clears both tokens and the app returns to sign-in", async ({ page, request }) => {
  await signInThroughApi(request, page);
  await page.goto(hostUrl("localhost", "/dashboard"));
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("dialog", { name: "Menú" }).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  // The revoked session is gone for good: the guard sends /vehiculos to sign-in.
  await page.goto(hostUrl("localhost", "/vehiculos"));
  await expect(page).toHaveURL(hostUrl("localhost", "/?authRedirect=%2Fvehiculos"));
});

test("every host has a favicon: its theme's icon, and /favicon.ico for clients without SVG icons", async ({ page }) => {
  const hosts = [
    ["localhost", "estaciona"],
    ["isisa.localhost", "isisa"],
    ["freeflow.localhost", "freeflow"],
    ["us.localhost", "estaciona"],
  ] as const;
  for (const [host, theme] of hosts) {
    await page.goto(hostUrl(host, "/"));
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(icons).toEqual([hostUrl(host, "/favicon.ico"), hostUrl(host, `/themes/${theme}/icon.svg`)]);
    // Fetched from the page: Node does not resolve *.localhost, Chromium does.
    const answers = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map(async (url) => {
            const response = await fetch(url);
            return { status: response.status, type: response.headers.get("content-type") };
          }),
        ),
      icons,
    );
    expect(answers).toEqual([
      { status: 200, type: expect.stringMatching(/^image\/(x-icon|vnd\.microsoft\.icon)/) },
      { status: 200, type: expect.stringMatching(/^image\/svg\+xml/) },
    ]);
  }
});
