import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { initI18n } from "../lib/i18n.ts";

beforeAll(async () => {
  await initI18n("en");
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
