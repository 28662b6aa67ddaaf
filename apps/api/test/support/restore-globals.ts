import { afterAll, vi } from "vitest";

// The API files share one module graph per worker (vitest.config.ts, isolate: false): a file that
// faked the clock or stubbed a global must not hand that to the next file, even when it failed
// before its own clean-up ran.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
