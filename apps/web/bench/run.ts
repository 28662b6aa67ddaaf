/**
 * `npm run bench:web`: what the first visit to `/` costs.
 *
 * 1. Builds the SPA into a private folder (apps/web/bench/dist), so a bench never replaces the
 *    build another process is serving, and records each chunk's modules.
 * 2. Starts the real server on a free loopback port with a throw-away SQLite database.
 * 3. Loads `/` in Debian's Chromium and sums the gzip size of every script and stylesheet the
 *    browser fetched (listing each file), then lists what the entry chunks are made of.
 * 4. Runs Lighthouse 12 (mobile, simulated throttling) against the same Chromium and prints
 *    the performance and accessibility scores.
 * 5. Times the signed-in screens a driver opens most (`/visitas`, `/parquimetros`) to usable
 *    (signed-in-screens.ts).
 *
 * `npm run bench:web -- --screens` runs step 5 alone, `-- --lighthouse=N` step 4 alone N times (each
 * run's load average, then the medians; `BENCH_WEB_LIGHTHOUSE_JSON=<file>` keeps the last report), and `BENCH_WEB_DIST=<folder>` serves a build made
 * earlier instead of building (step 1): so a before and an after can be timed turn about on a shared
 * machine (docs/operations.md).
 *
 * Targets (brief): ≤ 90 KB gzip of JavaScript for `/`, performance ≥ 95, accessibility 100.
 * A measurement, not a test: it always exits 0 unless something could not run. The test is
 * e2e/smoke.spec.ts, which fails when `/` outgrows its budget (docs/decisions/0095).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launch as launchChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { build } from "vite";
import { bundleReport, type ChunkReport, initialChunks, lazyScreenChunks, moduleGroup } from "./bundle-report.ts";
import { measureSignedInScreens } from "./signed-in-screens.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webRoot = path.resolve(import.meta.dirname, "..");
const repoRoot = path.resolve(webRoot, "../..");
const distDir = process.env.BENCH_WEB_DIST
  ? path.resolve(process.env.BENCH_WEB_DIST)
  : path.join(import.meta.dirname, "dist");
const screensOnly = process.argv.includes("--screens");
/** `--lighthouse=N`: Lighthouse alone, N runs in a row, each printed, then their medians. */
const lighthouseRuns = Number(
  /^--lighthouse=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith("--lighthouse=")) ?? "")?.[1] ?? 0,
);
/** `BENCH_WEB_LIGHTHOUSE_JSON=<file>`: the last run's whole report, for what keeps a score under 100. */
const lighthouseJson = process.env.BENCH_WEB_LIGHTHOUSE_JSON;
const TARGET_JS_KB = 90;

/** Bench output goes to stdout; the lint keeps console.log out of app code. */
const print = (text = "") => process.stdout.write(`${text}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function buildWithReport(): Promise<ChunkReport[]> {
  print("Building the SPA into apps/web/bench/dist …");
  let chunks: ChunkReport[] = [];
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: distDir, emptyOutDir: true },
    plugins: [bundleReport((report) => (chunks = report))],
  });
  return chunks;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      APP_SECRET: "bench-web-secret-bench-web-secret-0123",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error("The server did not answer /api/health within 60 s");
}

interface LoadedFile {
  url: string;
  kind: "script" | "stylesheet";
  bytes: number;
  gzipBytes: number;
}

/** What Chromium fetches for `/` until the network is idle: scripts and stylesheets. */
async function measureFirstLoad(url: string): Promise<LoadedFile[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files: Promise<LoadedFile | null>[] = [];
    page.on("response", (response) => {
      const kind = response.request().resourceType();
      if (kind !== "script" && kind !== "stylesheet") return;
      const fileKind: LoadedFile["kind"] = kind;
      files.push(
        response
          .body()
          .then((body) => ({
            url: new URL(response.url()).pathname,
            kind: fileKind,
            bytes: body.byteLength,
            gzipBytes: gzipSync(body).byteLength,
          }))
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    return (await Promise.all(files)).filter((file): file is LoadedFile => file !== null);
  } finally {
    await browser.close();
  }
}

function printFirstLoad(files: LoadedFile[]): number {
  print("\nFirst load of / (gzip, as fetched by Chromium):");
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes))
    print(`  ${file.kind.padEnd(10)} ${kb(file.gzipBytes).padStart(9)}  (${kb(file.bytes)} raw)  ${file.url}`);
  const js = files.filter((file) => file.kind === "script").reduce((sum, file) => sum + file.gzipBytes, 0);
  const css = files.filter((file) => file.kind === "stylesheet").reduce((sum, file) => sum + file.gzipBytes, 0);
  print(`  JavaScript ${kb(js)} gzip (target ≤ ${TARGET_JS_KB} KB), CSS ${kb(css)} gzip`);
  return js;
}

function printComposition(chunks: ChunkReport[]): void {
  print("\nWhat the entry and its static imports are made of (rendered bytes before minification):");
  for (const chunk of initialChunks(chunks)) {
    print(`  ${chunk.fileName}  ${kb(chunk.gzipBytes)} gzip`);
    const groups = new Map<string, number>();
    for (const share of chunk.modules) {
      const group = moduleGroup(share.id);
      groups.set(group, (groups.get(group) ?? 0) + share.renderedBytes);
    }
    for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12))
      print(`    ${kb(bytes).padStart(9)}  ${group}`);
  }
}

/**
 * The operator console is a lazy part (issue 15): its first screen (the frame and "today") costs
 * what its chunks add to `/`, and none of it may be in a driver's first download.
 */
function printConsoleFirstScreen(chunks: ChunkReport[]): number {
  const inFirstLoad = initialChunks(chunks).filter((chunk) =>
    chunk.modules.some((share) => share.id.includes("/features/operator/")),
  );
  const consoleChunks = lazyScreenChunks(chunks, [
    "features/operator/routes/console-layout.tsx",
    "features/operator/routes/today.tsx",
  ]);
  const gzip = consoleChunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  print("\nThe operator console's first screen (/operador: its frame and today), beyond what / loaded:");
  for (const chunk of [...consoleChunks].sort((a, b) => b.gzipBytes - a.gzipBytes))
    print(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.fileName}`);
  print(
    `  JavaScript ${kb(gzip)} gzip; console modules in the first load of /: ${inFirstLoad.length ? inFirstLoad.map((chunk) => chunk.fileName).join(", ") : "none"}`,
  );
  return gzip;
}

async function measureScreens(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await measureSignedInScreens(browser, new URL(url).origin);
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Simulated FCP, LCP, TBT (ms) and CLS. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await launchChrome({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      formFactor: "mobile",
    });
    if (!result) throw new Error("Lighthouse returned no result");
    if (lighthouseJson) writeFileSync(lighthouseJson, JSON.stringify(result.lhr, null, 1));
    const { categories, audits, runtimeError } = result.lhr;
    print("\nLighthouse 12, mobile (simulated throttling):");
    if (runtimeError) print(`  could not measure: ${runtimeError.code} — ${runtimeError.message}`);
    for (const id of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ])
      print(`  ${(audits[id]?.title ?? id).padEnd(26)} ${audits[id]?.displayValue ?? "n/a"}`);
    // Lantern's simulation counts every request started before the first paint; the paint the
    // browser really made (unthrottled) shows what a static first screen does (decision 0247).
    const observed = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
    if (observed)
      print(
        `  ${"Observed FCP / LCP".padEnd(26)} ${Math.round(observed.observedFirstContentfulPaint ?? 0)} ms / ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms (unthrottled)`,
      );
    const failing = Object.values(audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
    );
    for (const audit of failing) print(`  failing: ${audit.id} — ${audit.title}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: audits["first-contentful-paint"]?.numericValue ?? 0,
      lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
      tbt: audits["total-blocking-time"]?.numericValue ?? 0,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Lighthouse `runs` times in a row, with the load average before each (the machine is shared:
 * a figure means something only beside it), then the medians.
 */
async function repeatLighthouse(url: string, runs: number): Promise<void> {
  const figures: LighthouseFigures[] = [];
  for (let run = 1; run <= runs; run++) {
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
    print(`\nRun ${run}/${runs}, load average ${load}`);
    figures.push(await runLighthouse(url));
  }
  const pick = (key: keyof LighthouseFigures) => median(figures.map((figure) => figure[key]));
  print(
    `\nMedian of ${runs}: FCP ${Math.round(pick("fcp"))} ms · LCP ${Math.round(pick("lcp"))} ms · TBT ${Math.round(pick("tbt"))} ms · CLS ${pick("cls").toFixed(3)} · performance ${pick("performance")} · accessibility ${pick("accessibility")}`,
  );
  print(
    `  each: ${figures.map((figure) => `${Math.round(figure.fcp)}/${Math.round(figure.lcp)}/${figure.performance}`).join(", ")} (FCP/LCP/performance)`,
  );
}

async function main() {
  // A build made earlier has no chunk report: only the times are printed for it.
  const chunks = process.env.BENCH_WEB_DIST ? [] : await buildWithReport();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "estaciona-bench-web-"));
  const server = await startServer(port, dataDir);
  try {
    const url = `http://localhost:${port}/`;
    if (screensOnly) return await measureScreens(url);
    if (lighthouseRuns) return await repeatLighthouse(url, lighthouseRuns);
    const js = printFirstLoad(await measureFirstLoad(url));
    printComposition(chunks);
    const consoleKb = printConsoleFirstScreen(chunks);
    const scores = await runLighthouse(url);
    await measureScreens(url);
    print(
      `\nSummary: JS ${kb(js)} gzip for / (target ≤ ${TARGET_JS_KB} KB) · performance ${scores.performance} (target ≥ 95) · accessibility ${scores.accessibility} (target 100) · console first screen ${kb(consoleKb)} gzip`,
    );
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
