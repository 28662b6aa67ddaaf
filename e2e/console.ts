import type { Page } from "@playwright/test";
import { expect, hostUrl } from "./fixtures.ts";

/**
 * How the console journeys reach the console: from `/` signed out, signing in with the phone like
 * any driver, then the side menu's "Operator console" and its sections.
 */

export async function enterCode(page: Page, nationalPhone: string) {
  await page.goto(hostUrl("localhost", "/"));
  await expect(page.getByRole("heading", { name: "Inicia sesión o crea tu cuenta" })).toBeVisible();
  await page.getByLabel("Número de celular").fill(nationalPhone);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByLabel("Código de verificación")).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

export async function signIn(page: Page, nationalPhone: string) {
  await enterCode(page, nationalPhone);
  // An operator parks no car of their own: the wizard's vehicle step is left for later.
  await expect(page.getByRole("heading", { name: "Agrega tu vehículo" })).toBeVisible();
  await page.getByRole("button", { name: "Agregar después" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function openConsole(page: Page) {
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("link", { name: "Consola del operador" }).click();
  await expect(page.getByRole("navigation", { name: "Secciones de la consola" })).toBeVisible();
}

/** A section by its link; on a phone the sections are folded behind the "Sección" button, opened first. */
export async function section(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Secciones de la consola" });
  // Whether the sections are folded is read from the console as drawn, not while it is still loading.
  await expect(nav).toBeVisible();
  const toggle = nav.getByRole("button", { name: /^Sección/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await nav.getByRole("link", { name, exact: true }).click();
  // A section's screen is loaded on demand: the click returns before the router has moved there, and
  // a reload in that moment would reload the screen being left. (On a phone the menu folds again.)
  await expect(nav.getByRole("link", { name, exact: true, includeHidden: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
}

/** Nothing on the screen scrolls sideways: not the page, not a table's scrolling region. */
export async function expectNoSidewaysScroll(page: Page) {
  const scrolled = await page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll<HTMLElement>("main section[tabindex]"))]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.getAttribute("aria-label") ?? element.tagName),
  );
  expect(scrolled).toEqual([]);
}

/** Each journey is walked at a phone's width, then again at a desktop's, in one session (a code per phone a minute). */
export const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;
