import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";

/**
 * Picks a day in a day field as a person does: opens its calendar, chooses the year and the month
 * in the dropdowns (named in the screen's language) and taps the day.
 */
export async function pickDay(page: Page, field: Locator, day: string, language: "es" | "en" = "es") {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  await field.click();
  const calendar = page.getByRole("dialog", { name: language === "es" ? "Calendario" : "Calendar" });
  await expect(calendar).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`calendar-${day}.png`) });
  await calendar
    .getByRole("combobox", { name: language === "es" ? "Elegir el año" : "Choose the Year" })
    .selectOption(String(year));
  await calendar
    .getByRole("combobox", { name: language === "es" ? "Elegir el mes" : "Choose the Month" })
    .selectOption(String(month - 1));
  const words = new Intl.DateTimeFormat(language === "es" ? "es-MX" : "en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(year, month - 1, date));
  // The day's whole name: "1 de febrero" must not find the 11th or the 21st.
  await calendar.getByRole("button", { name: new RegExp(`(^|\\s)${words.replace(/,/g, ",?")}(,|$)`) }).click();
  await expect(calendar).toBeHidden();
}
