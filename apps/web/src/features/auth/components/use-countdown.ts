import { useEffect, useState } from "react";

/** Seconds left of a countdown that restarts from `seconds` whenever `restartKey` changes. */
export function useCountdown(seconds: number, restartKey: number): number {
  const [remaining, setRemaining] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey is the trigger; each registration restarts the countdown (docs/product/entities-and-states.md).
  useEffect(() => {
    setRemaining(seconds);
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return remaining;
}
