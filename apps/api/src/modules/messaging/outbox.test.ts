import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const sourceRoot = path.resolve(import.meta.dirname, "../..");
const messagingDir = path.resolve(import.meta.dirname);

/** Every TypeScript source of the API outside the messaging module (tests excluded). */
function sourcesOutsideMessaging(dir: string = sourceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === messagingDir ? [] : sourcesOutsideMessaging(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("messages reach a provider only through sendOnce", () => {
  it("no module calls an SMS or e-mail provider's send itself", () => {
    const files = sourcesOutsideMessaging();
    expect(files.length).toBeGreaterThan(50);
    const bypasses = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, at: `${path.relative(sourceRoot, file)}:${index + 1}` }))
        .filter(({ line }) => /\b(email|sms)\s*\.\s*send\s*\(/.test(line))
        .map(({ at }) => at),
    );
    expect(bypasses).toEqual([]);
  });
});
