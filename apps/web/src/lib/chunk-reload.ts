/**
 * After a deploy, a tab that was opened before it still asks for the old build's lazy chunks,
 * which are gone: the dynamic import fails. Reloading fetches the new build. A chunk that still
 * fails right after a reload (offline, a broken deploy) must not reload forever, so the time of
 * the last reload is kept in sessionStorage and a second failure within RELOAD_WINDOW_MS shows
 * the error screen instead.
 */
const RELOAD_KEY = "estaciona.chunk-reload-at";
const RELOAD_WINDOW_MS = 60_000;

/**
 * How each engine words a failed dynamic import (Chromium, Firefox, Safari) and Vite's own
 * failure to preload a chunk's stylesheet or dependencies.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

function lastReloadAt(): number | null {
  try {
    const stored = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** True when no reload for a missing chunk happened in this tab within the last minute. */
export function mayReloadForMissingChunk(now: number = Date.now()): boolean {
  const last = lastReloadAt();
  return last === null || now - last > RELOAD_WINDOW_MS;
}

/** Remembers the reload, then reloads. Without storage there is no loop guard, so no reload. */
export function reloadForMissingChunk(now: number = Date.now()): boolean {
  try {
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
