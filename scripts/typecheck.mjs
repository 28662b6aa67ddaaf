// `npm run typecheck`: every TypeScript project checked by `tsc`, in two lanes side by side (the
// API and the SPA are each ~25 s of one core; CI has two). Each project's output is printed once
// its lane ends, in a fixed order; the exit code is the first failure's.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
const lanes = [
  ["packages/contracts", "packages/i18n", "apps/api"],
  ["apps/web", "e2e"],
];

/** Runs `tsc -p project`, answering its exit code and output. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ project, code: code ?? 1, output }));
  });
}

async function lane(projects) {
  const results = [];
  for (const project of projects) results.push(await check(project));
  return results;
}

const results = (await Promise.all(lanes.map(lane))).flat();
for (const { project, code, output } of results) {
  process.stdout.write(`tsc -p ${project}: ${code === 0 ? "ok" : "failed"}\n${output}`);
}
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
