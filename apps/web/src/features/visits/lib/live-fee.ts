import { type FeeRates, stayQuote, type Tariff } from "@estaciona/contracts";
import { breakdownBody, type FeeBreakdownBody } from "@estaciona/contracts/schemas/parking";

/** The shared fee engine's breakdown at `at`, in the wire's shape: exactly what paying at `at` charges. */
export const breakdownAt = (
  tariff: Tariff,
  rates: FeeRates,
  enteredAt: string,
  at: number,
  currency: FeeBreakdownBody["currency"],
): FeeBreakdownBody => breakdownBody(stayQuote(tariff, rates, enteredAt, at), currency);
