// Runs first in `npm test`, before any suite: the browser journeys use Debian's Chromium
// (CHROMIUM_PATH, else /usr/bin/chromium; never a downloaded browser). When it is missing, it is
// installed where that is possible (root with apt-get); otherwise the run stops at once with the
// one command to run, instead of failing after the unit suites have taken their minutes.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const INSTALL_COMMAND = "sudo apt-get update && sudo apt-get install -y chromium fonts-liberation";

/**
 * What to do, from what the machine has: `go` when the browser is there, `install` when Debian's
 * package can be installed here, `stop` with the reason otherwise.
 * @param {{ configuredPath: string | undefined, exists: (path: string) => boolean, isRoot: boolean, hasAptGet: boolean }} machine
 * @returns {{ step: "go" } | { step: "install" } | { step: "stop", reason: string }}
 */
export function chromiumStep({ configuredPath, exists, isRoot, hasAptGet }) {
  if (configuredPath) {
    if (exists(configuredPath)) return { step: "go" };
    return {
      step: "stop",
      reason: `CHROMIUM_PATH is ${configuredPath}, which does not exist. Point it at a Chromium binary, or unset it and run:\n\n  ${INSTALL_COMMAND}`,
    };
  }
  if (exists(DEBIAN_CHROMIUM)) return { step: "go" };
  if (isRoot && hasAptGet) return { step: "install" };
  return {
    step: "stop",
    reason: `The browser journeys need Debian's Chromium at ${DEBIAN_CHROMIUM}. Install it, then run npm test again:\n\n  ${INSTALL_COMMAND}`,
  };
}

function installDebianChromium() {
  console.info("Debian's chromium is missing: installing chromium and fonts-liberation with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) return false;
  }
  return existsSync(DEBIAN_CHROMIUM);
}

function main() {
  const decision = chromiumStep({
    configuredPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: existsSync("/usr/bin/apt-get"),
  });
  if (decision.step === "go") return;
  if (decision.step === "install") {
    if (installDebianChromium()) return;
    console.error(`Installing Debian's chromium failed. Run this, then npm test again:\n\n  ${INSTALL_COMMAND}`);
    process.exit(1);
  }
  console.error(decision.reason);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
