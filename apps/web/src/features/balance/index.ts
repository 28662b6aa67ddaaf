/** The balance feature's public entry (docs/decisions/0210): the home's balance and the pay-with choice. */
export { balancesQuery, payingBalancesQuery, refreshBalances } from "./api/balance.ts";
export { BalanceCard } from "./components/balance-card.tsx";
export { BalancesKnown } from "./components/balances-known.tsx";
