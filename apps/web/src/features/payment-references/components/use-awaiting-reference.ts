import { useQuery } from "@tanstack/react-query";
import { paymentReferenceQuery } from "../api/references.ts";

/**
 * Whether a product's charge is a reference still waiting for the driver's cash or transfer
 * (docs/decisions/0342): `awaiting` while it can be paid, `checking` until the read answers, `none`
 * when nothing waits, the charge is a card's 3-D Secure one (the read answers not found) or the
 * reference expired. A page hides its card actions unless `none`: paying a held place twice is what
 * they would offer. The read is the reference screen's own (same key), so it costs no request.
 */
export function useAwaitingReference(
  payments: readonly { uuid: string; status: string }[],
): "awaiting" | "checking" | "none" {
  const waiting = payments.find((payment) => payment.status === "requires_action")?.uuid;
  const reference = useQuery({ ...paymentReferenceQuery(waiting ?? ""), enabled: waiting !== undefined });
  if (!waiting || reference.isError) return "none";
  if (reference.isPending) return "checking";
  return reference.data.status === "awaiting" ? "awaiting" : "none";
}
