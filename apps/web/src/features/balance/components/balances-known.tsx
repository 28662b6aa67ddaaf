import { useSuspenseQuery } from "@tanstack/react-query";
import { payingBalancesQuery } from "../api/balance.ts";

/**
 * Suspends its pay panel's controls until the driver's balances at the location are known, as the
 * wallets do (decision 0356): the balance's checkbox then appears with the cards and the pay
 * button, never above them a moment later. The panel reads the same query for the choice itself.
 */
export function BalancesKnown({ locationUuid }: { locationUuid: string }) {
  useSuspenseQuery(payingBalancesQuery(locationUuid));
  return null;
}
