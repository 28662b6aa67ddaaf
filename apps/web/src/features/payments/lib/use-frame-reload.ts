import { CARD_RELOAD_DELAY_MS } from "@estaciona/contracts";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * docs/product/calls-and-errors.md: after a failed save the card frame is cleared and reloaded CARD_RELOAD_DELAY_MS later.
 * Each reload is a new provider session (`session`, a key for the frame and its checkout request):
 * a provider token is single-use, so the driver starts again in a fresh form.
 */
export function useFrameReload() {
  const [session, setSession] = useState(0);
  const [frameCleared, setFrameCleared] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const clearAndReload = useCallback(() => {
    setFrameCleared(true);
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => {
      setFrameCleared(false);
      setSession((current) => current + 1);
    }, CARD_RELOAD_DELAY_MS);
  }, []);

  return { session, frameCleared, clearAndReload };
}
