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
    // The phone of every test is in Mexico City, whatever the machine's zone: times on a lot's
    // clock (Monterrey in the fixtures) then read the same, and a lot elsewhere gets its zone named.
    env: { TZ: "America/Mexico_City" },
    // A test that types and clicks through a form takes about a second alone; CI runs these files
    // beside the runtime stage and the cluster run, and on a loaded machine two of them passed 5 s
    // (vitest's default), failing with nothing wrong.
    testTimeout: 20_000,
  },
});
