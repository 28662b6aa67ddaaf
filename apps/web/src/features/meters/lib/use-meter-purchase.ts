import type { MeterSession } from "@estaciona/contracts/schemas/meters";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { refreshBalances } from "../../balance/index.ts";
import { rememberReturnPath } from "../../payments/index.ts";
import { buyMeterTime, refreshMeterSessions } from "../api/meters.ts";

export type MeterPurchaseOutcome =
  | { kind: "ready" }
  | { kind: "paying" }
  | { kind: "paid"; session: MeterSession; at: number }
  | { kind: "failed"; message: string }
  | { kind: "three_ds" };

/**
 * Paying for meter time with an Idempotency-Key, and where that stands. A bank's check (3-D Secure)
 * leaves for the bank's page and comes back to `returnPath`.
 */
export function useMeterPurchase() {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<MeterPurchaseOutcome>({ kind: "ready" });
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const buy = async (
    target: Parameters<typeof buyMeterTime>[0],
    body: Parameters<typeof buyMeterTime>[1],
    returnPath: string,
  ) => {
    const signature = JSON.stringify([target, body]);
    // One key per attempt: a retry of the same purchase after no answer sends it again.
    if (attempt.current?.body !== signature) attempt.current = { key: crypto.randomUUID(), body: signature };
    setOutcome({ kind: "paying" });
    try {
      const answer = await buyMeterTime(target, body, attempt.current.key);
      attempt.current = null;
      void refreshMeterSessions(queryClient);
      void refreshBalances(queryClient);
      if (answer.payment.status === "requires_action" && answer.payment.redirect_url) {
        setOutcome({ kind: "three_ds" });
        rememberReturnPath(returnPath);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      setOutcome({ kind: "paid", session: answer.session, at: Date.now() });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // No answer or a server error: the charge may exist, keep the key for the retry.
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setOutcome({ kind: "failed", message: error.description ?? errorMessage(error.code, null) });
    }
  };

  return { outcome, buy };
}
