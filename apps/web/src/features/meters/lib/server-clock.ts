import { useEffect, useState } from "react";

/** The price and the limits follow the clock: recomputed this often (the zone may close meanwhile). */
const CLOCK_TICK_MS = 15_000;

/** Now on the server's clock, ticking. */
export function useServerNow(serverTime: string, fetchedAt: number): number {
  const skew = Date.parse(serverTime) - fetchedAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now + skew;
}
