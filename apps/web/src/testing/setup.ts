import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { initI18n } from "../lib/i18n.ts";
import { languageStore, loadLanguage } from "../lib/translator.ts";

beforeAll(async () => {
  languageStore.set("en");
  await initI18n();
  // Tests switch to Spanish with `i18n.changeLanguage`: both languages are in from the start.
  await loadLanguage("es");
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
