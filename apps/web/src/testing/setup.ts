import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { initI18n, loadLanguage } from "../lib/i18n.ts";

beforeAll(async () => {
  await initI18n("en");
  // Tests switch to Spanish with `i18n.changeLanguage`: both languages are in from the start.
  await loadLanguage("es");
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
