// The Dockerfile's runtime stage, reproduced without a container engine (issue 25 item 4; none runs
// on these machines): the build's dependencies pruned of dev tools exactly as the image's build stage
// does (`npm prune --omit=dev`), only package manifests, the API bundle and the SPA copied beside
// them, then each role started as the image starts it (NODE_ENV=production, plain node) and asked
// its HEALTHCHECK. Fails when the bundle needs a dev dependency, a role does not come up healthy or
// does not stop cleanly. Runs in CI (.ci/run) after `npm run build`. The roles run on the image's
// Node (the Dockerfile's `FROM node:N`), not the machine's: when they differ, that Node's official
// build is installed from the npm registry (`node-<platform>-<arch>`, headers included) and the
// native SQLite driver compiled for it, as the image's build stage compiles it (decision 0233).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const workspaces = ["apps/api", "apps/web", "packages/contracts", "packages/i18n"];
/**
 * Dev tools the image must not carry; finding one means the prune (or the lock) is wrong. Not
 * `typescript`: i18next declares it an optional peer, and npm keeps an installed optional peer.
 */
const devTools = ["vitest", "tsx", "@playwright/test", "@biomejs/biome", "vite", "esbuild", "@vitejs/plugin-react"];

const stage = mkdtempSync(path.join(tmpdir(), "estaciona-runtime-"));
const imageNodeMajor = readFileSync(path.join(root, "Dockerfile"), "utf8").match(/^FROM node:(\d+)/m)?.[1];
const running = [];
const fail = (message) => {
  for (const child of running) child.kill("SIGKILL");
  console.error(`runtime stage: ${message}`);
  process.exit(1);
};

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function copyStage() {
  for (const dist of ["apps/api/dist", "apps/web/dist"])
    if (!existsSync(path.join(root, dist))) fail(`${dist} is missing: run \`npm run build\` first`);
  for (const file of ["package.json", "package-lock.json", ".npmrc"])
    if (existsSync(path.join(root, file))) cpSync(path.join(root, file), path.join(stage, file));
  for (const workspace of workspaces) {
    mkdirSync(path.join(stage, workspace), { recursive: true });
    cpSync(path.join(root, workspace, "package.json"), path.join(stage, workspace, "package.json"));
  }
  cpSync(path.join(root, "apps/api/dist"), path.join(stage, "apps/api/dist"), { recursive: true });
  cpSync(path.join(root, "apps/web/dist"), path.join(stage, "apps/web/dist"), { recursive: true });
  // Hard links: the build's install as it is (native modules already compiled), at no copying cost;
  // the prune unlinks what it removes here and leaves the checkout's own node_modules untouched.
  execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(stage, "node_modules")]);
  // A workspace's own node_modules holds the versions npm could not hoist (the image copies it too).
  if (existsSync(path.join(root, "apps/api/node_modules")))
    execFileSync("cp", ["-al", path.join(root, "apps/api/node_modules"), path.join(stage, "apps/api/node_modules")]);
  execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: stage, stdio: "ignore" });
  const carried = devTools.filter((name) => existsSync(path.join(stage, "node_modules", name)));
  if (carried.length > 0) fail(`dev tools left in the runtime stage: ${carried.join(", ")}`);
}

/**
 * The image's Node: this one when its major matches, else that major's build from the npm
 * registry, with the native SQLite driver in the stage compiled for it by npm's own node-gyp.
 */
function imageNode() {
  if (!imageNodeMajor) fail("the Dockerfile names no node:N base image");
  if (process.versions.node.split(".")[0] === imageNodeMajor) return process.execPath;
  const home = path.join(stage, "image-node");
  const build = `node-${process.platform}-${process.arch}@${imageNodeMajor}`;
  execFileSync("npm", ["install", "--prefix", home, "--no-audit", "--no-fund", "--no-save", build], {
    stdio: "ignore",
  });
  const nodeDir = path.join(home, "node_modules", `node-${process.platform}-${process.arch}`);
  const node = path.join(nodeDir, "bin", "node");
  const driver = path.join(stage, "node_modules", "better-sqlite3");
  // A copy of its own: the stage's tree is hard-linked to the checkout's, which keeps its build.
  rmSync(driver, { recursive: true, force: true });
  cpSync(path.join(root, "node_modules", "better-sqlite3"), driver, { recursive: true });
  const npmRoot = execFileSync("npm", ["root", "-g"], { encoding: "utf8" }).trim();
  const nodeGyp = path.join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  try {
    execFileSync(node, [nodeGyp, "rebuild", "--release", `--nodedir=${nodeDir}`], {
      cwd: driver,
      stdio: "pipe",
      // Without npm's own variables: run under `npm run`, its npm_config_* (the running Node's
      // target and headers) would win over --nodedir and build for the machine's Node again.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
        PATH: `${path.dirname(node)}:${process.env.PATH}`,
      },
    });
  } catch (error) {
    fail(`the SQLite driver did not compile for Node ${imageNodeMajor}:\n${error.stderr ?? error.message}`);
  }
  return node;
}

/** The image's environment: production, real-provider settings that are never called here. */
const productionEnv = (extra) => ({
  PATH: process.env.PATH,
  NODE_ENV: "production",
  DATA_DIR: path.join(stage, "data"),
  LOG_LEVEL: "warn",
  APP_SECRET: randomBytes(32).toString("base64url"),
  PUBLIC_URL: "https://estaciona.example.com",
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
  TWILIO_AUTH_TOKEN: "runtime-stage-never-called",
  TWILIO_FROM: "+15005550006",
  SMTP_URL: "smtp://127.0.0.1:2525",
  EMAIL_FROM: "Estaciona <no-reply@estaciona.example.com>",
  CONEKTA_PRIVATE_KEY: "key_runtime_stage_never_called",
  CONEKTA_PUBLIC_KEY: "key_runtime_stage_public",
  FACTURAPI_KEY: "sk_live_runtime_stage_never_called",
  MIGRATE_AT_START: "false",
  ...extra,
});

function start(role, env) {
  const child = spawn(node, ["--enable-source-maps", "apps/api/dist/server.mjs"], {
    cwd: stage,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  running.push(child);
  return Object.assign(child, { role, output: () => output });
}

async function healthy(child, env) {
  // Two minutes: this stage runs beside the whole test suite, and on a loaded machine the bundle's
  // start and each probe's own node process took past the 30 s first allowed (no output: not broken).
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`${child.role} exited ${child.exitCode}:\n${child.output()}`);
    try {
      execFileSync(node, ["apps/api/dist/healthcheck.mjs"], { cwd: stage, env, stdio: "pipe" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fail(`${child.role} never answered its health check:\n${child.output()}`);
}

const stopped = (child) =>
  new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
    child.kill("SIGTERM");
  });

const started = Date.now();
copyStage();
const node = imageNode();
const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
const [apiPort, apiMetrics, workerMetrics] = await Promise.all([freePort(), freePort(), freePort()]);
const shared = productionEnv({});
try {
  execFileSync(node, ["apps/api/dist/migrate.mjs"], { cwd: stage, env: shared, stdio: "pipe" });
} catch (error) {
  fail(`migrate failed:\n${error.stderr ?? error.message}`);
}
const apiEnv = { ...shared, PROCESS_ROLE: "api", PORT: String(apiPort), METRICS_PORT: String(apiMetrics) };
const workerEnv = { ...shared, PROCESS_ROLE: "worker", METRICS_PORT: String(workerMetrics) };
const api = start("api", apiEnv);
const worker = start("worker", workerEnv);
await healthy(api, apiEnv);
await healthy(worker, workerEnv);
const page = await fetch(`http://127.0.0.1:${apiPort}/`, { headers: { host: "localhost" } });
if (page.status !== 200 || !(await page.text()).includes('<div id="root"'))
  fail(`the API did not serve the SPA: ${page.status}`);
for (const child of [api, worker]) {
  const exit = await stopped(child);
  if (exit !== 0) fail(`${child.role} did not stop cleanly (${exit}):\n${child.output()}`);
}
rmSync(stage, { recursive: true, force: true });
console.info(
  `runtime stage: api and worker healthy on Node ${version}, the pruned install (${Math.round((Date.now() - started) / 1000)} s)`,
);
