import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { rememberReturnPath } from "../../payments/index.ts";
import { buyPass, refreshPasses } from "../api/subscriptions.ts";
import { failureText } from "./failure-text.ts";

export type PassPurchaseOutcome =
  | { kind: "ready" }
  | { kind: "paying" }
  | { kind: "failed"; message: string }
  | { kind: "three_ds" }
  /** Paid later by reference (docs/decisions/0321): the checkout shows the reference to pay. */
  | { kind: "reference"; paymentUuid: string; passPath: string };

/**
 * Buying a pass with one Idempotency-Key per attempt: a retry after no answer reuses it, so nothing
 * is bought twice. Bought: the pass's page; a bank's check (3-D Secure) comes back there; bought by
 * reference: the reference to pay, shown where the driver is.
 */
export function usePassPurchase() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PassPurchaseOutcome>({ kind: "ready" });
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const buy = async (body: Parameters<typeof buyPass>[0]) => {
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    setOutcome({ kind: "paying" });
    try {
      const answer = await buyPass(body, attempt.current.key);
      attempt.current = null;
      void refreshPasses(queryClient);
      const passPath = pathTo("subscription", { uuid: answer.subscription.uuid });
      // A reference answers `requires_action` too: its screen shows here, not at the gateway.
      if (body.reference_rail && answer.payment) {
        setOutcome({ kind: "reference", paymentUuid: answer.payment.uuid, passPath });
        return;
      }
      if (answer.payment?.status === "requires_action" && answer.payment.redirect_url) {
        setOutcome({ kind: "three_ds" });
        rememberReturnPath(passPath);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      navigate(passPath, { replace: true, state: { bought: true } });
    } catch (error) {
      if (!(error instanceof ApiError) || !(error.status === 0 || error.status >= 500)) attempt.current = null;
      setOutcome({ kind: "failed", message: failureText(error) });
      void refreshPasses(queryClient);
    }
  };

  return { outcome, buy };
}
