import { afterEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, mayReloadForMissingChunk, reloadForMissingChunk } from "./chunk-reload.ts";

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("a chunk missing after a deploy", () => {
  it("is told apart from a screen's own fault, in every engine's words", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: /assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads once, and not again within a minute (no loop when the chunk stays missing)", () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const now = 1_800_000_000_000;
    expect(mayReloadForMissingChunk(now)).toBe(true);
    expect(reloadForMissingChunk(now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReloadForMissingChunk(now + 5_000)).toBe(false);
    // A later deploy in the same tab may reload again.
    expect(mayReloadForMissingChunk(now + 61_000)).toBe(true);
  });
});
