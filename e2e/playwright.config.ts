import { defineConfig, devices } from "@playwright/test";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../apps/api/src/lib/vapid.ts";

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) at a phone-sized viewport,
 * against the real server: built SPA + API on one port, a fresh SQLite database per run, sandbox
 * providers. Hosts like isisa.localhost resolve to loopback in Chromium.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8099);
/**
 * The street map's server (e2e/tile-server.ts), started only by the journeys of the map's online
 * path: the rest find nothing there, so the map falls back to our offline style as with no internet.
 */
export const E2E_TILES_PORT = Number(process.env.E2E_TILES_PORT ?? E2E_PORT + 1000);
/** Relative to the repository root. Helpers running suites side by side on other ports pass their own. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "e2e/.data";
/** The server's APP_SECRET: journeys that need a place sign's signature compute it as the server does (decision 0287). */
export const E2E_APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e!!";
/** Set by scripts/e2e.mjs when the journeys run as shards side by side: each writes its own report. */
const REPORT = process.env.E2E_SHARD ? `e2e-shard-${process.env.E2E_SHARD}` : "e2e";

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A new driver's journey (wizard, card, purchase, axe on each screen) runs 40-70 s on a busy
  // 2-core machine; a console journey walked at two widths sets its own, longer budget.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: `../test-results/${REPORT}.json` }]],
  outputDir: `../test-results/${REPORT}`,
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "es-MX",
    // The service worker is the offline journey's own (e2e/offline.spec.ts allows it): every other
    // journey sees the network as it was, its routes mocked where it mocks them.
    serviceWorkers: "block",
    // Recording a trace for every test cost ~30 % of a journey's CPU (0328): on CI, where a failed
    // journey runs once more, only that retry records one; locally every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `sh -c 'rm -rf ${E2E_DATA_DIR} && exec node --import tsx apps/api/src/server.ts'`,
    cwd: "..",
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      MAP_STYLE_URL: `http://tiles.localhost:${E2E_TILES_PORT}/style.json`,
      NODE_ENV: "test",
      APP_SECRET: E2E_APP_SECRET,
      // Every journey signs in from 127.0.0.1; the real per-IP caps are proven in the API suite.
      SIGN_IN_IP_MAX_PER_HOUR: "100000",
      API_IP_MAX_PER_MINUTE: "100000",
      CARD_ADD_MAX_PER_USER_PER_DAY: "1000",
      CARD_ADD_MAX_PER_IP_PER_HOUR: "100000",
      // The push journey's stand-in push service on loopback (e2e/push.spec.ts): its host allowed
      // beside the browsers' own, its test-only certificate trusted by the server's HTTPS client.
      PUSH_SERVICE_HOSTS: `${DEFAULT_PUSH_SERVICE_HOSTS},127.0.0.1`,
      NODE_EXTRA_CA_CERTS: "apps/api/test/support/fixtures/push-service.cert.pem",
    },
  },
});
