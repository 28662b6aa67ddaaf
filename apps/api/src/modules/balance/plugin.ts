import { apiModule } from "../../plugins/module.ts";
import "./payable.ts";
import "./reference-paid.ts";
import { balanceRoutes } from "./routes.ts";

/**
 * The prepaid balance (saldo; docs/decisions/0210–0213): balances per driver, organisation and
 * currency, topped up by card through the ledger (`balance_top_up`), spent by any pay call that
 * names `"balance"`, paid out to the cards on request. Needs the ledger (payments) and parking's
 * locations.
 */
export const balanceModule = apiModule(
  "balance",
  { decorators: ["db", "config", "providers"], modules: ["payments", "parking"] },
  async (app) => {
    await app.register(balanceRoutes);
  },
);
