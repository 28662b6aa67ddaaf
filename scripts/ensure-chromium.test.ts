import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumStep, DEBIAN_CHROMIUM, INSTALL_COMMAND } from "./ensure-chromium.mjs";

const script = path.join(import.meta.dirname, "ensure-chromium.mjs");
const onlyExisting =
  (...present: string[]) =>
  (candidate: string) =>
    present.includes(candidate);

describe("ensure-chromium (the first step of npm test)", () => {
  it("goes on when Debian's chromium or the configured browser is there", () => {
    const machine = { isRoot: false, hasAptGet: false };
    expect(chromiumStep({ ...machine, configuredPath: undefined, exists: onlyExisting(DEBIAN_CHROMIUM) })).toEqual({
      step: "go",
    });
    expect(
      chromiumStep({
        ...machine,
        configuredPath: "/opt/chromium/chrome",
        exists: onlyExisting("/opt/chromium/chrome"),
      }),
    ).toEqual({ step: "go" });
  });

  it("installs Debian's package when it is missing and the run is root with apt-get", () => {
    expect(chromiumStep({ configuredPath: undefined, exists: onlyExisting(), isRoot: true, hasAptGet: true })).toEqual({
      step: "install",
    });
  });

  it("otherwise stops at once with the one command to run", () => {
    for (const machine of [
      { isRoot: false, hasAptGet: true },
      { isRoot: true, hasAptGet: false },
    ]) {
      const decision = chromiumStep({ ...machine, configuredPath: undefined, exists: onlyExisting() });
      expect(decision).toEqual({ step: "stop", reason: expect.stringContaining(INSTALL_COMMAND) });
    }
  });

  it("never installs over a CHROMIUM_PATH that points nowhere: it says so", () => {
    const decision = chromiumStep({
      configuredPath: "/nowhere/chromium",
      exists: onlyExisting(DEBIAN_CHROMIUM),
      isRoot: true,
      hasAptGet: true,
    });
    expect(decision).toEqual({ step: "stop", reason: expect.stringContaining("CHROMIUM_PATH is /nowhere/chromium") });
  });

  it("as a command: exits 1 with the message before anything else runs", () => {
    const run = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: "/nowhere/chromium" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(INSTALL_COMMAND);
  });
});
