import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** The SPA's unit and component tests, in jsdom with Testing Library's matchers. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    root: import.meta.dirname,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./src/testing/setup.ts"],
  },
});
