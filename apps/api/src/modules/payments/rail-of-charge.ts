import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import { sql } from "kysely";
import { BALANCE_GATEWAY } from "./ledger/balance.ts";

/**
 * A charge's rail (docs/decisions/0323) as one SQL expression, so the console's list, its filter,
 * its revenue and the data export read it the same way: a reference's rail, else the balance's
 * gateway, else the paying method's wallet, else a card. The caller joins `payment_methods` and
 * `payment_references` to the charge under the names it passes.
 */
export const railOfChargeSql = (tables: { charge: string; method: string; reference: string }) => {
  const column = (table: string, name: string) => sql.ref(`${table}.${name}`);
  return sql<PaymentRail>`case when ${column(tables.reference, "rail")} is not null then ${column(tables.reference, "rail")} when ${column(tables.charge, "gateway")} = ${BALANCE_GATEWAY} then 'balance' when ${column(tables.method, "wallet")} is not null then ${column(tables.method, "wallet")} else 'card' end`;
};
