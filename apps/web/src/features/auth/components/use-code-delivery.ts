import type { CodeDeliveryAnswer } from "@estaciona/contracts/schemas/auth";
import { useEffect, useState } from "react";
import { fetchCodeDelivery } from "../api/code-delivery.ts";

/** How often, and how long after a send, the app asks whether the code arrived (docs/decisions/0244). */
const POLL_MS = 4000;
const POLL_FOR_MS = 3 * 60_000;

/**
 * The delivery of the code last sent to `phone`: asked again every few seconds until the provider has
 * said `delivered` or `undelivered`, or the code is too old to wait for; restarts with every send.
 */
export function useCodeDelivery(phone: string, restartKey: number): CodeDeliveryAnswer | null {
  const [answer, setAnswer] = useState<CodeDeliveryAnswer | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey is the trigger; each send is followed anew.
  useEffect(() => {
    setAnswer(null);
    const startedAt = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const next = await fetchCodeDelivery(phone);
      if (stopped) return;
      if (next) setAnswer(next);
      const settled = next?.state === "delivered" || next?.state === "undelivered";
      if (!settled && Date.now() - startedAt < POLL_FOR_MS) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phone, restartKey]);
  return answer;
}
